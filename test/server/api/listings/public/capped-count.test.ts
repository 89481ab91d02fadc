import t from 'tap'
import { COUNT_CAP } from '../../../../../shared/constants.ts'
import { buildTestApi } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../../helpers/factories.ts'

// Counting stops at COUNT_CAP (docs/decisions/027-search-at-a-million.md): beyond it the total is a floor,
// `total_is_capped` says so, and every page up to the last listing can still be read.
t.test('search totals are capped, and the boosted order pages past its boosted listings', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const hamburg = await makeCity(db, 'DE', 'hamburg')
  const day = 86_400_000
  const extra = 25
  // COUNT_CAP + extra active listings in Berlin, a minute apart from now backwards (the newest has the lowest number)
  await db.query(
    `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, description,
       status, created_at, updated_at, activated_at)
     SELECT 'bulk-' || g, $1, 'apartment', 'DE', $2, (500 + g % 1000) * 100, 'EUR', (500 + g % 1000) * 100, 'A flat.',
            'active', now() - g * interval '1 minute', now(), now()
       FROM generate_series(1, $3::int) g`,
    [owner.id, berlin.id, COUNT_CAP + extra],
  )
  const base = Date.now() - 30 * day
  // three boosted listings in Hamburg (latest boost first), and two plain ones there
  const boosted: Array<{ id: number; slug: string }> = []
  for (let i = 0; i < 3; i++)
    boosted.push(
      await makeListing(db, {
        ownerId: owner.id,
        cityId: hamburg.id,
        countryCode: 'DE',
        boostUntil: new Date(Date.now() + (3 - i) * day),
        createdAt: new Date(base + i * day),
      }),
    )
  const plain = [
    await makeListing(db, {
      ownerId: owner.id,
      cityId: hamburg.id,
      countryCode: 'DE',
      createdAt: new Date(base + 5 * day),
    }),
    await makeListing(db, {
      ownerId: owner.id,
      cityId: hamburg.id,
      countryCode: 'DE',
      createdAt: new Date(base + 4 * day),
    }),
  ]

  const list = async (query: string) => {
    const res = await app.inject({ url: `/api/v1/listings${query}` })
    t.equal(res.statusCode, 200, `GET /listings${query} → 200`)
    return res.json().data as {
      listings: Array<{ id: number; slug: string }>
      pagination: Record<string, unknown>
    }
  }
  const ids = (page: { listings: Array<{ id: number }> }) => page.listings.map((l) => l.id)

  await t.test('past the cap: total_items is the cap, total_is_capped, has_next', async (t) => {
    const page = await list('?city=berlin&sort=newest')
    t.same(page.pagination, {
      current_page: 1,
      total_pages: COUNT_CAP / 20,
      total_items: COUNT_CAP,
      items_per_page: 20,
      has_next: true,
      has_prev: false,
      total_is_capped: true,
    })
    t.same(
      page.listings.map((l) => l.slug),
      Array.from({ length: 20 }, (_, i) => `bulk-${i + 1}`),
    )
    const all = await list('?sort=price_asc')
    t.match(all.pagination, { total_items: COUNT_CAP, total_is_capped: true, has_next: true })
  })

  await t.test('the pages past the cap are read, and only the last one has no next', async (t) => {
    const pageOf = (n: number) => list(`?city=berlin&sort=newest&limit=10&page=${COUNT_CAP / 10 + n}`)
    const slugs = (from: number, count: number) => Array.from({ length: count }, (_, i) => `bulk-${from + i}`)
    const first = await pageOf(1)
    t.same(
      first.listings.map((l) => l.slug),
      slugs(COUNT_CAP + 1, 10),
      'listings beyond the cap',
    )
    t.match(first.pagination, { has_next: true, has_prev: true, total_is_capped: true })
    const second = await pageOf(2)
    t.same(
      second.listings.map((l) => l.slug),
      slugs(COUNT_CAP + 11, 10),
    )
    t.match(second.pagination, { has_next: true })
    const last = await pageOf(3)
    t.same(
      last.listings.map((l) => l.slug),
      slugs(COUNT_CAP + 21, extra - 20),
    )
    t.match(last.pagination, { has_next: false, total_is_capped: true })
    t.same((await pageOf(4)).listings, [], 'nothing after the last listing')
  })

  await t.test('a filtered page is read as its ids first: the same order as a search on its place alone', async (t) => {
    // docs/decisions/027-search-at-a-million.md: a filter beyond the place reads the page's ids, then their rows
    const orders = {
      newest: 'created_at DESC, id DESC',
      price_asc: 'rent_eur_cents ASC, id ASC',
      price_desc: 'rent_eur_cents DESC, id DESC',
    }
    const inOrder = async (rent: string, order: string) =>
      (
        await db.query<{ id: number }>(
          `SELECT id FROM listings WHERE status = 'active' AND city_id = $1 AND ${rent} ORDER BY ${order}`,
          [berlin.id],
        )
      ).map((r) => r.id)
    for (const [sort, order] of Object.entries(orders)) {
      // 19 listings rent 500–509 EUR a month: a filter beyond the place
      const few = await inOrder('rent_eur_cents BETWEEN 50000 AND 50900', order)
      t.equal(few.length, 19)
      const seen: number[] = []
      for (let page = 1; page <= 6; page++)
        seen.push(...ids(await list(`?city=berlin&min_price=500&max_price=509&sort=${sort}&limit=4&page=${page}`)))
      t.same(seen, few, `${sort}, a few matches, page by page`)
      // all 1,025 of Berlin: its place alone
      const many = await inOrder('true', order)
      t.same(ids(await list(`?city=berlin&sort=${sort}&limit=20&page=3`)), many.slice(40, 60), `${sort}, many matches`)
      // every one of them is an apartment: a filter beyond the place, the same pages
      t.same(
        ids(await list(`?city=berlin&type=apartment&sort=${sort}&limit=20&page=3`)),
        many.slice(40, 60),
        `${sort}, many matches of a type`,
      )
    }
    // the boosted order, filtered: none is boosted in Berlin, so newest first, across both slices
    const few = await inOrder('rent_eur_cents BETWEEN 50000 AND 50900', orders.newest)
    const seen: number[] = []
    for (let page = 1; page <= 3; page++)
      seen.push(...ids(await list(`?city=berlin&min_price=500&max_price=509&limit=8&page=${page}`)))
    t.same(seen, few, 'boosted order, filtered')
  })

  await t.test('under the cap: an exact total, not capped', async (t) => {
    const page = await list('?city=hamburg')
    t.match(page.pagination, { total_items: 5, total_pages: 1, total_is_capped: false, has_next: false })
  })

  await t.test('the boosted order, page by page, across and past the boosted listings', async (t) => {
    const expected = [...boosted.map((l) => l.id), ...plain.map((l) => l.id)]
    for (const limit of [1, 2, 3, 4]) {
      const seen: number[] = []
      for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++)
        seen.push(...ids(await list(`?city=hamburg&limit=${limit}&page=${page}`)))
      t.same(seen, expected, `${limit} a page`)
    }
    const first = await list('?limit=2')
    t.same(
      ids(first),
      boosted.slice(0, 2).map((l) => l.id),
      'boosted listings lead the whole site',
    )
    t.match(first.pagination, { total_items: COUNT_CAP, total_is_capped: true })
  })
})
