import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const ORIGIN = 'https://khaneh.example'

t.test('money pages', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const buyer = await signInThroughGateway(gateway, 5100, 'Roya')
  const stranger = await signInThroughGateway(gateway, 5101, 'Kian')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const listing = await makeListing(db, {
    ownerId: stranger.id,
    cityId: berlin.id,
    countryCode: 'DE',
    slug: 'money-room',
  })

  const page = (url: string, cookies: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME }, cookies })
  const purchase = (key: string, plan = 'quarterly') =>
    gateway.inject({
      method: 'POST',
      url: '/api/v1/subscription/purchase?language=en',
      headers: { origin: ORIGIN, 'idempotency-key': key },
      cookies: buyer.cookies,
      payload: { plan_key: plan },
    })

  await t.test('/pricing in every language: the plans, the popular badge, the FAQ; fa in rials, RTL', async (t) => {
    const en = await page('/en/pricing')
    t.equal(en.statusCode, 200)
    t.match(en.body, /Choose your plan/)
    t.match(en.body, /Most popular/)
    t.match(en.body, /€11\.99/)
    t.match(en.body, /Sign in to buy/)
    t.notMatch(en.body, /on its way/, 'no placeholder')
    const fa = await page('/pricing')
    t.match(fa.body, /<html lang="fa" dir="rtl"/)
    t.match(fa.body, /۷۱۹٬۴۰۰/, 'quarterly in rials with Persian digits')
    for (const code of ['tr', 'es', 'de', 'it']) t.equal((await page(`/${code}/pricing`)).statusCode, 200, code)
    const signedIn = await page('/en/pricing', buyer.cookies)
    t.match(signedIn.body, /Buy /)
    t.match(signedIn.body, /Coupon code/)
  })

  await t.test(
    'the gateway passes the Idempotency-Key: one key, one payment; the checkout page is the payer’s only',
    async (t) => {
      const key = crypto.randomUUID()
      const first = await purchase(key)
      t.equal(first.statusCode, 200)
      const { payment_id: id, checkout_url: url } = first.json().data
      t.equal(url, `/en/checkout/sandbox/${id}`)
      t.equal((await purchase(key)).json().data.payment_id, id)
      t.equal((await purchase(key, 'yearly')).statusCode, 409)

      const checkout = await page(url, buyer.cookies)
      t.equal(checkout.statusCode, 200)
      t.match(checkout.body, /TEST PAYMENT/)
      t.match(checkout.body, /Pay \(test\)/)
      t.match(checkout.body, /Premium, quarterly plan/)
      t.equal((await page(url, stranger.cookies)).statusCode, 404)
      const anonymous = await page(url)
      t.equal(anonymous.statusCode, 302)
      t.equal(anonymous.headers.location, `/en/auth?next=${encodeURIComponent(url)}`)

      const pending = await page(`/en/checkout/result/${id}`, buyer.cookies)
      t.match(pending.body, /Waiting for the payment/)
      const paid = await gateway.inject({
        method: 'POST',
        url: `/api/v1/payments/sandbox/${id}/confirm`,
        headers: { origin: ORIGIN },
        cookies: buyer.cookies,
        payload: {},
      })
      t.equal(paid.json().data.status, 'paid')
      const result = await page(`/en/checkout/result/${id}`, buyer.cookies)
      t.match(result.body, /Payment received/)
      t.match(result.body, /href="\/en\/dashboard\/subscription"/)
    },
  )

  await t.test(
    'a boost paid after its listing was rented: the result page says it was refunded, and why',
    async (t) => {
      const owner = stranger
      const rented = await makeListing(db, {
        ownerId: owner.id,
        cityId: berlin.id,
        countryCode: 'DE',
        slug: 'let-room',
      })
      const write = (method: string, url: string, payload: object, headers: Record<string, string> = {}) =>
        gateway.inject({ method, url, headers: { origin: ORIGIN, ...headers }, cookies: owner.cookies, payload })
      const checkout = await write(
        'POST',
        `/api/v1/payments/listings/${rented.id}/boost?language=en`,
        {},
        {
          'idempotency-key': crypto.randomUUID(),
        },
      )
      t.equal(checkout.statusCode, 200)
      const id = checkout.json().data.payment_id
      t.equal((await write('PUT', `/api/v1/users/listings/${rented.id}/status`, { status: 'rented' })).statusCode, 200)
      const confirmed = await write('POST', `/api/v1/payments/sandbox/${id}/confirm`, {})
      t.equal(confirmed.json().data.status, 'refunded')
      const result = await page(`/en/checkout/result/${id}`, owner.cookies)
      t.match(result.body, /Payment refunded/)
      t.match(result.body, /The listing was no longer active when the payment arrived, so it was not boosted\./)
      t.match(
        result.body,
        /<a href="\/en\/listing\/let-room"[^>]*>Back to the listing<\/a>/,
        "back to the listing's one address, its slug's",
      )
    },
  )

  await t.test('/dashboard/subscription and /dashboard/referrals: real pages, signed in only', async (t) => {
    const subscription = await page('/en/dashboard/subscription', buyer.cookies)
    t.equal(subscription.statusCode, 200)
    t.match(subscription.body, /Premium until/)
    t.match(subscription.body, /Redeem a coupon/)
    t.match(subscription.body, /Quarterly/)
    const referrals = await page('/en/dashboard/referrals', buyer.cookies)
    t.equal(referrals.statusCode, 200)
    t.match(referrals.body, /https:\/\/t\.me\/share\/url\?url=/)
    t.match(referrals.body, /Invited by a friend\?/)
    for (const url of ['/en/dashboard/subscription', '/en/dashboard/referrals'])
      t.equal((await page(url)).statusCode, 302, `${url} anonymous`)
  })

  await t.test(
    'a listing page: Show contact is a form button for a reader, a sign-in link for a guest; no phone in either',
    async (t) => {
      const reader = await page(`/en/listing/${listing.slug}`, buyer.cookies)
      // a form of the page's action, which works without JavaScript (docs/decisions/041-forms-without-javascript.md)
      t.match(
        reader.body,
        /method="post"><input type="hidden" name="listing"[^>]*\/><button type="submit" class="button"[^>]*>Show contact<\/button>/,
      )
      const guest = await page(`/en/listing/${listing.slug}`)
      t.match(guest.body, /href="\/en\/auth\?next=%2Fen%2Flisting%2Fmoney-room"[^>]*>Show contact/)
      const owner = await page(`/en/listing/${listing.slug}`, stranger.cookies)
      t.match(owner.body, />Boost<\/button>/)
    },
  )
})
