import t from 'tap'
import { buildTestStack, SESSION_COOKIES, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const FORM = 'application/x-www-form-urlencoded'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

// The owner's buttons, the paid checkouts and a notification's read as forms sent without the app
// (docs/decisions/041-forms-without-javascript.md).
t.test('the forms that needed the app, sent to their pages without it', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 7400, 'Shirin')
  const other = await signInThroughGateway(gateway, 7401, 'Dariush')
  const listingOf = (ownerId: number, status: 'active' | 'expired' = 'active') =>
    makeListing(db, { ownerId, cityId: berlin.id, countryCode: 'DE', status })
  const statusOf = async (id: number) =>
    (await db.query<{ status: string }>('SELECT status FROM listings WHERE id = $1', [id]))[0]?.status
  const paymentsOf = async (userId: number) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE user_id = $1', [userId]))[0]!.n
  const post = (
    url: string,
    cookies: Record<string, string>,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    gateway.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM, origin: ORIGIN, 'user-agent': CHROME, ...headers },
      cookies,
      payload: new URLSearchParams(form).toString(),
    })
  const act = (cookies: Record<string, string>, listing: number, intent: string, extra: Record<string, string> = {}) =>
    post('/en/dashboard/listings', cookies, { listing: String(listing), intent, ...extra })

  await t.test('rented, renewed, duplicated, removed: each a form of the owner’s listings page', async (t) => {
    const listing = await listingOf(owner.id)
    const rented = await act(owner.cookies, listing.id, 'rented')
    t.equal(rented.statusCode, 200, 'the page again, with the listing as it is now')
    t.equal(await statusOf(listing.id), 'rented')
    t.match(rented.body, /status-chip status-rented/)

    const renewed = await act(owner.cookies, listing.id, 'renew')
    t.equal(renewed.statusCode, 200)
    t.equal(await statusOf(listing.id), 'pending', 'sent for review again')

    const duplicated = await act(owner.cookies, listing.id, 'duplicate')
    t.equal(duplicated.statusCode, 303)
    const copy = Number(/^\/en\/dashboard\/listings\/(\d+)$/.exec(duplicated.headers.location as string)?.[1])
    t.ok(copy > listing.id, 'on to the copy’s form')
    t.equal(await statusOf(copy), 'pending')

    const removed = await act(owner.cookies, copy, 'remove')
    t.equal(removed.statusCode, 200)
    t.equal(await statusOf(copy), 'removed')
  })

  await t.test('“Remove” first asks: a step of the page, whose “Yes” is the form', async (t) => {
    const listing = await listingOf(owner.id)
    const asked = await gateway.inject({
      url: `/en/dashboard/listings?status=active&remove=${listing.id}`,
      headers: { 'user-agent': CHROME },
      cookies: owner.cookies,
    })
    t.equal(asked.statusCode, 200)
    t.match(asked.body, /Remove this listing\?/)
    t.match(
      asked.body,
      /<form[^>]*action="\/en\/dashboard\/listings\?status=active"/,
      'sent to the page without the step',
    )
    t.match(asked.body, /name="intent" value="remove"/)
    t.equal(await statusOf(listing.id), 'active', 'asking changes nothing')
  })

  await t.test('another’s listing, or a form from elsewhere: refused, and nothing changes', async (t) => {
    const listing = await listingOf(owner.id)
    for (const intent of ['rented', 'duplicate', 'remove', 'pay-boost']) {
      const res = await act(other.cookies, listing.id, intent)
      t.ok([403, 404].includes(res.statusCode), `${intent}: ${res.statusCode}`)
      t.match(res.body, /This listing is no longer yours to change\./, intent)
    }
    t.equal(await statusOf(listing.id), 'active')
    const crossSite = await post(
      '/en/dashboard/listings',
      owner.cookies,
      { listing: String(listing.id), intent: 'remove' },
      { origin: 'https://evil.example' },
    )
    t.equal(crossSite.statusCode, 403, 'the owner’s own listing, from another site')
    t.equal(await statusOf(listing.id), 'active')
    t.equal(await paymentsOf(other.id), 0, 'no payment for another’s listing')
  })

  await t.test('a paid boost: 303 to the checkout, one payment per attempt, nothing granted by the form', async (t) => {
    const listing = await listingOf(owner.id)
    const before = await paymentsOf(owner.id)
    const attempt = crypto.randomUUID()
    const first = await act(owner.cookies, listing.id, 'pay-boost', { attempt })
    t.equal(first.statusCode, 303)
    const checkout = first.headers.location as string
    t.match(checkout, /^\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
    const resent = await act(owner.cookies, listing.id, 'pay-boost', { attempt })
    t.equal(resent.headers.location, checkout, 'the browser’s resend is the same payment')
    t.equal(await paymentsOf(owner.id), before + 1)
    const [row] = await db.query<{ boost_until: Date | null }>('SELECT boost_until FROM listings WHERE id = $1', [
      listing.id,
    ])
    t.equal(row!.boost_until, null, 'not boosted before the provider confirms')

    // the sandbox is the provider here: its Pay confirms, then the result page
    const id = checkout.split('/').pop()!
    const paid = await post(checkout, owner.cookies, { intent: 'pay' })
    t.equal(paid.statusCode, 303)
    t.equal(paid.headers.location, `/en/checkout/result/${id}`)
    const result = await gateway.inject({
      url: paid.headers.location,
      headers: { 'user-agent': CHROME },
      cookies: owner.cookies,
    })
    t.match(result.body, /Payment received/)
    const [boosted] = await db.query<{ boost_until: Date | null }>('SELECT boost_until FROM listings WHERE id = $1', [
      listing.id,
    ])
    t.ok(boosted!.boost_until, 'boosted once paid')
    const twice = await post(checkout, owner.cookies, { intent: 'cancel' })
    t.equal(twice.statusCode, 409, 'a finished payment cannot be cancelled: the page says so')
    t.match(twice.body, /already been completed or cancelled/)
  })

  await t.test('a paid contact: 303 to its checkout', async (t) => {
    const listing = await listingOf(other.id)
    const res = await post(`/en/listing/${listing.slug}`, owner.cookies, { listing: String(listing.id), intent: 'pay' })
    t.equal(res.statusCode, 303)
    t.match(res.headers.location, /^\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
    const [payment] = await db.query<{ kind: string; status: string }>(
      'SELECT kind, status FROM payments WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [owner.id],
    )
    t.same(payment, { kind: 'contact', status: 'pending' })
  })

  await t.test('a plan with the coupon field: a coupon refused is the page again; a plan bought → 303', async (t) => {
    const before = await paymentsOf(other.id)
    const refused = await post('/en/pricing', other.cookies, { plan: 'quarterly', coupon: 'NO-SUCH-CODE' })
    t.equal(refused.statusCode, 409)
    t.match(refused.body, /There is no coupon with this code\./)
    t.match(refused.body, /name="coupon"[^>]*value="NO-SUCH-CODE"/, 'the typed coupon is kept')
    t.match(refused.body, /name="attempt" value="[0-9a-f-]{36}"/, 'the attempt goes again with a retry')
    t.equal(await paymentsOf(other.id), before)
    const bought = await post('/en/pricing', other.cookies, { plan: 'quarterly', coupon: '' })
    t.equal(bought.statusCode, 303)
    t.match(bought.headers.location, /^\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
    const guest = await post('/en/pricing', {}, { plan: 'quarterly' })
    t.equal(guest.statusCode, 303)
    t.match(guest.headers.location, /^\/en\/auth\?/, 'a guest is asked to sign in')
  })

  await t.test('an unread notification opened: marked read, then on to where it leads (303)', async (t) => {
    const listing = await listingOf(other.id)
    const [n] = await db.query<{ id: number }>(
      `INSERT INTO notifications (user_id, title, body, data) VALUES ($1, 'Berlin', 'Berlin · 800 EUR', $2) RETURNING id::int AS id`,
      [owner.id, JSON.stringify({ listing_id: listing.id, url: `/listing/${listing.slug}` })],
    )
    const page = await gateway.inject({
      url: '/en/dashboard/alerts',
      headers: { 'user-agent': CHROME },
      cookies: owner.cookies,
    })
    t.match(page.body, /name="intent" value="read"/)
    t.match(page.body, /Push notifications need JavaScript in this browser\./, 'push says it needs scripts')
    const strangers = await post('/en/dashboard/alerts', other.cookies, { id: String(n!.id), intent: 'read' })
    t.equal(strangers.statusCode, 404, 'another’s notification')
    const read = await post('/en/dashboard/alerts', owner.cookies, { id: String(n!.id), intent: 'read' })
    t.equal(read.statusCode, 303)
    t.equal(read.headers.location, `/en/listing/${listing.slug}`)
    const [row] = await db.query<{ read_at: Date | null }>('SELECT read_at FROM notifications WHERE id = $1', [n!.id])
    t.ok(row!.read_at)
  })

  await t.test('“Sign out” as a form: the session revoked at the API, its cookies cleared, home (303)', async (t) => {
    const leaving = await signInThroughGateway(gateway, 7402, 'Leila')
    const forged = await post('/en/sign-out', leaving.cookies, {}, { origin: 'https://evil.example' })
    t.equal(forged.statusCode, 403, 'no signing out from another site')
    const out = await post('/en/sign-out', leaving.cookies, {})
    t.equal(out.statusCode, 303)
    t.equal(out.headers.location, '/en')
    const cleared = setCookies(out)
    t.equal(cleared[SESSION_COOKIES.access]?.value, '', 'the access cookie cleared')
    t.equal(cleared[SESSION_COOKIES.refresh]?.value, '', 'the refresh cookie cleared')
    const refreshed = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { [SESSION_COOKIES.refresh]: leaving.refresh },
    })
    t.equal(refreshed.statusCode, 401, 'the refresh token no longer works')
    const page = await gateway.inject({ url: '/en/sign-out', headers: { 'user-agent': CHROME } })
    t.equal(page.statusCode, 302, 'nothing to see at its address')
  })
})
