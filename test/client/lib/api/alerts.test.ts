import { alertsApi } from '../../../../client/lib/api/alerts.ts'
import t from 'tap'
import { createApi } from '../../../../client/lib/api/index.ts'
import { ApiError } from '../../../../client/lib/api/call.ts'
import { parseWire } from '../../../../client/lib/api/parse.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry } from '../../../helpers/factories.ts'
import { injectTransport } from '../../../helpers/page-context.ts'

t.test('the alerts API client against the real API', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const { token } = await telegramSession(app, 4710)
  const { token: otherToken } = await telegramSession(app, 4711)
  const api = alertsApi(createApi(injectTransport(app, token), { parse: parseWire }))
  const other = alertsApi(createApi(injectTransport(app, otherToken), { parse: parseWire }))

  const created = await api.create({
    name: 'Berlin · up to €900',
    filters: { city: 'berlin', max_price: '900', has_contract: 'true' },
  })
  t.same(
    created.filters,
    { city: 'berlin', max_price: '900', has_contract: 'true' },
    'snake_case names come back as saved',
  )
  t.match(created, { frequency: 'instant', channels: [], isActive: true, paused: false, newListingsCount: 0 })

  const second = await api.create({ name: 'Second', filters: {} }).catch((err: unknown) => err)
  t.ok(second instanceof ApiError)
  t.match(second, {
    status: 403,
    code: 'ALERT_LIMIT_REACHED',
    details: { max_alerts_allowed: 1, upgrade_path: '/pricing' },
  })

  const paused = await api.update(created.id, { is_active: false })
  t.match(paused, { isActive: false, paused: true })
  t.same(paused.filters, created.filters)
  const edited = await api.update(created.id, {
    name: 'Berlin',
    frequency: 'daily',
    channels: ['push', 'email'],
    is_active: true,
  })
  t.match(edited, { name: 'Berlin', frequency: 'daily', channels: ['push', 'email'], isActive: true })

  const list = await api.list()
  t.match(list, { totalAlerts: 1, activeAlerts: 1, maxAlertsAllowed: 1 })
  t.same(list.items[0]!.filters, { city: 'berlin', max_price: '900', has_contract: 'true' })

  t.match(await api.matches(created.id, 1), { matches: [], pagination: { currentPage: 1, totalItems: 0 } })
  t.match(await api.notifications({ unread_only: true }), { notifications: [], unreadCount: 0 })

  const subscription = {
    endpoint: 'https://push.example.test/send/abc',
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  }
  t.match(await api.subscribePush(subscription), { subscribed: true, refreshedAt: String })
  t.match(await api.unsubscribePush(subscription.endpoint), { subscribed: false })

  const foreign = await other.update(created.id, { is_active: false }).catch((err: unknown) => err)
  t.match(foreign, { status: 404 }, 'another user’s alert is not found')
  t.same(await api.remove(created.id), { id: created.id, deleted: true })
  t.same((await api.list()).items, [])
})
