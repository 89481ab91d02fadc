import t from 'tap'
import { loader } from '../../../../client/features/moderation/moderation-page.tsx'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('moderation page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  // the test API makes Telegram user 777 an admin
  const admin = await telegramSession(app, 777, 'Admin')
  const reader = await telegramSession(app, 4400, 'Reader')
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const waiting = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })
  const reported = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  t.equal(
    (
      await apiCaller(app)('POST', `/listings/${reported.id}/report`, reader.token, {
        reason: 'scam',
        details: 'asks for a deposit first',
      })
    ).statusCode,
    201,
  )
  const load = (search: string, token?: string) =>
    loader(routeArgs(`/en/dashboard/moderation${search}`, { app, token }))

  await t.test('an admin, no tab → the listings awaiting review and the numbers', async (t) => {
    const page = await load('', admin.token)
    t.equal(page.tab, 'pending')
    t.same(
      page.pending?.listings.map((l) => l.id),
      [waiting.id],
    )
    t.equal(page.reports, null)
    t.match(page.stats, { pendingListings: 1, openReports: 1 })
  })

  await t.test('an admin on the reports tab → the open reports; an unknown tab is the pending one', async (t) => {
    const page = await load('?tab=reports&page=1', admin.token)
    t.equal(page.pending, null)
    t.match(page.reports?.reports, [
      { reason: 'scam', listing: { id: reported.id }, reporter: { firstName: 'Reader' } },
    ])
    t.same((await load('?tab=closed', admin.token)).reports?.reports, [], 'no report resolved yet')
    t.equal((await load('?tab=everything', admin.token)).tab, 'pending')
  })

  await t.test('a signed-in reader who is not an admin → 404, the page does not exist for them', async (t) => {
    t.match(await thrownBy(() => load('', reader.token)), {
      data: { message: 'Page not found' },
      init: { status: 404 },
    })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => load('?tab=reports'))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Fmoderation%3Ftab%3Dreports',
    })
  })
})
