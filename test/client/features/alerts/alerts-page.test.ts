import t from 'tap'
import { loader } from '../../../../client/features/alerts/alerts-page.tsx'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('alerts page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const { token } = await telegramSession(app, 4700)
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })

  await t.test('no alerts yet → an empty list, the free plan’s limit, an empty inbox', async (t) => {
    const page = await loader(routeArgs('/en/dashboard/alerts', { app, token }))
    t.same(page.alerts.items, [])
    t.match(page.alerts, { totalAlerts: 0, activeAlerts: 0, maxAlertsAllowed: 1 })
    t.match(page.inbox, { notifications: [], unreadCount: 0, pagination: { currentPage: 1 } })
    t.equal(page.unreadOnly, false)
  })

  await t.test('a saved search → listed with its city’s name in the reader’s language', async (t) => {
    const created = await call('POST', '/alerts', token, {
      name: 'Berlin · up to €900',
      filters: { city: 'berlin', max_price: 900 },
    })
    t.equal(created.statusCode, 201, created.body)
    const en = await loader(routeArgs('/en/dashboard/alerts?unread=1', { app, token }))
    t.match(en.alerts.items, [{ name: 'Berlin · up to €900', isActive: true }])
    t.same(
      en.alerts.items[0]!.filters,
      { city: 'berlin', max_price: '900' },
      'the saved GET /listings names, not camelCased',
    )
    t.same(en.cityNames, { berlin: 'Berlin' })
    t.equal(en.unreadOnly, true)
    t.ok(en.countries.some((c) => c.code === 'DE' && c.currency === 'EUR'))
    const fa = await loader(routeArgs('/dashboard/alerts', { app, token, locale: 'fa' }))
    t.same(fa.cityNames, { berlin: 'برلین' })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/alerts?unread=1', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Falerts%3Funread%3D1',
    })
  })
})
