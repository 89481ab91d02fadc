import t from 'tap'
import { buildTestApi } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../../helpers/factories.ts'

t.test('listings routes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db, { first_name: 'Reza', username: 'reza' })
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', { en: 'Turkey', fa: 'ترکیه' }, 'TRY')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین', de: 'Berlin' })
  const hamburg = await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg', fa: 'هامبورگ' })
  const istanbul = await makeCity(db, 'TR', 'istanbul', { en: 'Istanbul', fa: 'استانبول', tr: 'İstanbul' })
  const day = 86_400_000
  const base = Date.now() - 30 * day
  const cheap = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 500,
    type: 'private_room',
    createdAt: new Date(base + 1 * day),
  })
  const dear = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 1500,
    hasContract: true,
    createdAt: new Date(base + 2 * day),
  })
  const negotiable = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: null,
    createdAt: new Date(base + 3 * day),
  })
  const boosted = await makeListing(db, {
    ownerId: owner.id,
    cityId: hamburg.id,
    countryCode: 'DE',
    rent: 900,
    genderPref: 'female',
    boostUntil: new Date(Date.now() + 3 * day),
    createdAt: new Date(base),
  })
  const expiredBoost = await makeListing(db, {
    ownerId: owner.id,
    cityId: hamburg.id,
    countryCode: 'DE',
    rent: 700,
    boostUntil: new Date(Date.now() - day),
    createdAt: new Date(base + 4 * day),
  })
  const lira = await makeListing(db, {
    ownerId: owner.id,
    cityId: istanbul.id,
    countryCode: 'TR',
    rent: 20000,
    currency: 'TRY',
    eurPerUnit: 0.026,
    term: 'short',
    createdAt: new Date(base + 5 * day),
  })
  const pending = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
    createdAt: new Date(base + 6 * day),
  })

  const list = async (query: string) => {
    const res = await app.inject({ url: `/api/v1/listings${query}` })
    t.equal(res.statusCode, 200, `GET /listings${query} → 200`)
    return res.json().data as {
      listings: Array<{ id: number; [k: string]: unknown }>
      pagination: Record<string, unknown>
    }
  }
  const ids = (page: { listings: Array<{ id: number }> }) => page.listings.map((l) => l.id)

  await t.test('default order is boosted: boosted-now first, then newest; pending never shown', async (t) => {
    const page = await list('')
    t.same(ids(page), [boosted.id, lira.id, expiredBoost.id, negotiable.id, dear.id, cheap.id])
    t.notOk(ids(page).includes(pending.id))
    t.match(page.pagination, {
      current_page: 1,
      total_pages: 1,
      total_items: 6,
      items_per_page: 20,
      has_next: false,
      has_prev: false,
    })
    t.equal(page.listings[0]!.is_boosted, true)
    t.equal(page.listings[0]!.contact, null, 'contact never leaks into search')
  })

  await t.test('pagination across the boosted boundary keeps the order', async (t) => {
    const first = await list('?limit=2&page=1')
    const second = await list('?limit=2&page=2')
    const third = await list('?limit=2&page=3')
    t.same(
      [...ids(first), ...ids(second), ...ids(third)],
      [boosted.id, lira.id, expiredBoost.id, negotiable.id, dear.id, cheap.id],
    )
    t.match(second.pagination, { total_pages: 3, has_next: true, has_prev: true })
  })

  await t.test('sorts: newest, price_asc, price_desc (negotiable last)', async (t) => {
    t.same(ids(await list('?sort=newest')), [lira.id, expiredBoost.id, negotiable.id, dear.id, cheap.id, boosted.id])
    t.same(ids(await list('?sort=price_asc')), [cheap.id, lira.id, expiredBoost.id, boosted.id, dear.id, negotiable.id])
    t.same(ids(await list('?sort=price_desc')), [
      dear.id,
      boosted.id,
      expiredBoost.id,
      lira.id,
      cheap.id,
      negotiable.id,
    ])
  })

  await t.test('filters: country, city (any script or case), type, term, contract, gender', async (t) => {
    t.same(ids(await list('?country=tr')), [lira.id])
    t.same(ids(await list('?city=Berlin&sort=newest')), [negotiable.id, dear.id, cheap.id])
    t.same(ids(await list('?type=private_room')), [cheap.id])
    t.same(ids(await list('?term=short')), [lira.id])
    t.same(ids(await list('?has_contract=true')), [dear.id])
    t.same(
      ids(await list('?gender_pref=male&city=hamburg')),
      [expiredBoost.id],
      'male sees male or any, not female-only',
    )
    t.same(ids(await list('?gender_pref=female&city=hamburg')), [boosted.id, expiredBoost.id])
  })

  await t.test('price range in the country currency; negotiable only when asked', async (t) => {
    t.same(ids(await list('?min_price=600&max_price=1000&sort=price_asc')), [expiredBoost.id, boosted.id])
    t.same(ids(await list('?country=TR&max_price=25000')), [lira.id], 'TRY amounts for a Turkish search')
    t.same(ids(await list('?country=TR&max_price=15000')), [])
    t.same(ids(await list('?city=berlin&max_price=600&include_discussable=true&sort=newest')), [
      negotiable.id,
      cheap.id,
    ])
    t.same(ids(await list('?city=berlin&include_discussable=false&sort=newest')), [dear.id, cheap.id])
  })

  await t.test('bad query parameters → 400 envelope with field errors, nothing else', async (t) => {
    const res = await app.inject({
      url: '/api/v1/listings?limit=many&sort=cheapest&min_price=-3&type=castle&max_price=abc',
    })
    t.equal(res.statusCode, 400)
    const body = res.json()
    t.equal(body.success, false)
    t.equal(body.data, null)
    t.equal(body.error.code, 'VALIDATION_ERROR')
    t.ok(Array.isArray(body.error.details) && body.error.details.length >= 1)
    t.ok(body.error.details.every((d: { path: string }) => d.path.startsWith('querystring')))
    t.same(body.error.details.map((d: { path: string }) => d.path).sort(), [
      'querystring.limit',
      'querystring.max_price',
      'querystring.min_price',
      'querystring.sort',
      'querystring.type',
    ])
    const swapped = await app.inject({ url: '/api/v1/listings?min_price=900&max_price=100' })
    t.equal(swapped.statusCode, 400)
    t.match(swapped.json().error.details, [{ path: 'querystring.min_price' }])
  })

  await t.test('GET /listings/:id by id or slug; only active listings are public', async (t) => {
    const byId = await app.inject({ url: `/api/v1/listings/${dear.id}?language=fa` })
    t.equal(byId.statusCode, 200)
    t.match(byId.json().data, {
      id: dear.id,
      slug: dear.slug,
      city_name: 'برلین',
      country_name: 'آلمان',
      owner: { first_name: 'Reza' },
    })
    const bySlug = await app.inject({ url: `/api/v1/listings/${dear.slug}?language=en` })
    t.match(bySlug.json().data, { id: dear.id, city_name: 'Berlin' })
    const hidden = await app.inject({ url: `/api/v1/listings/${pending.slug}` })
    t.equal(hidden.statusCode, 404)
    t.match(hidden.json(), { success: false, error: { code: 'NOT_FOUND' } })
    t.equal((await app.inject({ url: '/api/v1/listings/no-such-listing' })).statusCode, 404)
  })

  await t.test('page sizes are clamped, not refused: limit and per_page 1–100, page at least 1', async (t) => {
    t.match((await list('?limit=0')).pagination, { items_per_page: 1, total_pages: 6 })
    t.match((await list('?limit=-5')).pagination, { items_per_page: 1 })
    t.match((await list('?limit=500')).pagination, { items_per_page: 100, total_pages: 1 })
    t.match((await list('?limit=2.5&page=-3')).pagination, { items_per_page: 2, current_page: 1 })
    t.match(
      (await list('?limit=&page=')).pagination,
      { items_per_page: 20, current_page: 1 },
      'empty values are the defaults',
    )
    const search = async (query: string) =>
      (await app.inject({ url: `/api/v1/listings/search${query}` })).json().data.pagination
    t.match(await search('?per_page=0'), { items_per_page: 1 })
    t.match(await search('?per_page=500'), { items_per_page: 100 })
  })

  await t.test('prices are read as whole numbers: 300.7 is 300; empty is no price', async (t) => {
    t.same(
      ids(await list('?min_price=700.9&max_price=900.99&sort=price_asc')),
      [expiredBoost.id, boosted.id],
      'min 700, max 900',
    )
    t.same(ids(await list('?min_price=500.7&max_price=500.9&city=berlin')), [cheap.id], 'both are 500, not 501')
    t.same(ids(await list('?min_price=1500.9&city=berlin')), [dear.id], '1500.9 is 1500')
    t.same(
      ids(await list('?min_price=&max_price=&city=berlin&include_discussable=false&sort=newest')),
      [dear.id, cheap.id],
      'empty prices are dropped, not 0',
    )
    const search = await app.inject({ url: '/api/v1/listings/search?max_price=600.5&city=berlin' })
    t.same(ids(search.json().data), [cheap.id], 'the older search call reads prices the same way')
  })

  await t.test('GET /listings/search maps the older parameter names', async (t) => {
    const res = await app.inject({ url: '/api/v1/listings/search?apartment_type=private_room&per_page=5' })
    t.equal(res.statusCode, 200)
    t.same(ids(res.json().data), [cheap.id])
    t.equal(res.json().data.pagination.items_per_page, 5)
  })

  await t.test('unknown routes and text/plain bodies get envelopes', async (t) => {
    const missing = await app.inject({ url: '/api/v1/nowhere' })
    t.equal(missing.statusCode, 404)
    t.equal(missing.json().error.code, 'NOT_FOUND')
    const plain = await app.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    })
    t.ok([404, 415].includes(plain.statusCode))
    t.equal(plain.json().success, false)
  })
})
