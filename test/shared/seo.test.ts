import t from 'tap'
import { alternates, canonicalSearch, cityPath, jsonLdText } from '../../shared/seo.ts'

t.test('canonicalSearch: only the landing dimensions of /listings survive', async (t) => {
  const q = (s: string) => new URLSearchParams(s)
  t.equal(
    canonicalSearch(
      '/listings',
      q('utm_source=a&utm_medium=b&fbclid=c&gclid=d&city=berlin&sort=boosted&page=1&country=DE'),
    ),
    '?country=DE&city=berlin',
  )
  t.equal(canonicalSearch('/listings', q('page=3&type=apartment&min_price=100')), '?page=3')
  t.equal(canonicalSearch('/listings', q('page=abc&city=')), '')
  t.equal(canonicalSearch('/listings', q('city=s%C3%A3o paulo')), '?city=s%C3%A3o+paulo')
  t.equal(canonicalSearch('/pricing', q('utm_source=a&city=berlin')), '', 'other pages have no query')
  t.equal(canonicalSearch('/listings', q('city=berlin')), canonicalSearch('/listings', q('city=berlin&utm_x=1')))
})

t.test('city pages are their own canonical address', async (t) => {
  const path = cityPath('DE', 'berlin')
  t.equal(path, '/listings?country=DE&city=berlin')
  const [pathname, query] = path.split('?')
  t.equal(canonicalSearch(pathname!, new URLSearchParams(query)), `?${query}`)
})

t.test('alternates: six languages and x-default, the query kept', async (t) => {
  t.same(alternates('https://k.example', '/listings?country=DE&city=berlin'), [
    { hreflang: 'fa', href: 'https://k.example/listings?country=DE&city=berlin' },
    { hreflang: 'en', href: 'https://k.example/en/listings?country=DE&city=berlin' },
    { hreflang: 'tr', href: 'https://k.example/tr/listings?country=DE&city=berlin' },
    { hreflang: 'es', href: 'https://k.example/es/listings?country=DE&city=berlin' },
    { hreflang: 'de', href: 'https://k.example/de/listings?country=DE&city=berlin' },
    { hreflang: 'it', href: 'https://k.example/it/listings?country=DE&city=berlin' },
    { hreflang: 'x-default', href: 'https://k.example/listings?country=DE&city=berlin' },
  ])
  t.equal(alternates('https://k.example', '/')[1]!.href, 'https://k.example/en')
})

t.test('jsonLdText: nothing inside can end a script element; the value survives', async (t) => {
  const value = { text: '</script><script>alert(1)</script> <!-- a & b > c \u2028\u2029' }
  const text = jsonLdText(value)
  t.notMatch(text, /[<>&\u2028\u2029]/)
  t.match(text, /\\u003c\/script\\u003e/)
  t.same(JSON.parse(text), value)
})
