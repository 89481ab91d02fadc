import fc from 'fast-check'
import t from 'tap'
import { outboxMailer } from '../../server/integrations/mail/mailer.ts'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { outboxSmsSender } from '../../server/integrations/sms/sms-sender.ts'
import { ERRORS } from '../../server/lib/errors.ts'
import { ErrorEnvelopeSchema } from '../../shared/schemas/index.ts'
import { buildTestApi, telegramSession } from '../helpers/build-api.ts'
import { COUNTED_ON_REFUSAL, databaseDigest, rowCounts } from '../helpers/digest.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'
import { objectKeys, probeRoutes, recordRouteSchemas, registeredRoutes } from '../helpers/routes.ts'

// Every route of the API, asked with arbitrary parameters, query and body, anonymously and signed in:
// never a 5xx, never an internal detail, always the envelope, and a refusal changes nothing.
// `npm test` runs a fixed seed; `npm run fuzz` runs longer with a new seed, printed to replay it:
// FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx tap --disable-coverage test/security/fuzz.test.ts

const RUNS = Number(process.env.FUZZ_RUNS ?? 250)
const SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_128)

/** The live unread count streams forever to a reader: only asked anonymously (refused at once). */
const NEVER_ENDS = 'GET /api/v1/alerts/notifications/stream'
/** What an answer must never show: a stack frame, a source path, the database's own words. */
const INTERNAL =
  /node:internal|node_modules|\/work\/|\.ts:\d+:\d+|\n\s+at |SQLSTATE|syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|duplicate key value|invalid input syntax for/i
const ERROR_CODES = new Set(Object.keys(ERRORS))
/** Also left out: the views a listing's page counted, written in batches a moment later (docs/decisions/008-one-view-per-visitor-per-day.md). */
const UNCOMPARED = [...COUNTED_ON_REFUSAL, 'listing_view_visitors', 'listing_views_daily']
/** The tables whose rows are compared whole, not only counted: what a user owns and pays with. */
const COMPARED_WHOLE = ['users', 'listings', 'alerts', 'favorites', 'payments', 'notifications', 'photos']

/** Values a real form would send, so that some requests get past validation into the services. */
const PLAUSIBLE = [
  'berlin',
  'DE',
  'apartment',
  'en',
  'fa',
  'telegram',
  'active',
  'rented',
  'spam',
  '@owner',
  'quarterly',
]
const HUGE = ['99999999999999999999', '-1', '0', '1e309', 'NaN', '2147483648', '9007199254740993', '-0', '0x10']
/** Path segments as a client could spell them raw (not encoded). */
const RAW_SEGMENTS = ['%', '%zz', '%00', '..', '%2e%2e', '%2F', '1;2', '1%20', '%E2%80%AE', '%C0%AF', '%FF']

const scalar = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...HUGE),
  fc.constantFrom(...PLAUSIBLE),
  fc.boolean(),
  fc.constant(null),
)
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
}))

/** Strings in the formats zod checks, so that a field of that format passes. */
const FORMATTED: Record<string, string[]> = {
  email: ['sara@example.com', 'a@b.co'],
  url: ['https://push.example.test/send/1', 'https://example.com/p.jpg'],
  uuid: ['6b387079-249c-46b8-9068-66ed098ec09d'],
}

/**
 * Values of a zod schema's shape — the right keys, enums and literals, numbers and strings of any
 * size — so that a good share of requests pass validation and reach the services; any value at all
 * where the schema says nothing.
 */
function shaped(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as { def?: Record<string, unknown> } | undefined)?.def
  if (!def || depth > 4) return value
  const inner = (key: string) => shaped(def[key], depth + 1)
  switch (def.type) {
    case 'object': {
      const shape = (schema as { shape: Record<string, unknown> }).shape
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, shaped(field, depth + 1)]))
      return fc.record(fields, { requiredKeys: [] })
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return inner('innerType')
    case 'pipe':
      return inner('in')
    case 'array':
      return fc.array(inner('element'), { maxLength: 4 })
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner('valueType'), { maxKeys: 3 })
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => shaped(option, depth + 1)))
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>))
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'boolean':
      return fc.boolean()
    case 'number':
    case 'bigint':
      return fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer(), fc.double())
    case 'string': {
      const formatted = FORMATTED[String(def.format)]
      return formatted
        ? fc.oneof(fc.constantFrom(...formatted), fc.string({ maxLength: 40 }))
        : fc.oneof(
            fc.constantFrom(...PLAUSIBLE),
            fc.string({ minLength: 1, maxLength: 60 }),
            fc.string({ unit: 'grapheme', maxLength: 30 }),
          )
    }
    default:
      return value
  }
}

/** A string percent-encoded byte by byte from its UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncoded = (text: string) => encodeURIComponent(Buffer.from(text).toString())

/** A query string: each key once, repeated (an array) or in brackets (an object, qs-style). */
function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return ''
  const pairs: string[] = []
  const add = (key: string, v: unknown): void => {
    if (Array.isArray(v)) for (const item of v) add(key, item)
    else if (v !== null && typeof v === 'object')
      for (const [inner, item] of Object.entries(v)) add(`${key}[${inner}]`, item)
    else pairs.push(`${percentEncoded(key)}=${percentEncoded(String(v))}`)
  }
  for (const [key, v] of Object.entries(query)) add(key, v)
  return pairs.length ? `?${pairs.join('&')}` : ''
}

t.test('fuzz: every route, arbitrary input, never a 5xx nor a leak, and a refusal changes nothing', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, {
    mailer: outboxMailer(dataDir),
    sms: outboxSmsSender(dataDir),
    photos: diskPhotoStore(dataDir),
  })
  const schemas = recordRouteSchemas(app)
  const routes = registeredRoutes(app)
  await probeRoutes(app, routes)
  t.same(
    routes.filter((route) => !schemas.has(route)),
    [],
    'every route’s schemas were seen',
  )

  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  let telegramId = 9700
  const owner = await telegramSession(app, telegramId++, 'Owner')
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: berlin.id, countryCode: 'DE' })
  const ids = [String(listing.id), String(owner.user.id), '1', '2']
  let reader = await telegramSession(app, telegramId++, 'Reader')

  const segment = fc.oneof(
    fc.constantFrom(...ids).map(encodeURIComponent),
    fc.constantFrom(...HUGE).map(encodeURIComponent),
    fc.constantFrom(...RAW_SEGMENTS),
    scalar.map((v) => percentEncoded(String(v))),
  )
  const request = fc.noShrink(
    fc.constantFrom(...routes).chain((route) => {
      const declared = schemas.get(route) ?? {}
      const field = (keys: string[]) => (keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string()) : fc.string())
      return fc.record({
        route: fc.constant(route),
        segments: fc.array(segment, { minLength: 2, maxLength: 2 }),
        query: fc.oneof(
          shaped(declared.querystring),
          fc.dictionary(field(objectKeys(declared.querystring)), value, { maxKeys: 4 }),
        ),
        body: fc.oneof(
          { weight: 3, arbitrary: shaped(declared.body) },
          { weight: 3, arbitrary: fc.dictionary(field(objectKeys(declared.body)), value, { maxKeys: 6 }) },
          { weight: 1, arbitrary: value },
        ),
        signedIn: route === NEVER_ENDS ? fc.constant(false) : fc.boolean(),
      })
    }),
  )

  t.comment(`fuzz: seed ${SEED}, ${RUNS} runs (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`)
  let tried = 0
  const statuses: Record<number, number> = {}
  await fc.assert(
    fc.asyncProperty(request, async ({ route, segments, query, body, signedIn }) => {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
      let n = 0
      const url = path.replace(/:\w+/g, () => segments[n++]!) + queryString(query)
      const digest = async () => ({
        ...(await rowCounts(db, UNCOMPARED)),
        ...(await databaseDigest(db, { only: COMPARED_WHOLE })),
      })
      const before = await digest()
      const res = await app.inject({
        method,
        url,
        headers: {
          ...(signedIn && { authorization: `Bearer ${reader.token}` }),
          ...(method !== 'GET' && { 'content-type': 'application/json' }),
        },
        ...(method !== 'GET' && { payload: JSON.stringify(body) ?? 'null' }),
      })
      tried++
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
      const said = `${method} ${url} → ${res.statusCode}: ${res.body.slice(0, 400)}`
      if (res.statusCode >= 500) throw new Error(`a 5xx: ${said}`)
      if (INTERNAL.test(res.body)) throw new Error(`an internal detail: ${said}`)
      const answer: unknown = JSON.parse(res.body)
      if (res.statusCode >= 400) {
        const parsed = ErrorEnvelopeSchema.safeParse(answer)
        if (!parsed.success || !ERROR_CODES.has(parsed.data.error.code))
          throw new Error(`not the error envelope: ${said}`)
        const after = await digest()
        const changed = Object.keys(after).filter((table) => after[table] !== before[table])
        if (changed.length) throw new Error(`a refusal changed ${changed.join(', ')}: ${said}`)
      } else if ((answer as { success?: unknown }).success !== true) throw new Error(`not the envelope: ${said}`)
      // a reader who deleted their account (or merged it away) signs in afresh for the next runs
      if (signedIn && res.statusCode < 300 && /\/users\/(account|merge-accounts)$/.test(path))
        reader = await telegramSession(app, telegramId++, 'Reader')
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  )
  t.comment(`fuzz: answers by status ${JSON.stringify(statuses)}`)
  t.equal(tried, RUNS, `${RUNS} requests made, every one answered as it should`)
})
