import t from 'tap'
import { loader } from '../../../../client/features/layout/dashboard-layout.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('dashboard layout loader (the guard of every signed-in page)', async (t) => {
  const { app } = await buildTestApi(t)

  await t.test('signed in → the user', async (t) => {
    const { token, user } = await telegramSession(app, 4100, 'Nima')
    const { user: loaded } = await loader(routeArgs('/en/dashboard', { app, token }))
    t.match(loaded, { id: user.id, firstName: 'Nima', authMethod: 'telegram' })
  })

  await t.test('anonymous → the sign-in page of the language, with the page asked for as next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/listings?status=active', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Flistings%3Fstatus%3Dactive',
    })
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/dashboard', { app, locale: 'fa' })))), {
      status: 302,
      location: '/auth?next=%2Fdashboard',
    })
  })

  await t.test('a token the API refuses (expired, signed elsewhere) is anonymous too', async (t) => {
    t.match(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard', { app, token: 'not-a-token' })))), {
      status: 302,
      location: /^\/en\/auth\?next=/,
    })
  })
})
