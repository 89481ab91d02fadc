import t from 'tap'
import { loader } from '../../../../client/features/referrals/referrals-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('referrals page loader', async (t) => {
  const { app } = await buildTestApi(t)
  const { token, user } = await telegramSession(app, 4900, 'Omid')

  await t.test(
    'a new user → the code and link, nothing brought yet, and a friend’s code may still be entered',
    async (t) => {
      const page = await loader(routeArgs('/en/dashboard/referrals', { app, token }))
      t.match(page.stats, { referralCode: user.referral_code, signups: 0, paidConversions: 0 })
      t.match(page.stats.referralLink, String(user.referral_code))
      t.same(page.leaders, [])
      t.equal(page.mayEnterCode, true)
    },
  )

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/referrals', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Freferrals',
    })
  })
})
