import t, { type Test } from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// POST /ai/analyze-listing and /ai/compare-listings: the fair-price verdict against our own median,
// the fit to the reader's preferences, and the red flags for renters abroad, on fixtures.

// One API and database for the file (a loaded machine builds them slowly); each case has its own city.
type Shared = Awaited<ReturnType<typeof buildTestApi>> & { reader: Awaited<ReturnType<typeof telegramSession>> }
let shared: Shared | undefined
let cities = 0

async function init(t: Test) {
  const built = await buildTestApi(t)
  const reader = await telegramSession(built.app, 4501)
  await built.db.query(`UPDATE users SET ai_credits = 1000 WHERE id = $1`, [reader.user.id])
  await makeCountry(built.db, 'DE')
  shared = { ...built, reader }
}

async function setup(t: Test) {
  const { app, db, reader } = shared!
  const call = apiCaller(app)
  const seedOwner = await makeUser(db)
  const city = await makeCity(db, 'DE', `city-${++cities}`, { en: `City ${cities}` })
  const base = { cityId: city.id, countryCode: 'DE', type: 'private_room' as const, term: 'long' as const }
  // the market: four comparable rooms, median 600
  for (const rent of [500, 580, 620, 700]) await makeListing(db, { ...base, ownerId: seedOwner.id, rent })
  const credits = async () =>
    (await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [reader.user.id]))[0]!
      .ai_credits
  const analyze = async (listingId: number, language = 'en', extra: object = {}) => {
    const res = await call('POST', '/ai/analyze-listing', reader.token, { listing_id: listingId, language, ...extra })
    t.equal(res.statusCode, 200, `analysis of ${listingId}`)
    return res.json().data
  }
  const codes = (analysis: { red_flags: Array<{ code: string }> }) => analysis.red_flags.map((f) => f.code).sort()
  return { app, db, call, base, cityKey: city.key, seedOwner, reader, analyze, codes, credits }
}

t.test('AI analysis and comparison', async (t) => {
  await init(t)
  t.test('a fair listing: the median, its sample size, no red flags', async (t) => {
    const { db, base, seedOwner, analyze, codes, credits } = await setup(t)
    const fair = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 610 })
    const data = await analyze(fair.id)
    t.match(data.price, { verdict: 'fair', rent_eur: 610, median_eur: 600, sample_size: 4 })
    t.match(data.price.reason, /median of €600 for 4 similar listings/)
    t.same(codes(data), [])
    t.match(data.summary, /No red flags/)
    t.equal(data.remaining_credits, await credits())
  })

  t.test('rent far below the median is flagged, with the verdict and a reason in the reader language', async (t) => {
    const { db, base, seedOwner, analyze, codes } = await setup(t)
    const cheap = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 250 })
    const data = await analyze(cheap.id, 'de')
    t.equal(data.price.verdict, 'suspiciously_low')
    t.same(codes(data), ['rent_far_below_median'])
    t.match(data.red_flags[0], { severity: 'high', reason: /weit unter ähnlichen Inseraten/ })
  })

  t.test('too few comparables: the verdict is unknown, never a guess', async (t) => {
    const { db, seedOwner, analyze } = await setup(t)
    const city = await makeCity(db, 'DE', 'lonely', { en: 'Lonely' })
    const lonely = await makeListing(db, { ownerId: seedOwner.id, cityId: city.id, countryCode: 'DE', rent: 100 })
    const data = await analyze(lonely.id)
    t.match(data.price, { verdict: 'unknown', median_eur: null, sample_size: 0 })
    t.same(data.red_flags, [], 'no median, no "far below" flag')
  })

  t.test(
    'keyword rules in six languages: owner abroad, deposit before viewing, contact off the platform',
    async (t) => {
      const { db, base, seedOwner, analyze, codes } = await setup(t)
      const cases: Array<[string, string[]]> = [
        ['I am currently abroad for work, I will send you the keys by post.', ['owner_abroad']],
        [
          'Ich bin im Ausland. Bitte die Kaution vorab überweisen, dann schicke ich den Schlüssel.',
          ['deposit_before_viewing', 'owner_abroad'],
        ],
        [
          'Şu an yurt dışındayım, anahtarı kargo ile gönderirim. Sadece WhatsApp.',
          ['contact_off_platform', 'owner_abroad'],
        ],
        [
          "Sono all'estero: caparra prima della visita tramite bonifico anticipato.",
          ['deposit_before_viewing', 'owner_abroad'],
        ],
        [
          'Estoy en el extranjero, pago por adelantado. Escríbeme a piso.barato@example.com',
          ['contact_off_platform', 'deposit_before_viewing', 'owner_abroad'],
        ],
        [
          'صاحبخانه خارج از کشور است؛ پیش از بازدید بیعانه واریز کنید. فقط واتساپ.',
          ['contact_off_platform', 'deposit_before_viewing', 'owner_abroad'],
        ],
        ['Call me on +49 151 2345 6789 for the room.', ['contact_off_platform']],
        ['Helles Zimmer, U-Bahn fünf Minuten, Besichtigung jederzeit nach Absprache.', []],
      ]
      for (const [description, expected] of cases) {
        const listing = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 600, description })
        t.same(codes(await analyze(listing.id)), expected, description)
      }
    },
  )

  t.test('the same text or photos on another owner listing are flagged; the demo seed never counts', async (t) => {
    const { app, db, base, seedOwner, analyze, codes } = await setup(t)
    const a = await telegramSession(app, 4511)
    const b = await telegramSession(app, 4512)
    const text = 'Lovely sunny room in Kreuzberg, five minutes from the U-Bahn, all bills included, available now.'
    const original = await makeListing(db, { ...base, ownerId: a.user.id, rent: 600, description: text })
    const copy = await makeListing(db, {
      ...base,
      ownerId: b.user.id,
      rent: 590,
      description: `  lovely sunny ROOM in Kreuzberg,   five minutes from the U-Bahn, all bills included, available now.`,
    })
    t.same(codes(await analyze(copy.id)), ['duplicate_text'])
    t.same(codes(await analyze(original.id)), ['duplicate_text'], 'either way round')

    const own = await makeListing(db, { ...base, ownerId: a.user.id, rent: 600, description: text })
    await db.query(`UPDATE listings SET status = 'removed' WHERE id = $1`, [copy.id])
    t.same(codes(await analyze(own.id)), [], 'the same owner twice, and a removed copy, are not copies')

    const photo = (listingId: number, fileId: string) =>
      db.query(`INSERT INTO photos (listing_id, file_id, thumb_file_id, width, height) VALUES ($1, $2, $2, 800, 600)`, [
        listingId,
        fileId,
      ])
    const stolen = await makeListing(db, { ...base, ownerId: b.user.id, rent: 610, description: 'Nice room.' })
    await photo(original.id, 'file-1')
    await photo(stolen.id, 'file-1')
    t.same(codes(await analyze(stolen.id)), ['duplicate_photos'])

    const seeded = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 600, description: text })
    const seededToo = await makeListing(db, { ...base, ownerId: (await makeUser(db)).id, rent: 600, description: text })
    await photo(seeded.id, 'file-2')
    await photo(seededToo.id, 'file-2')
    t.notOk(
      codes(await analyze(seededToo.id)).includes('duplicate_photos'),
      'two demo listings share drawn photos by design',
    )
  })

  t.test('fit to the preferences sent with the call, in the reader language', async (t) => {
    const { db, base, cityKey, seedOwner, analyze } = await setup(t)
    const listing = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 600, hasContract: true })
    const data = await analyze(listing.id, 'es', {
      user_preferences: {
        budget_max: 500,
        cities: [cityKey],
        type: 'private_room',
        must_haves: ['contract', 'furnished'],
      },
    })
    t.equal(data.fit.score, 60, 'three of five')
    t.same(
      data.fit.checks.map((c: { criterion: string; ok: boolean }) => [c.criterion, c.ok]),
      [
        ['budget', false],
        ['city', true],
        ['type', true],
        ['contract', true],
        ['furnished', false],
      ],
    )
    t.match(data.fit.checks[0].reason, /Por encima de tu presupuesto/)
  })

  t.test('a listing the reader may not see is 404, and costs nothing', async (t) => {
    const { db, base, seedOwner, call, reader, credits } = await setup(t)
    const hidden = await makeListing(db, { ...base, ownerId: seedOwner.id, status: 'pending' })
    const before = await credits()
    const res = await call('POST', '/ai/analyze-listing', reader.token, { listing_id: hidden.id })
    t.equal(res.statusCode, 404)
    t.equal(await credits(), before)
  })

  t.test('comparing two listings: side-by-side facts and a verdict with its reasons, one credit', async (t) => {
    const { db, base, seedOwner, call, reader, credits } = await setup(t)
    const before = await credits()
    const good = await makeListing(db, { ...base, ownerId: seedOwner.id, rent: 560, hasContract: true })
    const risky = await makeListing(db, {
      ...base,
      ownerId: seedOwner.id,
      rent: 640,
      description: 'I live abroad, keys by post after you pay in advance.',
    })
    const res = await call('POST', '/ai/compare-listings', reader.token, {
      listing_1_id: risky.id,
      listing_2_id: good.id,
      language: 'en',
    })
    t.equal(res.statusCode, 200)
    const data = res.json().data
    t.same(
      data.listings.map((l: { id: number }) => l.id),
      [risky.id, good.id],
    )
    const fact = (key: string) => data.facts.find((f: { key: string }) => f.key === key)
    t.match(fact('rent'), { label: 'Rent', values: ['€640', '€560'], better: 2 })
    t.match(fact('contract'), { values: ['No', 'Yes'], better: 2 })
    t.match(fact('red_flags'), { values: ['2', '0'], better: 2 })
    t.equal(data.verdict.winner, 2)
    t.same(data.verdict.reasons, ['Listing 2 is cheaper for its area.', 'Listing 2 has fewer red flags.'])
    t.equal(data.remaining_credits, before - 1)
    const missing = await call('POST', '/ai/compare-listings', reader.token, {
      listing_1_id: good.id,
      listing_2_id: 999999,
    })
    t.equal(missing.statusCode, 404)
  })
})
