import t, { type Test } from 'tap'
import { apiCaller, buildTestApi, telegramSession, type ApiMethod } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { recordLogLines } from '../../../helpers/logs.ts'

const CONTACT = '+98 912 555 0142'
// the contact as it might be spelled elsewhere: the whole, and its digits
const LEAKS = [CONTACT, '5550142', '9125550142']
const leaked = (text: string) => LEAKS.filter((form) => text.includes(form))

// The owner's contact leaves the API only in the contact answer to an entitled reader and in the
// listing read of those who opened it or manage the listing: never in any other answer or log line.
t.test("the owner's contact appears in no other answer and no log", async (t) => {
  // the public caches on, as in production: a read cached for one reader must not carry it to another
  const { app, db } = await buildTestApi(t, { publicCacheMs: 60_000 })
  const call = apiCaller(app)
  const logs = recordLogLines(app.log)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await telegramSession(app, 8601, 'Owner')
  const reader = await telegramSession(app, 8602, 'Reader')
  const stranger = await telegramSession(app, 8603, 'Stranger')
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    contact: CONTACT,
  })
  const others = await Promise.all(
    [1, 2, 3].map(() =>
      makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', contact: CONTACT }),
    ),
  )
  await db.query(
    `INSERT INTO listing_translations (listing_id, language, description) VALUES ($1, 'fa', 'آپارتمانی روشن نزدیک ایستگاه')`,
    [listing.id],
  )

  const checked: string[] = []
  /** Every answer a reader without access gets about the listing: none may carry the contact. */
  const noContact = async (t: Test, label: string, token: string | null) => {
    const reads: Array<[string, ApiMethod, string, object?]> = [
      ['search', 'GET', '/listings?language=en'],
      ['search, boosted order', 'GET', '/listings?sort=boosted&city=berlin'],
      ['the older search', 'GET', '/listings/search?apartment_type=apartment'],
      ['the listing by id', 'GET', `/listings/${listing.id}?language=en`],
      ['the listing by slug', 'GET', `/listings/${listing.slug}`],
      ['the listing in Persian', 'GET', `/listings/${listing.id}?language=fa`],
      ['translations', 'GET', `/listings/${listing.id}/translations`],
      ['a page view', 'POST', `/listings/${listing.id}/view`, {}],
    ]
    if (token) {
      reads.push(
        ['favourite', 'POST', `/favorites/${listing.id}`],
        ['favourites', 'GET', '/favorites?language=en'],
        ['unfavourite', 'DELETE', `/favorites/${listing.id}`],
        ['profile', 'GET', '/users/profile'],
        ['summary', 'GET', '/users/summary'],
        ['own listings', 'GET', '/users/listings?include_analytics=true'],
        ['analytics of a listing not theirs', 'GET', `/users/listings/${listing.id}/analytics`],
        ['boosting a listing not theirs', 'POST', `/listings/${listing.id}/boost`, {}],
        [
          'editing a listing not theirs',
          'PUT',
          `/listings/${listing.id}`,
          {
            type: 'apartment',
            country: 'DE',
            city: 'berlin',
            rent: 900,
            description: 'A quiet two-room flat near the park, bright and furnished.',
            contact: '@someone_else',
            photos: [],
          },
        ],
        ['duplicating a listing not theirs', 'POST', `/listings/${listing.id}/duplicate`, {}],
      )
    }
    for (const [what, method, url, payload] of reads) {
      const res = await call(method, url, token, payload)
      t.ok(res.statusCode < 500, `${label}, ${what}: answered ${res.statusCode}`)
      t.same(leaked(res.body), [], `${label}, ${what}: no contact`)
      checked.push(`${label}: ${what}`)
    }
  }

  await t.test('before anyone opens it', async (t) => {
    await noContact(t, 'anonymous', null)
    await noContact(t, 'a signed-in reader', stranger.token)
  })

  await t.test('a reader opens it: they see it in the contact answer and on the listing read', async (t) => {
    const opened = await call('POST', `/listings/${listing.id}/contact`, reader.token, {})
    t.equal(opened.json().data.contact_phone, CONTACT)
    t.equal((await call('GET', `/listings/${listing.id}?language=en`, reader.token)).json().data.contact, CONTACT)
    for (const url of ['/listings?language=en', '/listings/search', `/favorites`]) {
      t.same(leaked((await call('GET', url, reader.token)).body), [], `${url}: lists never carry it`)
    }
  })

  await t.test('after that, nobody else gets it, from a warm cache or otherwise', async (t) => {
    await noContact(t, 'anonymous', null)
    await noContact(t, 'another signed-in reader', stranger.token)
    for (const other of others) await call('POST', `/listings/${other.id}/contact`, stranger.token, {})
    const refused = await call('POST', `/listings/${listing.id}/contact`, stranger.token, {})
    t.equal(refused.json().data.access, 'payment_required', 'a reader out of reveals is offered to buy it')
    t.same(leaked(refused.body), [], 'and the refusal does not carry it')
  })

  await t.test('no log line carries it', async (t) => {
    t.ok(logs.length > 50, `the requests were logged (${logs.length} lines)`)
    t.ok(
      logs.some((line) => line.includes(`/listings/${listing.id}/contact`)),
      'the contact requests among them',
    )
    t.same(
      logs.filter((line) => leaked(line).length > 0),
      [],
    )
  })
  t.ok(checked.length >= 40, `${checked.length} answers checked`)
})
