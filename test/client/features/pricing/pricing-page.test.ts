import t from 'tap'
import { loader } from '../../../../client/features/pricing/pricing-page.tsx'
import { PLANS } from '../../../../shared/plans.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { routeArgs } from '../../../helpers/page-context.ts'

t.test('pricing page loader', async (t) => {
  const { app } = await buildTestApi(t)

  await t.test('anonymous → the three plans in the page language, quarterly the popular one', async (t) => {
    const { plans, chosen } = await loader(routeArgs('/en/pricing', { app }))
    t.same(
      plans.map((plan) => [plan.key, plan.priceEur, plan.isPopular]),
      PLANS.map((plan) => [plan.key, plan.priceMinor / 100, plan.isPopular]),
    )
    t.match(plans[0], { priceDisplay: /4[.,]99/, features: { contactAccess: true, alerts: true, aiAnalysis: true } })
    t.equal(chosen, null)
  })

  await t.test('fa → prices in rials with Persian digits', async (t) => {
    const { plans } = await loader(routeArgs('/pricing', { app, locale: 'fa' }))
    t.match(plans.find((plan) => plan.key === 'monthly')?.priceDisplay, /۲۹۹٬۴۰۰/)
  })

  await t.test('back from sign-in with ?plan= → that plan is the chosen one; an unknown plan is none', async (t) => {
    t.equal((await loader(routeArgs('/en/pricing?plan=quarterly', { app }))).chosen, 'quarterly')
    t.equal((await loader(routeArgs('/en/pricing?plan=lifetime', { app }))).chosen, null)
  })
})
