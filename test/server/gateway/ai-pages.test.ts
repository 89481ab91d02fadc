import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const ORIGIN = 'https://khaneh.example'

t.test('AI pages', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const reader = await signInThroughGateway(gateway, 5300, 'Shirin')
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const first = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 700 })
  const second = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 900 })
  const page = (url: string, cookies: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME }, cookies })

  await t.test(
    'a listing page: "Analyze with AI" and its cost for a reader, a sign-in link back for a guest',
    async (t) => {
      const signedIn = await page(`/en/listing/${first.slug}`, reader.cookies)
      t.match(signedIn.body, /<h2 id="ai-tools-title">Check this listing with AI<\/h2>/)
      t.match(signedIn.body, /<button type="button" class="button"[^>]*>Analyze with AI<\/button>/)
      t.match(signedIn.body, /Uses 1 AI credit/)
      t.match(signedIn.body, /Compare with a favorite…/)
      const guest = await page(`/en/listing/${first.slug}`)
      t.match(
        guest.body,
        new RegExp(`href="/en/auth\\?next=%2Fen%2Flisting%2F${first.slug}"[^>]*>Sign in to analyze with AI`),
      )
      t.notMatch(guest.body, /Compare with a favorite/)
    },
  )

  await t.test(
    '/dashboard/favorites/compare: the two listings and the button; loading it spends no credit',
    async (t) => {
      const path = `/en/dashboard/favorites/compare?a=${first.id}&b=${second.id}`
      for (const _ of [1, 2]) {
        const res = await page(path, reader.cookies)
        t.equal(res.statusCode, 200)
        t.match(res.body, /<h1 id="compare-title">Compare listings<\/h1>/)
        t.match(res.body, /Uses 1 AI credit \(you have (<!-- -->)?3(<!-- -->)?\)/)
      }
      const fa = await page(`/dashboard/favorites/compare?a=${first.id}&b=${first.id}`, reader.cookies)
      t.match(fa.body, /<html lang="fa" dir="rtl"/)
      t.match(fa.body, /برای مقایسه، دو آگهی متفاوت را از علاقه‌مندی‌هایتان انتخاب کنید\./)
      const anonymous = await page(path)
      t.equal(anonymous.statusCode, 302)
      t.equal(anonymous.headers.location, `/en/auth?next=${encodeURIComponent(path)}`)
    },
  )

  await t.test(
    '/dashboard/ai-preferences: the form with the saved set, the cities named in the page language',
    async (t) => {
      const saved = await gateway.inject({
        method: 'PUT',
        url: '/api/v1/ai/preferences',
        headers: { origin: ORIGIN },
        cookies: reader.cookies,
        payload: { budget_max: 900, cities: ['berlin'], must_haves: ['furnished'] },
      })
      t.equal(saved.statusCode, 200, saved.body)
      const en = await page('/en/dashboard/ai-preferences', reader.cookies)
      t.equal(en.statusCode, 200)
      t.match(en.body, /<h1 id="prefs-title">AI preferences<\/h1>/)
      t.match(en.body, /name="budget_max"[^>]*value="900"/)
      t.match(en.body, /<bdi>Berlin<\/bdi><input type="hidden" name="cities" value="berlin"\/>/)
      t.match(en.body, /name="must_haves" checked="" value="furnished"/)
      t.notMatch(en.body, /on its way/, 'no placeholder')
      const fa = await page('/dashboard/ai-preferences', reader.cookies)
      t.match(fa.body, /<html lang="fa" dir="rtl"/)
      t.match(fa.body, /<bdi>برلین<\/bdi>/)
      const anonymous = await page('/en/dashboard/ai-preferences')
      t.equal(anonymous.statusCode, 302)
      t.equal(anonymous.headers.location, '/en/auth?next=%2Fen%2Fdashboard%2Fai-preferences')
    },
  )
})
