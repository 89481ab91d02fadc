import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { FREE_MAX_ALERTS, PREMIUM_MAX_ALERTS } from '../../../../shared/plans.ts'
import { apiCaller, buildTestApi, telegramSession, type ApiMethod } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const premium = (db: Db, userId: number, until: string) =>
  db.query(`UPDATE users SET premium_until = now() + $2::interval WHERE id = $1`, [userId, until])

t.test('anonymous callers get 401 on every alert route', async (t) => {
  const { app } = await buildTestApi(t)
  const call = apiCaller(app)
  const routes: Array<[ApiMethod, string, object?]> = [
    ['GET', '/alerts'],
    ['POST', '/alerts', { name: 'x' }],
    ['PUT', '/alerts/1', { name: 'x' }],
    ['DELETE', '/alerts/1'],
    ['GET', '/alerts/1/matches'],
    ['GET', '/alerts/notifications'],
    ['PUT', '/alerts/notifications/1/read'],
    ['POST', '/alerts/push-subscriptions', { fcm_token: 'abc' }],
    ['DELETE', '/alerts/push-subscriptions', { fcm_token: 'abc' }],
  ]
  for (const [method, url, body] of routes) {
    const res = await call(method, url, null, body)
    t.equal(res.statusCode, 401, `${method} ${url}`)
    t.equal(res.json().error.code, 'UNAUTHENTICATED')
  }
})

t.test("another user's alert, matches and notification are not found (404) and stay unchanged", async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 8101)
  const alice = await telegramSession(app, 8102)
  const mallory = await telegramSession(app, 8103)
  const alert = (await call('POST', '/alerts', alice.token, { name: 'Mine', filters: { city: 'berlin' } })).json().data
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
  const notification = (await call('GET', '/alerts/notifications', alice.token)).json().data.notifications[0]
  t.ok(notification, 'alice has a notification')

  const routes: Array<[ApiMethod, string, object?]> = [
    ['PUT', `/alerts/${alert.id}`, { name: 'Stolen', is_active: false }],
    ['DELETE', `/alerts/${alert.id}`],
    ['GET', `/alerts/${alert.id}/matches`],
    ['PUT', `/alerts/notifications/${notification.id}/read`],
  ]
  for (const [method, url, body] of routes) {
    const res = await call(method, url, mallory.token, body)
    t.equal(res.statusCode, 404, `${method} ${url} as another user`)
    t.equal(res.json().error.code, 'NOT_FOUND')
  }
  t.same((await call('GET', '/alerts', mallory.token)).json().data.items, [])
  t.same((await call('GET', '/alerts/notifications', mallory.token)).json().data.notifications, [])
  const mine = (await call('GET', '/alerts', alice.token)).json().data.items
  t.equal(mine.length, 1)
  t.equal(mine[0].name, 'Mine')
  t.equal(mine[0].is_active, true)
  t.equal(mine[0].new_listings_count, 1, 'matches not read by mallory')
  t.equal((await call('GET', '/alerts/notifications', alice.token)).json().data.unread_count, 1)

  // alice herself: read (idempotent), update, delete
  const read = await call('PUT', `/alerts/notifications/${notification.id}/read`, alice.token)
  t.equal(read.statusCode, 200)
  t.ok(read.json().data.read_at)
  const again = await call('PUT', `/alerts/notifications/${notification.id}/read`, alice.token)
  t.equal(again.json().data.read_at, read.json().data.read_at, 'read once')
  t.equal((await call('GET', '/alerts/notifications?unread_only=1', alice.token)).json().data.notifications.length, 0)
  const updated = await call('PUT', `/alerts/${alert.id}`, alice.token, {
    name: 'Renamed',
    filters: { city: 'hamburg', max_price: 900 },
  })
  t.equal(updated.statusCode, 200)
  t.same(updated.json().data.filters, { city: 'hamburg', max_price: '900' })
  t.equal((await call('DELETE', `/alerts/${alert.id}`, alice.token)).statusCode, 200)
  t.equal((await call('DELETE', `/alerts/${alert.id}`, alice.token)).statusCode, 404)
})

t.test(
  'filters are GET /listings query names and values: bad ones are 400 with field errors and nothing saved',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const call = apiCaller(app)
    const user = await telegramSession(app, 8201)
    const bad: object[] = [
      { name: 'x', filters: { city: 'berlin', sort: 'newest' } },
      { name: 'x', filters: { type: 'castle' } },
      { name: 'x', filters: { min_price: 900, max_price: 800 } },
      { name: 'x', filters: { start_date: '2026-13-01' } },
      { name: 'x', filters: { country: 'Germany' } },
      { name: 'x', filters: { has_contract: 'maybe' } },
      { name: 'x', filters: { city: { $ne: null } } },
      { name: '', filters: {} },
      { name: 'x', frequency: 'hourly' },
      { name: 'x', channels: ['sms'] },
    ]
    for (const body of bad) {
      const res = await call('POST', '/alerts', user.token, body)
      t.equal(res.statusCode, 400, JSON.stringify(body))
      t.equal(res.json().error.code, 'VALIDATION_ERROR')
      t.ok(Array.isArray(res.json().error.details) && res.json().error.details.length > 0, 'field errors')
    }
    t.equal((await db.query(`SELECT 1 FROM alerts`)).length, 0)
    const ok = await call('POST', '/alerts', user.token, {
      name: 'Berlin',
      filters: { country: 'de', city: 'Berlin', min_price: '500', has_contract: '1', start_date: '2026-03-01' },
      channels: ['telegram', 'push', 'telegram'],
    })
    t.equal(ok.statusCode, 201)
    t.same(ok.json().data.filters, {
      country: 'DE',
      city: 'Berlin',
      min_price: '500',
      has_contract: 'true',
      start_date: '2026-03-01',
    })
    t.same(ok.json().data.channels, ['telegram', 'push'])
    t.equal(ok.json().data.frequency, 'instant')
  },
)

t.test(
  `plan limits: free ${FREE_MAX_ALERTS}, premium ${PREMIUM_MAX_ALERTS}, a lapsed premium keeps its alerts with the oldest active`,
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const call = apiCaller(app)
    const user = await telegramSession(app, 8301)
    const create = (name: string) => call('POST', '/alerts', user.token, { name })

    t.equal((await create('free 1')).statusCode, 201)
    const over = await create('free 2')
    t.equal(over.statusCode, 403)
    t.equal(over.json().error.code, 'ALERT_LIMIT_REACHED')
    t.same(over.json().error.details, {
      reason: 'alert_limit',
      max_alerts_allowed: FREE_MAX_ALERTS,
      upgrade_path: '/pricing',
    })
    let list = (await call('GET', '/alerts', user.token)).json().data
    t.equal(list.total_alerts, 1)
    t.equal(list.max_alerts_allowed, FREE_MAX_ALERTS)

    await premium(db, user.user.id, '30 days')
    for (let i = 2; i <= PREMIUM_MAX_ALERTS; i++) t.equal((await create(`premium ${i}`)).statusCode, 201, `alert ${i}`)
    t.equal((await create('premium 11')).statusCode, 403)
    list = (await call('GET', '/alerts', user.token)).json().data
    t.equal(list.total_alerts, PREMIUM_MAX_ALERTS)
    t.equal(list.active_alerts, PREMIUM_MAX_ALERTS)
    t.equal(list.max_alerts_allowed, PREMIUM_MAX_ALERTS)

    // premium lapses: on the next read only the oldest stays active; nothing is deleted
    await premium(db, user.user.id, '-1 second')
    list = (await call('GET', '/alerts', user.token)).json().data
    t.equal(list.total_alerts, PREMIUM_MAX_ALERTS)
    t.equal(list.max_alerts_allowed, FREE_MAX_ALERTS)
    t.same(
      list.items.filter((a: { is_active: boolean }) => a.is_active).map((a: { name: string }) => a.name),
      ['free 1'],
    )
    // resuming another is refused; pausing the active one lets the next oldest take its place
    const rested = list.items[3]
    t.equal((await call('PUT', `/alerts/${rested.id}`, user.token, { is_active: true })).statusCode, 403)
    const paused = await call('PUT', `/alerts/${list.items[0].id}`, user.token, { is_active: false })
    t.equal(paused.json().data.is_active, false)
    t.equal(paused.json().data.paused, true)
    list = (await call('GET', '/alerts', user.token)).json().data
    t.same(
      list.items.filter((a: { is_active: boolean }) => a.is_active).map((a: { name: string }) => a.name),
      ['premium 2'],
    )
    t.equal((await create('still over')).statusCode, 403)

    // renewed: all unpaused alerts are back
    await premium(db, user.user.id, '30 days')
    t.equal((await call('GET', '/alerts', user.token)).json().data.active_alerts, PREMIUM_MAX_ALERTS - 1)
  },
)

t.test('the sweep applies lapsed plans without a request: only the oldest alert is matched', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 8401)
  const user = await telegramSession(app, 8402)
  await premium(db, user.user.id, '30 days')
  for (const name of ['a', 'b', 'c']) t.equal((await call('POST', '/alerts', user.token, { name })).statusCode, 201)
  await premium(db, user.user.id, '-1 second')
  const { sweepLimits } = await import('../../../../server/api/alerts/alerts.service.ts').then((m) =>
    m.alertsService(db, { listings: app.publicListings }),
  )
  t.equal(await sweepLimits(), 2, 'two alerts rest')
  t.equal(await sweepLimits(), 0, 'idempotent')
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
  const [row] = await db.query<{ names: string[] }>(
    `SELECT array_agg(a.name ORDER BY a.name) AS names FROM alert_matches m JOIN alerts a ON a.id = m.alert_id`,
  )
  t.same(row!.names, ['a'])
})

t.test('a free user firing many creates at once gets exactly one alert', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const user = await telegramSession(app, 8501)
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => call('POST', '/alerts', user.token, { name: `n${i}` })),
  )
  t.equal(answers.filter((r) => r.statusCode === 201).length, 1)
  t.equal(answers.filter((r) => r.statusCode === 403).length, 11)
  t.equal((await db.query(`SELECT 1 FROM alerts`)).length, 1)
})

t.test(
  'push subscriptions: saved once per endpoint or token, refreshed, and only the owner removes theirs',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const call = apiCaller(app)
    const alice = await telegramSession(app, 8601)
    const mallory = await telegramSession(app, 8602)
    const sub = {
      endpoint: 'https://push.example.test/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'au' },
    }
    const first = await call('POST', '/alerts/push-subscriptions', alice.token, sub)
    t.equal(first.statusCode, 200)
    t.equal(first.json().data.subscribed, true)
    await db.query(`UPDATE push_subscriptions SET refreshed_at = now() - interval '8 days'`)
    const second = await call('POST', '/alerts/push-subscriptions', alice.token, sub)
    t.ok(Date.parse(second.json().data.refreshed_at) > Date.now() - 60_000, 'refreshed')
    t.equal(
      (await call('POST', '/alerts/push-subscriptions', alice.token, { fcm_token: 'fcm-token-1' })).statusCode,
      200,
    )
    t.equal((await db.query(`SELECT 1 FROM push_subscriptions`)).length, 2, 'de-duplicated')
    t.equal(
      (
        await call('POST', '/alerts/push-subscriptions', alice.token, {
          endpoint: 'not a url',
          keys: { p256dh: 'a', auth: 'b' },
        })
      ).statusCode,
      400,
    )

    t.equal(
      (await call('DELETE', '/alerts/push-subscriptions', mallory.token, { endpoint: sub.endpoint })).statusCode,
      404,
      'nothing of hers removed',
    )
    t.equal((await db.query(`SELECT 1 FROM push_subscriptions`)).length, 2, "mallory cannot remove alice's")
    t.equal(
      (await call('DELETE', '/alerts/push-subscriptions', alice.token, { endpoint: sub.endpoint })).json().data
        .subscribed,
      false,
    )
    t.equal(
      (await call('DELETE', '/alerts/push-subscriptions', alice.token, { fcm_token: 'fcm-token-1' })).statusCode,
      200,
    )
    t.equal((await db.query(`SELECT 1 FROM push_subscriptions`)).length, 0)
  },
)
