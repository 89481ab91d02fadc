import t from 'tap'
import { LOCALE_CODES } from '../../../../shared/locales.ts'
import { SitemapListingsSchema, SitemapSummarySchema } from '../../../../shared/schemas/sitemap.ts'
import { apiCaller, buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

t.test('GET /sitemap and GET /sitemap/listings', async (t) => {
  const page = (title: string) => `---\ntitle: ${title}\ndescription: d\n---\ntext\n`
  // guide exists in every language (one nested), only-en in English alone
  const contentDir = t.testdir(
    Object.fromEntries(
      LOCALE_CODES.map((l) => [
        l,
        {
          'guide.md': page('Guide'),
          help: { 'deposits.md': page('Deposits') },
          ...(l === 'en' && { 'only-en.md': page('x') }),
        },
      ]),
    ),
  )
  const { app, db } = await buildTestApi(t, { contentDir })
  const call = apiCaller(app)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const munich = await makeCity(db, 'DE', 'munich')
  const ids: number[] = []
  for (let i = 0; i < 7; i++)
    ids.push((await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', slug: `flat-${i}` })).id)
  for (const status of ['rented', 'expired', 'removed', 'pending'])
    await makeListing(db, { ownerId: owner.id, cityId: munich.id, countryCode: 'DE', status })

  await t.test('the summary: content pages in every language, cities with active listings, chunks', async (t) => {
    const res = await call('GET', '/sitemap?chunk_size=3')
    t.equal(res.statusCode, 200)
    const data = SitemapSummarySchema.parse(res.json().data)
    t.same(
      data.content_pages.map((p) => p.slug),
      ['guide', 'help/deposits'],
    )
    t.same(
      data.cities.map((c) => `${c.country_code}/${c.key}`),
      ['DE/berlin'],
      'munich has no active listing',
    )
    t.same(
      data.listing_chunks.map((c) => [c.first_id, c.last_id, c.count]),
      [
        [ids[0], ids[2], 3],
        [ids[3], ids[5], 3],
        [ids[6], ids[6], 1],
      ],
    )
  })

  await t.test('listings: a keyset page of active listings within a range', async (t) => {
    const res = await call('GET', `/sitemap/listings?after=${ids[1]}&until=${ids[5]}&limit=3`)
    t.equal(res.statusCode, 200)
    const data = SitemapListingsSchema.parse(res.json().data)
    t.same(
      data.listings.map((l) => l.slug),
      ['flat-2', 'flat-3', 'flat-4'],
    )
    const rest = SitemapListingsSchema.parse(
      (await call('GET', `/sitemap/listings?after=${ids[4]}&until=${ids[5]}&limit=3`)).json().data,
    )
    t.same(
      rest.listings.map((l) => l.slug),
      ['flat-5'],
    )
    const all = SitemapListingsSchema.parse((await call('GET', '/sitemap/listings')).json().data)
    t.equal(all.listings.length, 7, 'never a rented, expired, removed or pending listing')
  })

  await t.test('bad input is 400 with the field named', async (t) => {
    for (const [url, field] of [
      ['/sitemap/listings?after=-1', 'after'],
      ['/sitemap/listings?until=abc', 'until'],
      ['/sitemap?chunk_size=abc', 'chunk_size'],
    ] as const) {
      const res = await call('GET', url)
      t.equal(res.statusCode, 400, url)
      t.match(JSON.stringify(res.json().error), field, url)
    }
  })
})
