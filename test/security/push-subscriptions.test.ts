import t, { type Test } from 'tap'
import type { Db } from '../../server/api/db/client.ts'
import { outboxWorker } from '../../server/api/alerts/outbox.worker.ts'
import { webPushNotifier } from '../../server/integrations/notify/web-push-notifier.ts'
import { apiCaller, buildTestApi, telegramSession } from '../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'
import {
  startFakePushService,
  vapidKeys,
  type FakePushService,
  type FakeSubscription,
} from '../helpers/fake-push-service.ts'

// Push subscriptions: a cap per user, an endpoint that stays with the account that registered it
// first, a DELETE that says what it did, and one push per device per approved listing
// (docs/decisions/020-alerts-and-outbox.md).

const silent = { info() {}, warn() {}, error() {} }
const BASE = 'https://khaneh.example'

async function fakePush(t: Test): Promise<FakePushService> {
  const fake = await startFakePushService()
  t.teardown(() => fake.close())
  return fake
}

const body = (browser: FakeSubscription) => ({ endpoint: browser.endpoint, expirationTime: null, keys: browser.keys })

const rowsOf = (db: Db, userId: number) =>
  db.query<{ endpoint: string; p256dh: string }>(
    `SELECT endpoint, p256dh FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
    [userId],
  )

t.test('a user keeps at most 10 push subscriptions: a new one replaces the least recently refreshed', async (t) => {
  const fake = await fakePush(t)
  const { app, db } = await buildTestApi(t, { allowPrivatePushEndpoints: true })
  const call = apiCaller(app)
  const renter = await telegramSession(app, 8701)

  const browsers = Array.from({ length: 12 }, () => fake.subscribe())
  for (const browser of browsers.slice(0, 10))
    t.equal((await call('POST', '/alerts/push-subscriptions', renter.token, body(browser))).statusCode, 200)
  // the first browser is still in use: it sends its subscription again (its weekly refresh)
  await db.query(
    `UPDATE push_subscriptions SET refreshed_at = now() - make_interval(mins => 100 - id) WHERE user_id = $1`,
    [renter.user.id],
  )
  t.equal((await call('POST', '/alerts/push-subscriptions', renter.token, body(browsers[0]!))).statusCode, 200)
  for (const browser of browsers.slice(10))
    t.equal((await call('POST', '/alerts/push-subscriptions', renter.token, body(browser))).statusCode, 200)

  const kept = (await rowsOf(db, renter.user.id)).map((r) => r.endpoint)
  t.equal(kept.length, 10, 'ten devices')
  t.same(
    kept.sort(),
    [browsers[0]!, ...browsers.slice(3)].map((b) => b.endpoint).sort(),
    'the two not refreshed for longest went; the refreshed first one stayed',
  )
})

t.test('40 subscriptions sent at once by one user leave exactly 10', async (t) => {
  const fake = await fakePush(t)
  const { app, db } = await buildTestApi(t, { allowPrivatePushEndpoints: true })
  const call = apiCaller(app)
  const renter = await telegramSession(app, 8702)
  const other = await telegramSession(app, 8703)
  await call('POST', '/alerts/push-subscriptions', other.token, body(fake.subscribe()))

  const answers = await Promise.all(
    Array.from({ length: 40 }, () => call('POST', '/alerts/push-subscriptions', renter.token, body(fake.subscribe()))),
  )
  t.same(
    answers.map((r) => r.statusCode),
    Array(40).fill(200),
  )
  t.equal((await rowsOf(db, renter.user.id)).length, 10, 'exactly the cap')
  t.equal((await rowsOf(db, other.user.id)).length, 1, "another user's subscription is untouched")
})

t.test(
  "an endpoint stays with the account that registered it: another's POST is 409 and changes nothing",
  async (t) => {
    const fake = await fakePush(t)
    const { app, db } = await buildTestApi(t, { allowPrivatePushEndpoints: true })
    const call = apiCaller(app)
    const alice = await telegramSession(app, 8711)
    const mallory = await telegramSession(app, 8712)
    const browser = fake.subscribe()
    const stolen = { ...body(browser), keys: fake.subscribe().keys }

    t.equal((await call('POST', '/alerts/push-subscriptions', alice.token, body(browser))).statusCode, 200)
    const taken = await call('POST', '/alerts/push-subscriptions', mallory.token, stolen)
    t.equal(taken.statusCode, 409)
    t.match(taken.json(), {
      success: false,
      data: null,
      error: { code: 'CONFLICT', details: { reason: 'push_subscription_taken' } },
    })
    t.same(
      await rowsOf(db, alice.user.id),
      [{ endpoint: browser.endpoint, p256dh: browser.keys.p256dh }],
      "alice's keys",
    )
    t.same(await rowsOf(db, mallory.user.id), [], 'nothing moved to mallory')

    // mallory's DELETE removes nothing and says so
    const notHers = await call('DELETE', '/alerts/push-subscriptions', mallory.token, { endpoint: browser.endpoint })
    t.equal(notHers.statusCode, 404)
    t.match(notHers.json().error, { code: 'NOT_FOUND' })
    t.equal((await rowsOf(db, alice.user.id)).length, 1, 'still there')

    // alice's own DELETE removes it; a second one finds nothing
    const removed = await call('DELETE', '/alerts/push-subscriptions', alice.token, { endpoint: browser.endpoint })
    t.equal(removed.statusCode, 200)
    t.same(removed.json().data, { subscribed: false, refreshed_at: null })
    t.equal(
      (await call('DELETE', '/alerts/push-subscriptions', alice.token, { endpoint: browser.endpoint })).statusCode,
      404,
    )
    t.equal(
      (await call('DELETE', '/alerts/push-subscriptions', alice.token, { fcm_token: 'never-sent' })).statusCode,
      404,
    )

    // once alice removed it, it is whoever registers it next
    t.equal((await call('POST', '/alerts/push-subscriptions', mallory.token, body(browser))).statusCode, 200)
    t.equal((await rowsOf(db, mallory.user.id)).length, 1)
  },
)

t.test('the same endpoint sent by two accounts at once belongs to one of them', async (t) => {
  const fake = await fakePush(t)
  const { app, db } = await buildTestApi(t, { allowPrivatePushEndpoints: true })
  const call = apiCaller(app)
  const users = await Promise.all([8721, 8722, 8723, 8724, 8725].map((id) => telegramSession(app, id)))
  const browser = fake.subscribe()
  const answers = await Promise.all(
    users.map((u) => call('POST', '/alerts/push-subscriptions', u.token, body(browser))),
  )
  t.equal(answers.filter((r) => r.statusCode === 200).length, 1, 'one account got it')
  t.equal(answers.filter((r) => r.statusCode === 409).length, 4, 'the others were told it is taken')
  const [row] = await db.query<{ user_id: number }>(`SELECT user_id FROM push_subscriptions`)
  t.equal(row?.user_id, users[answers.findIndex((r) => r.statusCode === 200)]!.user.id, 'the one answered 200')
})

t.test(
  'an approval posts once per endpoint: three matching alerts, listings approved and workers running at once',
  async (t) => {
    const fake = await fakePush(t)
    const sender = webPushNotifier({ vapid: vapidKeys(), publicBaseUrl: BASE, allowPrivateEndpoints: true })
    const { app, db } = await buildTestApi(t, {
      notificationSenders: [sender],
      outboxPollMs: null,
      allowPrivatePushEndpoints: true,
    })
    await makeCountry(db, 'DE')
    const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 8730)
    const renter = await telegramSession(app, 8731)
    await db.query(`UPDATE users SET premium_until = now() + interval '30 days' WHERE id = $1`, [renter.user.id])
    for (const name of ['Berlin', 'Berlin flats', 'Berlin again'])
      t.equal(
        (
          await call('POST', '/alerts', renter.token, {
            name,
            filters: { city: 'berlin' },
            channels: ['push'],
          })
        ).statusCode,
        201,
      )
    const browsers = Array.from({ length: 15 }, () => fake.subscribe())
    await Promise.all(browsers.map((b) => call('POST', '/alerts/push-subscriptions', renter.token, body(b))))
    const devices = await rowsOf(db, renter.user.id)
    t.equal(devices.length, 10)

    const listings = await Promise.all(
      [800, 810, 820, 830].map((rent) =>
        makeListing(db, { ownerId: owner.user.id, cityId: berlin.id, countryCode: 'DE', status: 'pending', rent }),
      ),
    )
    const approvals = await Promise.all(
      listings.map((l) => call('PUT', `/admin/listings/${l.id}/status`, admin.token, { status: 'active' })),
    )
    t.same(
      approvals.map((r) => r.statusCode),
      [200, 200, 200, 200],
    )
    const second = outboxWorker(db, [sender], { log: silent, batch: 7 })
    const runs = await Promise.all([app.alertOutbox.runOnce(), second.runOnce(), second.runOnce()])
    t.equal(
      runs.reduce((n, r) => n + r.sent, 0),
      40,
      'four listings × ten devices',
    )
    t.equal(fake.requests.length, 40, 'exactly one POST per device and listing')
    const pairs = fake.requests.map((r) => {
      const browser = browsers.find((b) => new URL(b.endpoint).pathname === r.path)!
      return `${r.path} ${(JSON.parse(browser.decrypt(r.body)) as { tag: string }).tag}`
    })
    t.equal(new Set(pairs).size, 40, 'every (device, listing) once')
    t.same(
      [...new Set(fake.requests.map((r) => r.path))].sort(),
      devices.map((d) => new URL(d.endpoint).pathname).sort(),
      'only the kept devices',
    )

    // the listing is renewed and approved again after a fourth alert was saved: the alert gets its
    // match, the devices that already heard of the listing are not posted to again
    t.equal(
      (await call('POST', '/alerts', renter.token, { name: 'Later', filters: { city: 'berlin' }, channels: ['push'] }))
        .statusCode,
      201,
    )
    await db.query(`UPDATE listings SET status = 'pending' WHERE id = $1`, [listings[0]!.id])
    t.equal(
      (await call('PUT', `/admin/listings/${listings[0]!.id}/status`, admin.token, { status: 'active' })).statusCode,
      200,
    )
    const [later] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_matches m JOIN alerts a ON a.id = m.alert_id WHERE a.name = 'Later'`,
    )
    t.equal(later?.n, 1, 'the new alert matched')
    await Promise.all([app.alertOutbox.runOnce(), second.runOnce()])
    t.equal(fake.requests.length, 40, 'no second POST to a device for the same listing')
  },
)
