import t, { type Test } from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { OUTBOX_MAX_ATTEMPTS, outboxWorker } from '../../../../server/api/alerts/outbox.worker.ts'
import type { NotificationSender, SendResult } from '../../../../server/integrations/notify/notifier.ts'
import { telegramNotifier } from '../../../../server/integrations/notify/telegram-notifier.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { startFakeBotApi, type FakeBotApi } from '../../../helpers/fake-telegram-bot-api.ts'

const silent = { info() {}, warn() {}, error() {} }
const BASE = 'https://khaneh.example'

/** `renters` users with an instant Telegram alert on Berlin, and `listings` Berlin listings approved by a moderator. */
async function matched(t: Test, renters: number, listings: number) {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 6000)
  for (let i = 1; i <= renters; i++) {
    const renter = await telegramSession(app, 6000 + i)
    const res = await call('POST', '/alerts', renter.token, {
      name: `Berlin ${i}`,
      filters: { city: 'berlin' },
      channels: ['telegram'],
    })
    t.equal(res.statusCode, 201)
  }
  await db.query(`UPDATE users SET language = 'en' WHERE telegram_id = 6001`)
  const made: Array<{ id: number; slug: string }> = []
  for (let i = 0; i < listings; i++) {
    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
      rent: 750 + i,
      contact: '+49 170 5551234',
    })
    t.equal(
      (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
      200,
    )
    made.push(listing)
  }
  return { app, db, listings: made }
}

async function fakeBot(t: Test): Promise<FakeBotApi> {
  const fake = await startFakeBotApi()
  t.teardown(() => fake.close())
  return fake
}

const rows = (db: Db) =>
  db.query<{
    id: number
    attempts: number
    sent_at: Date | null
    parked_at: Date | null
    last_error: string | null
    next_attempt_at: Date
  }>(
    `SELECT id::int AS id, attempts, sent_at, parked_at, last_error, next_attempt_at FROM notification_outbox ORDER BY id`,
  )

t.test(
  'two workers at once send each outbox row exactly once (one sendMessage per match), never the contact',
  async (t) => {
    const { db, listings } = await matched(t, 6, 4)
    const fake = await fakeBot(t)
    fake.sendMessageDelayMs = 15
    const sender = telegramNotifier({ apiBase: fake.url, botToken: fake.token, publicBaseUrl: BASE })
    t.equal((await rows(db)).length, 24, '6 renters × 4 listings')

    const a = outboxWorker(db, [sender], { log: silent, batch: 3 })
    const b = outboxWorker(db, [sender], { log: silent, batch: 3 })
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()])
    t.equal(ra.sent + rb.sent, 24, 'all sent between them')
    t.equal(fake.calls.sendMessage, 24, 'exactly one sendMessage per match')
    const pairs = fake.messages.map((m) => `${m.chatId}:${/\/listing\/([^\s]+)/.exec(m.text)![1]}`)
    t.equal(new Set(pairs).size, 24, 'every (renter, listing) once')
    for (const m of fake.messages) t.notMatch(m.text, /5551234/, 'never the contact')
    t.ok(
      (await rows(db)).every((r) => r.sent_at !== null && r.attempts === 1),
      'each row sent on its first attempt',
    )

    const english = fake.messages.find((m) => m.chatId === '6001' && m.text.includes(listings[0]!.slug))!
    t.equal(
      english.text,
      ['Berlin 1', '€750', 'Berlin', `${BASE}/en/listing/${listings[0]!.slug}`].join('\n'),
      "title, price in the reader's language, city and the link",
    )
    const persian = fake.messages.find((m) => m.chatId === '6002' && m.text.includes(listings[0]!.slug))!
    t.equal(
      persian.text,
      ['Berlin 2', '۴۵٬۰۰۰٬۰۰۰ ریال', 'برلین', `${BASE}/listing/${listings[0]!.slug}`].join('\n'),
      'fa: the rent in rials with Persian digits, as the cards show it',
    )
    const [inbox] = await db.query<{ body: string }>(
      `SELECT n.body FROM notifications n JOIN users u ON u.id = n.user_id
        WHERE u.telegram_id = 6002 AND n.data->>'listing_id' = $1`,
      [String(listings[0]!.id)],
    )
    t.equal(inbox!.body, 'برلین · ۴۵٬۰۰۰٬۰۰۰ ریال', 'the fa inbox says the same')

    t.same(await a.runOnce(), { sent: 0, retried: 0, parked: 0 }, 'nothing left')
    t.equal(fake.calls.sendMessage, 24)
  },
)

t.test(
  'a failing Bot API: retried with backoff, parked with its error after the last attempt; a refused chat is parked at once',
  async (t) => {
    const { db } = await matched(t, 2, 1)
    const fake = await fakeBot(t)
    const worker = outboxWorker(
      db,
      [telegramNotifier({ apiBase: fake.url, botToken: fake.token, publicBaseUrl: BASE })],
      { log: silent },
    )
    const [first, second] = await rows(db)

    fake.answers.sendMessage = {
      status: 500,
      contentType: 'application/json',
      body: '{"ok":false,"error_code":500,"description":"Internal Server Error"}',
    }
    t.same(await worker.runOnce(), { sent: 0, retried: 2, parked: 0 })
    let now = await rows(db)
    t.ok(now.every((r) => r.attempts === 1 && r.last_error === 'telegram 500: Internal Server Error'))
    t.ok(
      now.every((r) => new Date(r.next_attempt_at).getTime() > Date.now() + 20_000),
      'not due again for a while',
    )
    t.same(await worker.runOnce(), { sent: 0, retried: 0, parked: 0 }, 'not claimed before its time')

    // the second row: the user blocked the bot (403) — never tried again
    fake.answers.sendMessage = {
      status: 403,
      contentType: 'application/json',
      body: '{"ok":false,"error_code":403,"description":"Forbidden: bot was blocked by the user"}',
    }
    await db.query(`UPDATE notification_outbox SET next_attempt_at = now() WHERE id = $1`, [second!.id])
    t.same(await worker.runOnce(), { sent: 0, retried: 0, parked: 1 })

    // the first row keeps failing until it is parked after the last attempt
    fake.answers.sendMessage = { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }
    for (let attempt = 2; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await db.query(`UPDATE notification_outbox SET next_attempt_at = now() WHERE id = $1`, [first!.id])
      const run = await worker.runOnce()
      t.same(
        run,
        attempt < OUTBOX_MAX_ATTEMPTS ? { sent: 0, retried: 1, parked: 0 } : { sent: 0, retried: 0, parked: 1 },
        `attempt ${attempt}`,
      )
    }
    now = await rows(db)
    t.equal(now[0]!.attempts, OUTBOX_MAX_ATTEMPTS)
    t.ok(now[0]!.parked_at)
    t.equal(now[0]!.last_error, 'telegram 502: no description')
    t.ok(now[1]!.parked_at)
    t.equal(now[1]!.last_error, 'telegram 403: Forbidden: bot was blocked by the user')
    await db.query(`UPDATE notification_outbox SET next_attempt_at = now()`)
    delete fake.answers.sendMessage
    t.same(await worker.runOnce(), { sent: 0, retried: 0, parked: 0 }, 'parked rows are never tried again')
    t.equal(fake.messages.length, 0)
  },
)

t.test('a push subscription the push service calls gone (410) is deleted and its row parked', async (t) => {
  // the worker's handling of the port's answer (Web Push itself: test/server/integrations/notify/web-push-notifier.test.ts)
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 6100)
  const renter = await telegramSession(app, 6101)
  await call('POST', '/alerts/push-subscriptions', renter.token, {
    endpoint: 'https://push.example.test/s/1',
    keys: { p256dh: 'k', auth: 'a' },
  })
  await call('POST', '/alerts', renter.token, { name: 'Push', channels: ['push'] })
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
  const [row] = await db.query<{ channel: string; payload: { subscription_id: number; tag: string } }>(
    `SELECT channel, payload FROM notification_outbox`,
  )
  t.equal(row!.channel, 'web_push')
  t.equal(row!.payload.tag, `listing-${listing.id}`)
  const gone: NotificationSender = {
    channel: 'web_push',
    send: async (): Promise<SendResult> => ({ ok: false, error: 'push 410: Gone', retry: false, gone: true }),
  }
  t.same(await outboxWorker(db, [gone], { log: silent }).runOnce(), { sent: 0, retried: 0, parked: 1 })
  t.equal((await db.query(`SELECT 1 FROM push_subscriptions`)).length, 0, 'subscription deleted')
  // a worker without a Web Push sender leaves web_push rows alone
  await db.query(`UPDATE notification_outbox SET parked_at = NULL, next_attempt_at = now()`)
  const fake = await fakeBot(t)
  t.same(
    await outboxWorker(db, [telegramNotifier({ apiBase: fake.url, botToken: fake.token, publicBaseUrl: BASE })], {
      log: silent,
    }).runOnce(),
    { sent: 0, retried: 0, parked: 0 },
  )
})
