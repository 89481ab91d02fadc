import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../../server/api/db/client.ts'
import { isPrivateAddress, refusedEndpoint } from '../../../../server/integrations/notify/push-endpoint.ts'
import { webPushNotifier } from '../../../../server/integrations/notify/web-push-notifier.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import {
  startFakePushService,
  vapidKeys,
  verifyVapid,
  type FakePushService,
} from '../../../helpers/fake-push-service.ts'

const BASE = 'https://khaneh.example'

async function fakePush(t: Test): Promise<FakePushService> {
  const fake = await startFakePushService()
  t.teardown(() => fake.close())
  return fake
}

/** The real API with the Web Push sender; a renter (language `en`) with an instant push alert on Berlin. */
async function setUp(t: Test, fake: FakePushService, allowPrivateEndpoints = true) {
  const vapid = vapidKeys()
  const sender = webPushNotifier({ vapid, publicBaseUrl: BASE, allowPrivateEndpoints, timeoutMs: 2_000 })
  // the API stores the loopback subscription; whether it is posted to is the sender's rule under test
  const { app, db } = await buildTestApi(t, {
    notificationSenders: [sender],
    outboxPollMs: null,
    allowPrivatePushEndpoints: true,
  })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 7000)
  const renter = await telegramSession(app, 7001)
  await db.query(`UPDATE users SET language = 'en' WHERE id = $1`, [renter.user.id])
  t.equal(
    (
      await call('POST', '/alerts', renter.token, {
        name: 'Berlin flats',
        filters: { city: 'berlin' },
        channels: ['push'],
      })
    ).statusCode,
    201,
  )
  const browser = fake.subscribe()
  const subscribed = await call('POST', '/alerts/push-subscriptions', renter.token, {
    endpoint: browser.endpoint,
    expirationTime: null,
    keys: browser.keys,
  })
  t.equal(subscribed.statusCode, 200)
  /** A Berlin listing approved by the moderator over HTTP. */
  async function approve(rent: number) {
    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
      rent,
      contact: '+49 170 5559876',
    })
    const res = await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
    t.equal(res.statusCode, 200)
    return listing
  }
  return { app, db, vapid, browser, approve }
}

const subscriptions = async (db: Db) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions`))[0]!.n
const outbox = (db: Db) =>
  db.query<{ attempts: number; sent_at: Date | null; parked_at: Date | null; last_error: string | null }>(
    `SELECT attempts, sent_at, parked_at, last_error FROM notification_outbox WHERE channel = 'web_push' ORDER BY id`,
  )
const runOnce = (app: FastifyInstance) => app.alertOutbox.runOnce()

t.test('approval → outbox → worker → a real encrypted Web Push the browser decrypts, signed with VAPID', async (t) => {
  const fake = await fakePush(t)
  const { app, db, vapid, browser, approve } = await setUp(t, fake)
  const listing = await approve(850)
  t.same(await runOnce(app), { sent: 1, retried: 0, parked: 0 })
  t.equal(fake.requests.length, 1)
  const [push] = fake.requests
  t.equal(push!.path, new URL(browser.endpoint).pathname)
  t.equal(push!.headers['content-encoding'], 'aes128gcm')
  t.equal(push!.headers.ttl, '86400', 'kept for a day')
  t.equal(push!.headers.urgency, 'high')
  const { publicKey, claims } = await verifyVapid(push!.headers.authorization as string, browser.endpoint)
  t.equal(publicKey, vapid.publicKey, 'k= is the server public key')
  t.equal(claims.sub, vapid.subject)
  t.ok(claims.exp! * 1000 > Date.now(), 'not expired')

  const notification = JSON.parse(browser.decrypt(push!.body)) as Record<string, unknown>
  t.same(notification, {
    title: 'Berlin flats',
    body: '€850 · Berlin',
    icon: `${BASE}/logo.svg`,
    badge: `${BASE}/logo.svg`,
    tag: `listing-${listing.id}`,
    requireInteraction: true,
    silent: false,
    data: { listing_id: listing.id, url: `/en/listing/${listing.slug}` },
  })
  t.notMatch(JSON.stringify(notification), /5559876/, 'never the contact')
  t.equal((await outbox(db))[0]!.sent_at !== null, true)
  t.same(await runOnce(app), { sent: 0, retried: 0, parked: 0 }, 'sent once')
  t.equal(fake.requests.length, 1)
})

t.test('an empty alert name gives the default title; a Persian user gets the unprefixed link', async (t) => {
  const fake = await fakePush(t)
  const { app, db, browser, approve } = await setUp(t, fake)
  await db.query(`UPDATE alerts SET name = ''`)
  await db.query(`UPDATE users SET language = 'fa'`)
  const listing = await approve(700)
  t.same(await runOnce(app), { sent: 1, retried: 0, parked: 0 })
  const notification = JSON.parse(browser.decrypt(fake.requests[0]!.body)) as {
    title: string
    body: string
    data: { url: string }
  }
  t.equal(notification.title, 'New Notification')
  t.equal(
    notification.body,
    '۴۲٬۰۰۰٬۰۰۰ ریال · برلین',
    "the rent in rials with Persian digits, as a Persian reader's cards show it",
  )
  t.equal(notification.data.url, `/listing/${listing.slug}`)
})

t.test(
  '410 from the push service deletes the subscription through the worker; later rows for it are parked',
  async (t) => {
    const fake = await fakePush(t)
    const { app, db, approve } = await setUp(t, fake)
    await approve(800)
    await approve(810)
    fake.status = 410
    const run = await app.alertOutbox.runOnce()
    t.equal(run.sent, 0)
    t.equal(run.parked, 2, 'both rows parked: one gone, the other without a subscription (or gone too)')
    t.equal(await subscriptions(db), 0, 'the push_subscriptions row is deleted')
    t.ok(fake.requests.length >= 1 && fake.requests.length <= 2)
    t.ok((await outbox(db)).every((r) => r.parked_at !== null && r.sent_at === null))
  },
)

t.test('404 is gone too; 429 and 5xx are retried; another 4xx is parked', async (t) => {
  const fake = await fakePush(t)
  const { app, db, approve } = await setUp(t, fake)
  await approve(800)
  fake.status = 429
  t.same(await runOnce(app), { sent: 0, retried: 1, parked: 0 })
  t.match((await outbox(db))[0]!.last_error, /^web push 429/)
  fake.status = 503
  await db.query(`UPDATE notification_outbox SET next_attempt_at = now()`)
  t.same(await runOnce(app), { sent: 0, retried: 1, parked: 0 })
  fake.status = 400
  await db.query(`UPDATE notification_outbox SET next_attempt_at = now()`)
  t.same(await runOnce(app), { sent: 0, retried: 0, parked: 1 })
  t.match((await outbox(db))[0]!.last_error, /^web push 400/)
  t.equal(await subscriptions(db), 1, 'a refusal keeps the subscription')

  await approve(820)
  fake.status = 404
  t.same(await runOnce(app), { sent: 0, retried: 0, parked: 1 })
  t.equal(await subscriptions(db), 0, '404: gone')
})

t.test('a push service that does not answer in time is retried', async (t) => {
  const fake = await fakePush(t)
  const vapid = vapidKeys()
  const sender = webPushNotifier({ vapid, publicBaseUrl: BASE, allowPrivateEndpoints: true, timeoutMs: 100 })
  fake.delayMs = 1_000
  const browser = fake.subscribe()
  const result = await sender.send({
    alert_id: 1,
    listing_id: 2,
    title: 'x',
    city: null,
    price: null,
    url: '/listing/x',
    language: 'en',
    tag: 'listing-2',
    subscription_id: 1,
    subscription: { endpoint: browser.endpoint, ...browser.keys },
  })
  t.match(result, { ok: false, retry: true, error: /TimeoutError|aborted/i })
})

t.test('SSRF: outside tests only https endpoints on public addresses are posted to', async (t) => {
  const fake = await fakePush(t)
  const { app, db, approve } = await setUp(t, fake, false)
  await approve(800)
  t.same(await runOnce(app), { sent: 0, retried: 0, parked: 1 })
  t.match((await outbox(db))[0]!.last_error, /refused: not https/)
  t.equal(fake.requests.length, 0, 'nothing reached the loopback service')

  // and outside tests such a subscription is refused when it is sent, not stored to be parked later
  const strict = await buildTestApi(t)
  const reader = await telegramSession(strict.app, 7002)
  const call = apiCaller(strict.app)
  for (const endpoint of [fake.subscribe().endpoint, 'https://10.0.0.7/push', 'https://localhost/push']) {
    const res = await call('POST', '/alerts/push-subscriptions', reader.token, {
      endpoint,
      keys: { p256dh: 'BPk', auth: 'a2V5' },
    })
    t.equal(res.statusCode, 400, endpoint)
    t.equal(res.json().error.details[0].path, 'endpoint')
  }
  const [stored] = await strict.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1`,
    [reader.user.id],
  )
  t.equal(stored?.n, 0, 'nothing stored')

  t.equal(refusedEndpoint('http://push.example.com/x', false), 'not https')
  t.equal(refusedEndpoint('https://127.0.0.1:8443/x', false), 'a private address')
  t.equal(refusedEndpoint('https://[::1]/x', false), 'a private address')
  t.equal(refusedEndpoint('https://10.1.2.3/x', false), 'a private address')
  t.equal(refusedEndpoint('https://169.254.169.254/latest', false), 'a private address')
  t.equal(refusedEndpoint('https://localhost/x', false), 'a private address')
  t.equal(refusedEndpoint('https://fcm.googleapis.com/fcm/send/abc', false), null)
  t.equal(refusedEndpoint('http://127.0.0.1:9/x', true), null, 'tests may')
  t.ok(isPrivateAddress('::ffff:192.168.1.1'))
  t.ok(isPrivateAddress('fd00::1'))
  t.ok(isPrivateAddress('::ffff:7f00:1'), 'mapped loopback in hex')
  t.notOk(isPrivateAddress('142.250.74.10'))
  t.notOk(isPrivateAddress('2a00:1450:4001::200e'))
})
