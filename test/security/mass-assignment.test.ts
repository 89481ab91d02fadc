import t from 'tap'
import { outboxMailer } from '../../server/integrations/mail/mailer.ts'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { outboxSmsSender } from '../../server/integrations/sms/sms-sender.ts'
import { buildTestApi, telegramSession, TEST_BOT_TOKEN } from '../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../helpers/factories.ts'
import { probeRoutes, recordRouteSchemas, registeredRoutes } from '../helpers/routes.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

// Every write route of the API given, beside a body it takes, the fields a user must never set on
// themselves or their objects: none of them changes.

const FAR = '2099-01-01T00:00:00.000Z'
/** Each field an attacker adds, with a value no route would ever set. */
const EXTRAS = {
  id: 424_242,
  user_id: 0,
  owner_id: 0,
  status: 'active',
  is_premium: true,
  premium: true,
  ai_credits: 999_999,
  credits: 999_999,
  role: 'admin',
  is_admin: true,
  admin: true,
  boost_until: FAR,
  premium_until: FAR,
  free_boosts: 7_777,
  email_verified: true,
  phone_verified: true,
  verified: true,
  telegram_id: 424_242,
  referral_code: 'MINE',
  amount_minor: 1,
  price: 1,
  created_at: '2000-01-01T00:00:00.000Z',
}
/** The protected keys a route's body declares on purpose. */
const DECLARED_ON_PURPOSE: Record<string, string[]> = {
  'PUT /api/v1/users/listings/:id/status': ['status'],
  'PUT /api/v1/admin/listings/:id/status': ['status'],
  'PUT /api/v1/admin/reports/:id': ['status'],
  'POST /api/v1/auth/telegram-login': ['id'],
  // the code of whoever referred the new account, not the account's own
  'POST /api/v1/auth/create-user': ['referral_code'],
}
/** Telegram's Login Widget fields are kept whole for its signature check: an added field breaks the signature. */
const KEEPS_UNKNOWN_KEYS = new Set(['POST /api/v1/auth/telegram-login'])

/** The keys of a zod object and of the objects nested in it, and whether any of them keeps keys it does not name. */
function walk(schema: unknown, path = ''): { keys: string[]; loose: string[] } {
  const def = (schema as { def?: Record<string, unknown> } | undefined)?.def
  if (!def) return { keys: [], loose: [] }
  const inner = (def.innerType ?? def.in ?? def.schema) as unknown
  if (def.type !== 'object') return inner ? walk(inner, path) : { keys: [], loose: [] }
  const shape = (schema as { shape: Record<string, unknown> }).shape
  const catchall = (def.catchall as { def?: { type?: string } } | undefined)?.def?.type
  const found = { keys: [] as string[], loose: catchall && catchall !== 'never' ? [path || '(body)'] : [] }
  for (const [key, field] of Object.entries(shape)) {
    found.keys.push(key)
    const nested = walk(field, `${path}${key}.`)
    found.loose.push(...nested.loose)
  }
  return found
}

t.test('mass assignment: extra fields on every write route change nothing they name', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, {
    mailer: outboxMailer(dataDir),
    sms: outboxSmsSender(dataDir),
    photos: diskPhotoStore(dataDir),
  })
  const schemas = recordRouteSchemas(app)
  // the places first: the API keeps the list of countries it knows once asked (probeRoutes asks)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const routes = registeredRoutes(app)
  await probeRoutes(app, routes)
  const writes = routes.filter((route) => !route.startsWith('GET '))

  await t.test('no write route’s body names a protected field or keeps keys it does not name', async (t) => {
    const protectedKeys = new Set(Object.keys(EXTRAS))
    for (const route of writes) {
      const { keys, loose } = walk(schemas.get(route)?.body)
      const allowed = DECLARED_ON_PURPOSE[route] ?? []
      t.same(
        keys.filter((key) => protectedKeys.has(key) && !allowed.includes(key)),
        [],
        `${route}: no protected field`,
      )
      if (!KEEPS_UNKNOWN_KEYS.has(route)) t.same(loose, [], `${route}: unknown keys are dropped`)
    }
  })

  const someoneElse = await makeUser(db)
  const user = await telegramSession(app, 9961, 'Attacker')
  const victimListing = await makeListing(db, { ownerId: someoneElse.id, cityId: berlin.id, countryCode: 'DE' })
  const own = await makeListing(db, { ownerId: user.user.id, cityId: berlin.id, countryCode: 'DE', contact: '@me' })
  const pending = await makeListing(db, {
    ownerId: user.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const alert = await app.inject({
    method: 'POST',
    url: '/api/v1/alerts',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { name: 'Berlin', filters: { city: 'berlin' }, channels: ['telegram'] },
  })
  const alertId = alert.json().data.id as number
  const listingBody = {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 900,
    description: 'A quiet two-room flat near the park, bright and furnished.',
    contact: '@me',
    photos: [],
  }
  /** A body each route takes as it is, where the route takes fields; the others get the extras alone. */
  const valid: Record<string, object> = {
    'POST /api/v1/listings': listingBody,
    'PUT /api/v1/listings/:id': listingBody,
    'PUT /api/v1/users/profile': { first_name: 'Attacker', language: 'en' },
    'POST /api/v1/alerts': { name: 'Cheap', filters: { city: 'berlin', max_price: 700 }, channels: ['telegram'] },
    'PUT /api/v1/alerts/:id': { name: 'Renamed' },
    'PUT /api/v1/ai/preferences': { budget_max: 900, cities: ['berlin'], must_haves: ['furnished'] },
    'POST /api/v1/ai/search': { query: 'Wohnung in Berlin bis 1000 €', language: 'de' },
    'POST /api/v1/ai/analyze-listing': { listing_id: victimListing.id, language: 'en' },
    'POST /api/v1/listings/:id/report': { reason: 'spam', details: 'The same flat twice.' },
    'PUT /api/v1/users/listings/:id/status': { status: 'rented' },
    'POST /api/v1/alerts/push-subscriptions': {
      endpoint: 'https://push.example.test/send/1',
      keys: { p256dh: 'BPk', auth: 'au' },
    },
    'POST /api/v1/users/verify-phone': { phone_number: '+4915100000042' },
    'POST /api/v1/contact-messages': { name: 'Sara', email: 'sara@example.com', subject: 'Hi', message: 'Hello there' },
    'POST /api/v1/subscription/purchase': { plan_key: 'quarterly' },
    'POST /api/v1/identity/sign-up': { email: 'attacker@example.com', password: 'secret-pass', language: 'en' },
    'POST /api/v1/auth/telegram-login': signTelegramLogin(
      { id: 9962, first_name: 'Fresh', auth_date: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    ),
  }
  /** The routes whose parameter names someone else's listing: a reader's acts on it. */
  const readersActs = /^\/api\/v1\/(listings\/:id\/(view|report|contact)|favorites\/:id)$/
  /** The user's own objects in each parameter (their published listing, their alert), or another's listing for a reader's act. */
  const url = (route: string) => {
    const path = route.split(' ')[1]!
    // an edit sends a published listing back to moderation: the edit is made on the pending one
    const listing = readersActs.test(path) ? victimListing : route === 'PUT /api/v1/listings/:id' ? pending : own
    return path.replace('/alerts/:id', `/alerts/${alertId}`).replace(/:id/g, String(listing.id)).replace(/:\w+/g, '1')
  }
  // what ends a session or the account goes last
  const last = ['DELETE /api/v1/listings/:id', 'POST /api/v1/auth/logout', 'DELETE /api/v1/users/account']
  const order = [...writes.filter((route) => !last.includes(route)), ...last]

  /** What the extras would change, where no route may. */
  const facts = async () => ({
    user: (
      await db.query(
        `SELECT id, role, premium_until, email_verified, phone_verified, telegram_id, referral_code, ai_credits, free_boosts
           FROM users WHERE id = $1`,
        [user.user.id],
      )
    )[0],
    admins: await db.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY id`),
    far: await db.query(
      `SELECT 'user' AS kind, id FROM users WHERE premium_until > now() + interval '50 years' OR ai_credits >= 999999 OR free_boosts >= 7777
       UNION ALL SELECT 'listing', id FROM listings WHERE boost_until > now() + interval '50 years' OR id = 424242 OR created_at < '2001-01-01'`,
    ),
    owners: await db.query(`SELECT id, owner_id FROM listings WHERE owner_id <> $1 ORDER BY id`, [user.user.id]),
    pending: (await db.query<{ status: string }>(`SELECT status FROM listings WHERE id = $1`, [pending.id]))[0]!.status,
    othersAlerts: await db.query(`SELECT id, user_id FROM alerts WHERE user_id <> $1 ORDER BY id`, [user.user.id]),
    payments: await db.query<{ user_id: number; amount_minor: number }>(
      `SELECT user_id, amount_minor FROM payments ORDER BY created_at, id`,
    ),
  })

  for (const route of order) {
    const method = route.split(' ')[0] as 'POST' | 'PUT' | 'DELETE'
    await t.test(`${route} with the extra fields → none of them set`, async (t) => {
      const before = await facts()
      const res = await app.inject({
        method,
        url: url(route),
        headers: {
          authorization: `Bearer ${user.token}`,
          'idempotency-key': `mass-assignment-${order.indexOf(route)}`,
        },
        payload: { ...EXTRAS, ...valid[route] },
      })
      t.ok(res.statusCode < 500, `answered ${res.statusCode}`, { body: res.body.slice(0, 300) })
      // a route takes its body with the extras dropped, or refuses keys it does not name
      const refusedKeys = res.statusCode === 400 && res.json().error.details?.[0]?.code === 'unrecognized_keys'
      if (valid[route] && route !== 'POST /api/v1/auth/telegram-login')
        t.ok(
          res.statusCode < 300 || refusedKeys,
          `the body it takes works, or the extras are refused (${res.statusCode})`,
          {
            body: res.body.slice(0, 300),
          },
        )
      const after = await facts()
      const [was, is] = [before.user as Record<string, unknown>, after.user as Record<string, unknown> | undefined]
      // deleting the account takes the user's own data away, as it should
      const deletesAccount = route === 'DELETE /api/v1/users/account'
      if (is && !deletesAccount) {
        for (const key of [
          'id',
          'role',
          'premium_until',
          'email_verified',
          'phone_verified',
          'telegram_id',
          'referral_code',
        ])
          t.same(is[key], was[key], `the user’s ${key} is as it was`)
        t.ok(Number(is.ai_credits) <= Number(was.ai_credits), 'no AI credits gained')
        t.ok(Number(is.free_boosts) <= Number(was.free_boosts), 'no free boosts gained')
      }
      t.same(after.admins, before.admins, 'no new admin')
      t.same(after.far, [], 'no premium, boost, credits, id or date from the extras')
      t.same(after.owners, before.owners, 'no one else’s listing changed hands')
      if (!deletesAccount) t.equal(after.pending, before.pending, 'the pending listing is still pending')
      t.same(after.othersAlerts, before.othersAlerts, 'no one else’s alert changed hands')
      t.same(
        after.payments.slice(before.payments.length).filter((p) => p.user_id !== user.user.id || p.amount_minor === 1),
        [],
        'a new payment is the user’s, at its price',
      )
    })
  }
})
