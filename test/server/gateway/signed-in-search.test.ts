import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'

/** The pressed state of each card's favourite button on a listings page, by the card's link. */
function hearts(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [, card] of html.matchAll(/<article class="listing-card[^"]*"[^>]*>([\s\S]*?)<\/article>/g)) {
    const slug = /href="\/en\/listing\/([^"]+)"/.exec(card!)?.[1] ?? '?'
    out[slug] = /aria-pressed="(true|false)"/.exec(card!)?.[1] ?? 'link'
  }
  return out
}

// The JSON caches are on here (as in production): a signed-in page's search is the shared, cached
// answer, and only the reader's marks are asked for each time (docs/decisions/028-signed-in-render.md).
t.test("a signed-in reader's listings page: the shared search with their own marks", async (t) => {
  const { gateway, db } = await buildTestStack(t, {}, { publicCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 9901)
  const reader = await signInThroughGateway(gateway, 9902)
  const other = await signInThroughGateway(gateway, 9903)
  const a = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', slug: 'flat-a' })
  const b = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', slug: 'flat-b' })
  const page = async (cookies?: Record<string, string>) => {
    const res = await gateway.inject({ url: '/en/listings?sort=newest', ...(cookies && { cookies }) })
    t.equal(res.statusCode, 200)
    return hearts(res.body)
  }

  t.same(await page(reader.cookies), { 'flat-b': 'false', 'flat-a': 'false' }, 'nothing saved yet')
  const saved = await gateway.inject({
    method: 'POST',
    url: `/api/v1/favorites/${a.id}`,
    headers: { origin: ORIGIN },
    cookies: reader.cookies,
  })
  t.equal(saved.statusCode, 200)
  t.same(await page(reader.cookies), { 'flat-b': 'false', 'flat-a': 'true' }, 'at once, though the search is cached')
  t.same(await page(other.cookies), { 'flat-b': 'false', 'flat-a': 'false' }, "another reader's page is their own")
  t.same(await page(), { 'flat-b': 'link', 'flat-a': 'link' }, 'a guest gets links to sign in')
  const hydration = (await gateway.inject({ url: '/en/listings?sort=newest', cookies: reader.cookies })).body.match(
    /__staticRouterHydrationData=(.*?);window\.__khanehShell/,
  )?.[1]
  t.match(JSON.parse(hydration!).loaderData['en:listings'].listings, [
    { id: b.id, isFavorited: false },
    { id: a.id, isFavorited: true },
  ])

  await gateway.inject({
    method: 'DELETE',
    url: `/api/v1/favorites/${a.id}`,
    headers: { origin: ORIGIN },
    cookies: reader.cookies,
  })
  t.same(await page(reader.cookies), { 'flat-b': 'false', 'flat-a': 'false' }, 'and removed at once')
})
