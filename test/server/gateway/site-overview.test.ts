import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

// The admins' site overview page (docs/decisions/023-site-overview-charts.md): 404 for anyone else; for an admin the numbers as charts
// and as tables, server-rendered, in every language (fa right to left).
t.test('/dashboard/site-overview', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const admin = await signInThroughGateway(gateway, 777, 'Admin')
  const user = await signInThroughGateway(gateway, 9801, 'Reza')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE', status: 'active' })
  await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })

  await t.test('anyone but an admin: sign in first, then 404', async (t) => {
    const anonymous = await gateway.inject({ url: '/en/dashboard/site-overview' })
    t.equal(anonymous.statusCode, 302)
    const res = await gateway.inject({ url: '/en/dashboard/site-overview', cookies: user.cookies })
    t.equal(res.statusCode, 404)
    t.notMatch(res.body, /Site overview/)
  })

  await t.test('an admin sees the cards, charts and tables (en)', async (t) => {
    const res = await gateway.inject({ url: '/en/dashboard/site-overview', cookies: admin.cookies })
    t.equal(res.statusCode, 200)
    t.match(res.body, /<h1[^>]*>Site overview<\/h1>/)
    t.match(res.body, /<dt>Accounts<\/dt><dd>2<\/dd>/)
    t.match(res.body, /<dt>Active listings<\/dt><dd>1<\/dd>/)
    t.match(res.body, /role="img" aria-label="Sign-ups per day: 2 in 30 days"/)
    t.match(res.body, /<caption>Sign-ups and accounts per day<\/caption>/)
    t.match(res.body, /Germany/)
    t.match(res.body, /No sales in the last 30 days\./)
    t.equal(res.body.match(/<tbody>/g)?.length, 3, 'users, AI calls and alerts day by day')
    t.match(res.body, /href="\/en\/dashboard\/site-overview"/, 'in the admin menu')
  })

  await t.test('in Persian, right to left with Persian digits', async (t) => {
    const res = await gateway.inject({ url: '/dashboard/site-overview', cookies: admin.cookies })
    t.equal(res.statusCode, 200)
    t.match(res.body, /<html[^>]*dir="rtl"/)
    t.match(res.body, /<h1[^>]*>نمای کلی سایت<\/h1>/)
    t.match(res.body, /<dt>حساب‌ها<\/dt><dd>۲<\/dd>/)
    t.match(res.body, /آلمان/)
  })
})
