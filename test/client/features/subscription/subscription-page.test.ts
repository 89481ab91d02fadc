import t from 'tap'
import { loader } from '../../../../client/features/subscription/subscription-page.tsx'
import { FREE_DAILY_REVEALS, SIGNUP_AI_CREDITS } from '../../../../shared/plans.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('subscription page loader', async (t) => {
  const { app } = await buildTestApi(t)
  const { token } = await telegramSession(app, 4800, 'Mina')

  await t.test('a new user → free, the sign-up credits, no boosts, no reveals used, no history', async (t) => {
    const { status } = await loader(routeArgs('/en/dashboard/subscription', { app, token }))
    t.match(status, {
      isPremium: false,
      premiumUntil: null,
      aiCredits: SIGNUP_AI_CREDITS,
      freeBoosts: 0,
      dailyReveals: { limit: FREE_DAILY_REVEALS, used: 0 },
      subscriptionHistory: [],
    })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/subscription', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Fsubscription',
    })
  })
})
