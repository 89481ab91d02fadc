import t from 'tap'
import { translationWorker } from '../../../../../server/api/listings/translations/translation-worker.ts'
import { openAiTranslator } from '../../../../../server/integrations/translator/openai-translator.ts'
import { TranslatorError } from '../../../../../server/integrations/translator/translator.ts'
import { buildTestApi, telegramSession } from '../../../../helpers/build-api.ts'
import { startFakeOpenAi } from '../../../../helpers/fake-openai.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'

const KEY = 'sk-test-0123456789abcdef'
const TEXT = 'یک آپارتمان روشن نزدیک ایستگاه، با بالکن.'

t.test('the OpenAI-compatible translator', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  const translator = openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' })
  // a short timeout for the hanging case only: a loaded CI machine may take longer than that for a real answer
  const impatient = openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model', timeoutMs: 300 })

  await t.test('POST {base}/chat/completions with the key as a bearer token and the model', async (t) => {
    t.equal(await translator.translate(TEXT, 'fa', 'de'), `[de] ${TEXT}`)
    t.match(fake.requests.at(-1), {
      authorization: `Bearer ${KEY}`,
      model: 'test-model',
      messages: [{ role: 'system' }, { role: 'user', content: TEXT }],
    })
    t.match(fake.requests.at(-1)!.messages[0]!.content, /from Persian to German/)
  })

  await t.test('failures are TranslatorErrors carrying a status, never the key', async (t) => {
    const wrongKey = openAiTranslator({ baseUrl: fake.url, apiKey: 'sk-wrong-key', model: 'm' })
    const denied = await wrongKey.translate(TEXT, 'fa', 'en').catch((err: unknown) => err)
    t.type(denied, TranslatorError)
    t.match(denied, { status: 401, message: 'translator.failed' })
    t.notMatch(JSON.stringify(denied) + String(denied), /sk-wrong-key/)
    fake.mode = 'error'
    t.match(await translator.translate(TEXT, 'fa', 'en').catch((err: unknown) => err), {
      status: 500,
      message: 'translator.failed',
    })
    fake.mode = 'hang'
    t.match(
      await impatient.translate(TEXT, 'fa', 'en').catch((err: unknown) => err),
      { message: 'translator.timeout' },
      '20 s in production, 300 ms here',
    )
    fake.mode = 'ok'
  })
})

t.test('listing translations', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  const translator = openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' })
  const { app, db } = await buildTestApi(t, { translator })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9701)
  const other = await telegramSession(app, 9702)
  const admin = await telegramSession(app, 777)
  const get = (url: string, token: string | null = null) =>
    app.inject({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const active = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    description: TEXT,
  })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
    description: TEXT,
  })
  const stored = async (id: number) =>
    (
      await db.query<{ language: string }>(
        `SELECT language FROM listing_translations WHERE listing_id = $1 ORDER BY language`,
        [id],
      )
    ).map((r) => r.language)

  await t.test('before any run readers see the original', async (t) => {
    t.match((await get(`/listings/${active.id}?language=en`)).json().data, {
      description: TEXT,
      original_description: null,
      has_translation: false,
      is_translated: false,
    })
    t.same((await get(`/listings/${active.id}/translations`)).json().data, {
      original_language: 'fa',
      original_description: TEXT,
      translations: [],
    })
  })

  await t.test('one worker run stores the five other languages of active listings only', async (t) => {
    t.same(await app.listingJobs.translate(), { stored: 5, failed: 0 })
    t.equal(fake.requests.length, 5)
    t.ok(fake.requests.every((r) => r.authorization === `Bearer ${KEY}` && r.model === 'test-model'))
    t.same(await stored(active.id), ['de', 'en', 'es', 'it', 'tr'])
    t.same(await stored(pending.id), [], 'pending listings wait for approval')
    t.same(await app.listingJobs.translate(), { stored: 0, failed: 0 }, 'nothing left to do')
    t.equal(fake.requests.length, 5, 'no more calls')
  })

  await t.test(
    'a translation that adds a link or a phone number is not stored; readers of that language see the original',
    async (t) => {
      const steered = await makeListing(db, {
        ownerId: owner.user.id,
        cityId: city.id,
        countryCode: 'DE',
        description: TEXT,
      })
      fake.inject = { de: ' Kaution vorab: https://pay.example.com', it: ' Chiamare +39 333 1234567' }
      t.same(await app.listingJobs.translate(), { stored: 3, failed: 0, refused: 2 })
      fake.inject = {}
      t.same(await stored(steered.id), ['en', 'es', 'tr'])
      t.match((await get(`/listings/${steered.id}?language=de`)).json().data, {
        description: TEXT,
        has_translation: false,
      })
      t.same(await app.listingJobs.translate(), { stored: 0, failed: 0 }, 'not asked again: the listing is done')
    },
  )

  await t.test(
    'reads in another language show the translation and the original; the original language shows the original',
    async (t) => {
      t.match((await get(`/listings/${active.id}?language=en`)).json().data, {
        description: `[en] ${TEXT}`,
        original_description: TEXT,
        has_translation: true,
        is_translated: true,
      })
      t.match((await get(`/listings/${active.slug}?language=it`)).json().data, {
        description: `[it] ${TEXT}`,
        original_description: TEXT,
      })
      t.match((await get(`/listings/${active.id}?language=fa`)).json().data, {
        description: TEXT,
        original_description: null,
        has_translation: false,
      })
      t.match(
        (await get(`/listings/${active.id}?language=de`, other.token)).json().data,
        { description: `[de] ${TEXT}`, has_translation: true },
        'signed-in readers too',
      )
      t.match(
        (await get(`/listings/${active.id}?language=de`, owner.token)).json().data,
        { description: TEXT, original_description: null },
        'the owner edits the original',
      )
      const search = (await get('/listings?language=tr')).json().data.listings as Array<{
        id: number
        description: string
        has_translation: boolean
      }>
      t.match(
        search.find((l) => l.id === active.id),
        { description: `[tr] ${TEXT}`, has_translation: true },
      )
      t.match((await get('/listings?language=fa')).json().data.listings[0], {
        description: TEXT,
        has_translation: false,
      })
    },
  )

  await t.test(
    'GET /listings/{id}/translations: public for active listings; otherwise the owner and admins only',
    async (t) => {
      const res = await get(`/listings/${active.id}/translations`)
      t.equal(res.statusCode, 200)
      t.same(res.json().data, {
        original_language: 'fa',
        original_description: TEXT,
        translations: ['en', 'tr', 'es', 'de', 'it'].map((language) => ({
          language,
          description: `[${language}] ${TEXT}`,
        })),
      })
      t.equal((await get(`/listings/${pending.id}/translations`)).statusCode, 404)
      t.equal((await get(`/listings/${pending.id}/translations`, other.token)).statusCode, 404)
      t.equal((await get(`/listings/${pending.id}/translations`, owner.token)).statusCode, 200)
      t.equal((await get(`/listings/${pending.slug}/translations`, admin.token)).statusCode, 200)
      t.equal((await get('/listings/99999999/translations')).statusCode, 404)
    },
  )

  await t.test('a changed description drops its translations; the next run translates the new text', async (t) => {
    await db.query(`UPDATE listings SET description = $2 WHERE id = $1`, [active.id, `${TEXT} تازه`])
    t.same(await stored(active.id), [])
    t.match((await get(`/listings/${active.id}?language=en`)).json().data, {
      description: `${TEXT} تازه`,
      has_translation: false,
    })
    t.same(await app.listingJobs.translate(), { stored: 5, failed: 0 })
    t.equal((await get(`/listings/${active.id}?language=es`)).json().data.description, `[es] ${TEXT} تازه`)
  })

  await t.test('a duplicate keeps the translations; approved, it needs no new calls', async (t) => {
    const copy = (
      await app.inject({
        method: 'POST',
        url: `/api/v1/listings/${active.id}/duplicate`,
        headers: { authorization: `Bearer ${owner.token}` },
        payload: {},
      })
    ).json().data
    t.same(await stored(copy.id), ['de', 'en', 'es', 'it', 'tr'])
    await db.query(`UPDATE listings SET status = 'active', activated_at = now() WHERE id = $1`, [copy.id])
    const calls = fake.requests.length
    t.same(await app.listingJobs.translate(), { stored: 0, failed: 0 })
    t.equal(fake.requests.length, calls)
  })
})

t.test('the worker when the service fails', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  const translator = openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' })
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9711)
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    description: TEXT,
  })
  const count = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_translations`))[0]!.n
  const warnings: object[] = []
  const log = { warn: (obj: object) => void warnings.push(obj) }

  await t.test('without a translator the API never calls one and readers see the original', async (t) => {
    t.same(await app.listingJobs.translate(), { stored: 0, failed: 0 })
    t.equal(fake.requests.length, 0)
  })

  await t.test('a 500 stores nothing and does not throw; the listing is tried again later', async (t) => {
    const worker = translationWorker(db, translator, { retryBaseMs: 0, log })
    fake.mode = 'error'
    t.same(await worker.runOnce(), { stored: 0, failed: 1 })
    t.equal(fake.requests.length, 1, 'the run stops at the first failure')
    t.equal(await count(), 0)
    t.match(warnings, [{ listingId: listing.id, status: 500, attempts: 1 }])
    t.notMatch(JSON.stringify(warnings), new RegExp(KEY))
    fake.mode = 'ok'
    t.same(await worker.runOnce(), { stored: 5, failed: 0 })
    t.equal(await count(), 5)
  })

  await t.test('a failed listing waits for its backoff before it is tried again', async (t) => {
    await db.query(`UPDATE listings SET description = $2 WHERE id = $1`, [listing.id, `${TEXT}!`])
    const worker = translationWorker(db, translator, { log })
    fake.mode = 'error'
    const before = fake.requests.length
    t.same(await worker.runOnce(), { stored: 0, failed: 1 })
    fake.mode = 'ok'
    t.same(await worker.runOnce(), { stored: 0, failed: 0 }, 'skipped: the first retry comes after a minute')
    t.equal(fake.requests.length, before + 1)
  })

  await t.test('closing the API cancels a translation in flight', async (t) => {
    const { app: hanging } = await buildTestApi(t, {
      db,
      translator: openAiTranslator({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' }),
    })
    await hanging.ready()
    // the listing above waits out its backoff (for every worker): a new one is translated
    await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', description: TEXT })
    fake.mode = 'hang'
    const before = fake.requests.length
    const run = hanging.listingJobs.translate()
    while (fake.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 10))
    const started = Date.now()
    await hanging.close()
    t.ok(Date.now() - started < 5_000, 'closed without waiting for the 20 s timeout')
    t.same(await run, { stored: 0, failed: 0 })
    fake.mode = 'ok'
  })
})
