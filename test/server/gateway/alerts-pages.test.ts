import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const ORIGIN = 'https://khaneh.example'

t.test('alerts pages', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const renter = await signInThroughGateway(gateway, 5200, 'Nasrin')
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const page = (url: string, cookies: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME }, cookies })

  await t.test(
    '/listings: "Save this search" for a signed-in reader, a sign-in link back here for a guest',
    async (t) => {
      const signedIn = await page('/en/listings?city=berlin&max_price=900', renter.cookies)
      t.equal(signedIn.statusCode, 200)
      // a form of the page's action, which works without JavaScript (docs/decisions/041-forms-without-javascript.md)
      t.match(
        signedIn.body,
        /<form class="inline-form"[^>]*action="\/en\/listings\?city=berlin[^"]*" method="post">.*?<button type="submit" class="button button-ghost">.*?Save this search<\/button>/s,
      )
      const guest = await page('/en/listings?city=berlin&max_price=900')
      t.match(
        guest.body,
        /href="\/en\/auth\?next=%2Fen%2Flistings%3Fcity%3Dberlin%26max_price%3D900"[^>]*>.*Sign in to save this search/s,
      )
      const fa = await page('/listings?city=berlin', renter.cookies)
      t.match(fa.body, /ذخیرهٔ این جست‌وجو/)
    },
  )

  await t.test(
    '/dashboard/alerts: empty, then the saved search with its summary, the limit and the inbox',
    async (t) => {
      const empty = await page('/en/dashboard/alerts', renter.cookies)
      t.equal(empty.statusCode, 200)
      t.match(empty.body, /No saved searches yet/)
      t.match(empty.body, /0 of 1 alerts active/)
      t.notMatch(empty.body, /on its way/, 'no placeholder')

      const created = await gateway.inject({
        method: 'POST',
        url: '/api/v1/alerts',
        headers: { origin: ORIGIN },
        cookies: renter.cookies,
        payload: { name: 'Berlin · up to €900', filters: { city: 'berlin', max_price: '900', type: 'private_room' } },
      })
      t.equal(created.statusCode, 201, created.body)

      const en = await page('/en/dashboard/alerts', renter.cookies)
      t.match(en.body, /1 of 1 alerts active/)
      t.match(en.body, /href="\/en\/pricing"[^>]*>Upgrade for 10/)
      t.match(en.body, /Berlin · up to €900 · Private room/, 'the summary of the filters')
      t.match(en.body, /href="\/en\/listings\?city=berlin&amp;type=private_room&amp;max_price=900"/, 'open the search')
      t.match(en.body, /No notifications yet/)
      t.match(en.body, /0 unread/)

      const fa = await page('/dashboard/alerts', renter.cookies)
      t.match(fa.body, /<html lang="fa" dir="rtl"/)
      t.match(fa.body, /برلین · تا [۰-۹٬]+ ریال · اتاق خصوصی/, 'the summary in Persian, the rent in rials')
      t.match(fa.body, /۱ از ۱ هشدار فعال/)

      const unread = await page('/en/dashboard/alerts?unread=1', renter.cookies)
      t.match(unread.body, /Nothing unread/)
      t.match(unread.body, /aria-pressed="true"[^>]*>Show all/)

      const anonymous = await page('/en/dashboard/alerts')
      t.equal(anonymous.statusCode, 302)
      t.equal(anonymous.headers.location, '/en/auth?next=%2Fen%2Fdashboard%2Falerts')
    },
  )
})
