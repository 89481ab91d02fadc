import t from 'tap'
import { sortFrom, toApiQuery } from '../../client/features/listings/search-params.ts'
import { serializeForScript } from '../../client/lib/serialize.ts'

t.test('listing search params', async (t) => {
  t.test('known keys only, empty values and status dropped, prices parsed to integers', async (t) => {
    const q = toApiQuery(
      new URLSearchParams('city=berlin&min_price=300.7&max_price=abc&type=&foo=bar&status=all&page=2'),
    )
    t.same(q, { city: 'berlin', min_price: 300, page: '2' })
  })
  t.test('prices typed in Persian digits with separators; their currency kept only beside a price', async (t) => {
    t.same(toApiQuery(new URLSearchParams('min_price=۳۰٬۰۰۰٬۰۰۰&max_price=60,000,000&price_currency=irr')), {
      min_price: 30_000_000,
      max_price: 60_000_000,
      price_currency: 'IRR',
    })
    t.same(toApiQuery(new URLSearchParams('min_price=&price_currency=IRR&city=berlin')), { city: 'berlin' })
  })
  t.test('sort_by/order map to the API sorts; default none (the API defaults to boosted)', async (t) => {
    t.equal(sortFrom(new URLSearchParams('sort_by=created_at&order=asc')), 'newest')
    t.equal(sortFrom(new URLSearchParams('sort_by=rent&order=asc')), 'price_asc')
    t.equal(sortFrom(new URLSearchParams('sort_by=rent&order=desc')), 'price_desc')
    t.equal(sortFrom(new URLSearchParams('sort=newest')), 'newest')
    t.equal(sortFrom(new URLSearchParams('sort=bogus')), undefined)
  })
})

t.test('state for inline scripts is escaped', async (t) => {
  const text = serializeForScript({ d: '</script><script>alert(1)</script>&\u2028\u2029' })
  t.notMatch(text, /[<>&\u2028\u2029]/)
  t.same(JSON.parse(text), { d: '</script><script>alert(1)</script>&\u2028\u2029' })
})
