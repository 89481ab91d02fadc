import type { FastifyInstance } from 'fastify'
import t, { type Test } from 'tap'
import { distanceM } from '../../../../shared/geo.ts'
import { reachBox } from '../../../../server/api/places/geocode.service.ts'
import { RATE_LIMIT_POLICIES } from '../../../../server/api/rate-limit/limits.ts'
import { nominatimGeocoder } from '../../../../server/integrations/geocoder/nominatim.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry } from '../../../helpers/factories.ts'
import { startFakeNominatim } from '../../../helpers/fake-nominatim.ts'

const BERLIN = { lat: 52.520008, lng: 13.404954 }
const HAMBURG = { lat: 53.551086, lng: 9.993682 }
const USER_AGENT = 'Khaneh (+http://khaneh.test)'
// the production numbers of rate-limit/limits.ts (buildTestApi raises them unless told)
const PRODUCTION = { rateLimits: {} }

async function places(db: Parameters<typeof makeCountry>[0]) {
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { fa: 'برلین', en: 'Berlin', de: 'Berlin' }, true, BERLIN)
  await makeCity(db, 'DE', 'hamburg', { fa: 'هامبورگ', en: 'Hamburg', de: 'Hamburg' }, true, HAMBURG)
}

/** The API listening on loopback, asked over HTTP as the gateway asks it: each call from a client address of its own. */
async function served(t: Test, app: FastifyInstance) {
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const { token } = await telegramSession(app, 9801, 'Owner')
  return async (query: string, options: { client?: string; anonymous?: boolean } = {}) => {
    const res = await fetch(`${base}/api/v1/places/geocode?${query}`, {
      headers: {
        'x-forwarded-for': options.client ?? '198.51.100.1',
        ...(!options.anonymous && { authorization: `Bearer ${token}` }),
      },
    })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any }
  }
}

t.test('GET /places/geocode with a Nominatim-compatible geocoder (GEOCODER_URL)', async (t) => {
  const fake = await startFakeNominatim()
  t.teardown(() => fake.close())
  const { app, db } = await buildTestApi(t, {
    ...PRODUCTION,
    geocoder: nominatimGeocoder({ baseUrl: fake.url, timeoutMs: 300, userAgent: USER_AGENT }),
    geocodeCacheMs: 60_000,
  })
  await places(db)
  const geocode = await served(t, app)

  await t.test('a street in the city → its places, named, measured, and asked as the usage policy wants', async (t) => {
    const res = await geocode('q=Kastanienallee&country=de&city=berlin&language=de')
    t.equal(res.status, 200)
    t.equal(res.body.data.source, 'geocoder')
    t.match(res.body.data.results, [
      {
        name: 'Kastanienallee',
        detail: 'Prenzlauer Berg, Pankow, Berlin, 10435, Deutschland',
        lat: 52.538496,
        lng: 13.410649,
        within_reach: true,
      },
    ])
    t.equal(res.body.data.results.length, 1)
    t.equal(
      res.body.data.results[0].distance_m,
      Math.round(distanceM(BERLIN, { lat: 52.538496, lng: 13.410649 })),
      'metres from the centre',
    )
    t.same(fake.requests.at(-1), {
      params: {
        q: 'Kastanienallee',
        format: 'jsonv2',
        limit: '5',
        'accept-language': 'de',
        countrycodes: 'de',
        viewbox: reachBox(BERLIN).join(','),
        bounded: '1',
      },
      userAgent: USER_AGENT,
    })
  })

  await t.test('the 50 km rule: a place past it is marked out of reach, after the ones a pin may go to', async (t) => {
    const res = await geocode('q=K%C3%B6nigstra%C3%9Fe&country=DE&city=berlin&language=en')
    t.equal(res.status, 200)
    const results = res.body.data.results
    t.match(results, [
      { detail: /^Wannsee/, within_reach: true },
      { detail: /^Bad Freienwalde/, within_reach: false },
    ])
    t.equal(results.length, 2, "Hamburg's is outside the box the geocoder is bounded to")
    t.ok(results[1].distance_m > 50_000, `${results[1].distance_m} m`)
  })

  await t.test('the same words again are answered from the cache', async (t) => {
    const asked = fake.requests.length
    t.equal((await geocode('q=kastanienallee&country=DE&city=berlin&language=de')).status, 200)
    t.equal(fake.requests.length, asked)
  })

  await t.test('bad input → 400 with field errors; anonymous → 401', async (t) => {
    const fields = async (query: string) => {
      const res = await geocode(query)
      t.equal(res.status, 400, query)
      t.equal(res.body.error.code, 'VALIDATION_ERROR')
      return res.body.error.details.map((d: { path: string }) => d.path)
    }
    t.same(await fields('country=DE&city=berlin'), ['querystring.q'])
    t.same(await fields('q=a&country=DE&city=berlin'), ['querystring.q'])
    t.same(await fields(`q=${'x'.repeat(201)}&country=DE&city=berlin`), ['querystring.q'])
    t.same((await fields('q=Kastanienallee&country=DEU')).sort(), ['querystring.city', 'querystring.country'])
    t.same(
      await fields('q=Kastanienallee&country=DE&city=atlantis'),
      ['querystring.city'],
      'a city the country does not have',
    )
    t.same(await fields('q=Kastanienallee&country=DE&city=berlin&language=xx'), ['querystring.language'])
    t.equal((await geocode('q=Kastanienallee&country=DE&city=berlin', { anonymous: true })).status, 401)
  })

  await t.test('the geocoder fails → 502 UPSTREAM_UNAVAILABLE, and the failure is not kept', async (t) => {
    fake.mode = 'error'
    const failed = await geocode('q=Torstra%C3%9Fe&country=DE&city=berlin')
    t.equal(failed.status, 502)
    t.match(failed.body, { success: false, data: null, error: { code: 'UPSTREAM_UNAVAILABLE', details: null } })
    fake.mode = 'garbage'
    t.equal((await geocode('q=Torstra%C3%9Fe&country=DE&city=berlin')).status, 502, 'an answer that is not JSON')
    fake.mode = 'ok'
    const asked = fake.requests.length
    const later = await geocode('q=Torstra%C3%9Fe&country=DE&city=berlin')
    t.equal(later.status, 200)
    t.same(later.body.data.results, [], 'nothing found')
    t.equal(fake.requests.length, asked + 1, 'asked again')
  })

  await t.test('the geocoder is slow → 504 UPSTREAM_TIMEOUT after the timeout', async (t) => {
    fake.delayMs = 1_000
    const started = Date.now()
    const slow = await geocode('q=Oranienstra%C3%9Fe&country=DE&city=berlin')
    t.equal(slow.status, 504)
    t.match(slow.body.error, { code: 'UPSTREAM_TIMEOUT', details: null })
    t.ok(Date.now() - started < 900, 'answered at the timeout (300 ms), not after the geocoder')
    fake.delayMs = 0
    fake.mode = 'hang'
    t.equal((await geocode('q=Skalitzer&country=DE&city=berlin')).status, 504, 'a geocoder that never answers')
    fake.mode = 'ok'
  })

  await t.test('too many searches from one client → 429 with Retry-After; another client goes on', async (t) => {
    const { max } = RATE_LIMIT_POLICIES.geocode
    const client = '198.51.100.77'
    const answers = []
    for (let i = 0; i <= max; i++) answers.push(await geocode('q=Kastanienallee&country=DE&city=berlin', { client }))
    t.same(
      answers.map((a) => a.status),
      [...Array.from({ length: max }, () => 200), 429],
    )
    const refused = answers.at(-1)!
    t.match(refused.body.error, { code: 'RATE_LIMITED', details: { reason: 'too_many_requests' } })
    t.equal(refused.retryAfter, String(refused.body.error.details.retry_after_s))
    t.equal((await geocode('q=Kastanienallee&country=DE&city=berlin', { client: '198.51.100.78' })).status, 200)
  })
})

t.test(
  'GET /places/geocode without GEOCODER_URL: the embedded default finds the cities of our list, never a street',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    await places(db)
    const geocode = await served(t, app)

    const berlin = await geocode('q=berlin&country=DE&city=berlin&language=en')
    t.equal(berlin.status, 200)
    t.same(berlin.body.data, {
      source: 'places',
      results: [{ name: 'Berlin', detail: 'Germany', ...BERLIN, distance_m: 0, within_reach: true }],
    })
    const persian = await geocode(`q=${encodeURIComponent('برلین')}&country=DE&city=berlin&language=fa`)
    t.match(
      persian.body.data.results,
      [{ name: 'برلین', detail: 'آلمان' }],
      'in any language, answered in the reader’s',
    )
    const hamburg = await geocode('q=Hamburg&country=DE&city=berlin&language=en')
    t.match(hamburg.body.data.results, [{ name: 'Hamburg', within_reach: false }], 'another city, past the 50 km')
    const street = await geocode('q=Kastanienallee&country=DE&city=berlin&language=en')
    t.same(street.body.data, { source: 'places', results: [] }, 'a street: nothing')
  },
)
