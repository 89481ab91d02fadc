import t, { type Test } from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { cachedAccessToken, fcmNotifier } from '../../../../server/integrations/notify/fcm-notifier.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { fcmError, startFakeFcm, type FakeFcm } from '../../../helpers/fake-fcm.ts'

const BASE = 'https://khaneh.example'
const TOKEN = 'fcm-registration-token-of-a-phone'

async function setUp(t: Test) {
  const fake: FakeFcm = await startFakeFcm()
  t.teardown(() => fake.close())
  let issued = 0
  const sender = fcmNotifier({
    apiBase: fake.url,
    projectId: 'khaneh-test',
    accessToken: async () => ({ access_token: `ya29.token-${++issued}`, expires_in: 3600 }),
    publicBaseUrl: BASE,
    timeoutMs: 2_000,
  })
  const { app, db } = await buildTestApi(t, { notificationSenders: [sender], outboxPollMs: null })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', de: 'Berlin' })
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 8000)
  const renter = await telegramSession(app, 8001)
  await db.query(`UPDATE users SET language = 'de' WHERE id = $1`, [renter.user.id])
  t.equal(
    (await call('POST', '/alerts', renter.token, { name: 'Berlin', filters: { city: 'berlin' }, channels: ['push'] }))
      .statusCode,
    201,
  )
  t.equal((await call('POST', '/alerts/push-subscriptions', renter.token, { fcm_token: TOKEN })).statusCode, 200)
  async function approve(rent: number) {
    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
      rent,
      contact: '+49 170 5554321',
    })
    t.equal(
      (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
      200,
    )
    return listing
  }
  return { app, db, fake, approve, issued: () => issued }
}

const lastError = async (db: Db) =>
  (
    await db.query<{ last_error: string | null }>(`SELECT last_error FROM notification_outbox ORDER BY id DESC LIMIT 1`)
  )[0]!.last_error
const tokens = async (db: Db) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions WHERE kind = 'fcm'`))[0]!.n

t.test(
  'approval → outbox → worker → one FCM v1 messages:send with the alert notification, never the contact',
  async (t) => {
    const { app, fake, approve } = await setUp(t)
    const listing = await approve(900)
    t.same(await app.alertOutbox.runOnce(), { sent: 1, retried: 0, parked: 0 })
    t.equal(fake.requests.length, 1)
    const [request] = fake.requests
    t.equal(request!.path, '/v1/projects/khaneh-test/messages:send')
    t.equal(request!.authorization, 'Bearer ya29.token-1')
    t.same(request!.body, {
      message: {
        token: TOKEN,
        notification: { title: 'Berlin', body: '900\u00a0€ · Berlin' },
        data: { listing_id: String(listing.id), url: `/de/listing/${listing.slug}` },
        webpush: {
          headers: { TTL: '86400', Urgency: 'high' },
          notification: {
            icon: `${BASE}/logo.svg`,
            badge: `${BASE}/logo.svg`,
            tag: `listing-${listing.id}`,
            requireInteraction: true,
            silent: false,
          },
          fcm_options: { link: `${BASE}/de/listing/${listing.slug}` },
        },
        android: { ttl: '86400s', priority: 'high', notification: { tag: `listing-${listing.id}` } },
      },
    })
    t.notMatch(JSON.stringify(request!.body), /5554321/)
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 0, parked: 0 })
  },
)

t.test(
  'UNREGISTERED deletes the token; 429, 5xx and an expired access token are retried; INVALID_ARGUMENT parks',
  async (t) => {
    const { app, db, fake, approve, issued } = await setUp(t)
    await approve(900)
    const due = () => db.query(`UPDATE notification_outbox SET next_attempt_at = now()`)

    fake.answer = fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED', 'Quota exceeded')
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 1, parked: 0 })
    t.equal(await lastError(db), 'fcm 429 QUOTA_EXCEEDED: Quota exceeded')
    await due()
    fake.answer = fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE', 'The service is currently unavailable')
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 1, parked: 0 })
    await due()
    fake.answer = { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED', message: 'expired' } } }
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 1, parked: 0 })
    t.equal(issued(), 1)
    await due()
    fake.answer = { status: 200, body: null }
    t.same(await app.alertOutbox.runOnce(), { sent: 1, retried: 0, parked: 0 })
    t.equal(fake.requests.at(-1)!.authorization, 'Bearer ya29.token-2', 'a fresh access token after the 401')

    await approve(910)
    fake.answer = fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT', 'Invalid value at message.data')
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 0, parked: 1 })
    t.equal(await tokens(db), 1, 'a refused message keeps the token')

    await approve(920)
    fake.answer = fcmError(404, 'NOT_FOUND', 'UNREGISTERED', 'Requested entity was not found.')
    t.same(await app.alertOutbox.runOnce(), { sent: 0, retried: 0, parked: 1 })
    t.equal(await tokens(db), 0, 'the token is deleted')
  },
)

t.test('the access token is fetched once for concurrent sends and again only near expiry', async (t) => {
  let calls = 0
  const cache = cachedAccessToken(async () => {
    calls++
    await new Promise((r) => setTimeout(r, 20))
    return { access_token: `t${calls}`, expires_in: 3600 }
  })
  const got = await Promise.all(Array.from({ length: 10 }, () => cache.get()))
  t.same(new Set(got), new Set(['t1']))
  t.equal(calls, 1)
  cache.forget()
  t.equal(await cache.get(), 't2')
  const short = cachedAccessToken(async () => ({ access_token: `s${++calls}`, expires_in: 30 }))
  const first = await short.get()
  t.not(await short.get(), first, 'a token within a minute of expiry is not reused')
})

t.test('the senders are chosen from the configuration', async (t) => {
  const { loadConfig } = await import('../../../../server/config.ts')
  const { notificationSendersFor } = await import('../../../../server/main.ts')
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40) }
  const mailer = { send: async () => {} }
  const { newVapidKeys } = await import('../../../../server/integrations/notify/vapid-keys.ts')
  const vapid = newVapidKeys()
  t.same(
    (await notificationSendersFor(loadConfig(base), mailer, vapid)).map((s) => s.channel),
    ['email', 'web_push'],
    'e-mail and Web Push always',
  )
  const all = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: '1:abc', FIREBASE_PROJECT_ID: 'khaneh-test' })
  t.same(
    (await notificationSendersFor(all, mailer, vapid)).map((s) => s.channel),
    ['email', 'web_push', 'telegram', 'fcm'],
  )
})
