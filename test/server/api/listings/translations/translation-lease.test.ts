import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { openAiTranslator } from '../../../../../server/integrations/translator/openai-translator.ts'
import { buildTestApi, openTestDb, openTestDbAgain, telegramSession } from '../../../../helpers/build-api.ts'
import { startFakeOpenAi } from '../../../../helpers/fake-openai.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'

const KEY = 'sk-test-0123456789abcdef'
const TEXT = 'یک آپارتمان روشن نزدیک ایستگاه، با بالکن.'

/** Two API processes on one database (on PGlite, its one process holding two APIs), each with the translator. */
async function twoApis(t: Test) {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  const translator = openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' })
  const db = await openTestDb(t)
  const { app: a } = await buildTestApi(t, { db, translator })
  const { app: b } = await buildTestApi(t, { db: await openTestDbAgain(t, db), translator })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(a, 9801)
  const listing = (description = TEXT) =>
    makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', description })
  const untranslated = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listings WHERE status = 'active' AND translated_at IS NULL`,
      )
    )[0]!.n
  return { fake, db, a, b, listing, untranslated }
}

t.test('the translation worker on two processes', async (t) => {
  await t.test('10 listings, 50 translations: exactly 50 paid calls, each text and language once', async (t) => {
    const { fake, db, a, b, listing, untranslated } = await twoApis(t)
    for (let i = 1; i <= 10; i++) await listing(`${TEXT} ${i}`)
    // both workers run at once, again and again, until every listing is translated
    const drain = async (app: typeof a) => {
      let stored = 0
      while ((await untranslated()) > 0) {
        const run = await app.listingJobs.translate()
        stored += run.stored
        // the other holds the last ones: let its calls come back (PGlite answers without yielding)
        if (run.stored === 0) await sleep(10)
      }
      return stored
    }
    const [byA, byB] = await Promise.all([drain(a), drain(b)])
    t.equal(byA + byB, 50, 'fifty translations stored')
    t.equal(fake.requests.length, 50, 'fifty calls paid for')
    const asked = fake.requests.map(
      (r) => `${r.messages.find((m) => m.role === 'system')?.content}|${r.messages[1]?.content}`,
    )
    t.equal(new Set(asked).size, 50, 'no text asked twice in a language')
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_translations`)
    t.equal(row!.n, 50, 'all stored')
  })

  await t.test('a listing that failed on one process waits out its backoff on the other too', async (t) => {
    const { fake, a, b, listing } = await twoApis(t)
    await listing()
    fake.mode = 'error'
    t.same(await a.listingJobs.translate(), { stored: 0, failed: 1 })
    t.equal(fake.requests.length, 1)
    fake.mode = 'ok'
    t.same(await b.listingJobs.translate(), { stored: 0, failed: 0 }, 'put off for a minute, for every worker')
    t.equal(fake.requests.length, 1, 'no second call')
  })

  await t.test('a listing claimed by a worker that died is taken once its lease ends', async (t) => {
    const { fake, db, b, listing } = await twoApis(t)
    const { id } = await listing()
    // a worker claimed it and died: its lease ended a moment ago
    await db.query(
      `INSERT INTO listing_translation_leases (listing_id, due_at) VALUES ($1, now() + interval '1 hour')`,
      [id],
    )
    t.same(await b.listingJobs.translate(), { stored: 0, failed: 0 }, 'not while the lease runs')
    await db.query(`UPDATE listing_translation_leases SET due_at = now() - interval '1 second' WHERE listing_id = $1`, [
      id,
    ])
    t.same(await b.listingJobs.translate(), { stored: 5, failed: 0 }, 'taken after it')
    t.equal(fake.requests.length, 5)
  })
})
