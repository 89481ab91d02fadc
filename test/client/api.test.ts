import t from 'tap'
import { withSignInAgain } from '../../client/lib/api/browser.ts'
import { UnauthenticatedError, type Transport } from '../../client/lib/api/call.ts'
import { createApi } from '../../client/lib/api/index.ts'
import { parseWire } from '../../client/lib/api/parse.ts'
import { buildTestApi } from '../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../helpers/factories.ts'
import { authApi } from '../../client/lib/api/auth.ts'
import { favoritesApi } from '../../client/lib/api/favorites.ts'
import { listingsApi } from '../../client/lib/api/listings.ts'
import { locationsApi } from '../../client/lib/api/locations.ts'
import { ownListingsApi } from '../../client/lib/api/own-listings.ts'
import { usersApi } from '../../client/lib/api/users.ts'

t.test(
  'the API client: a 401 is an UnauthenticatedError; the components’ client asks for sign-in on any',
  async (t) => {
    const unauthorized: Transport = async () => ({
      status: 401,
      body: {
        success: false,
        data: null,
        error: { code: 'UNAUTHENTICATED', message: 'Authentication required', details: null },
      },
    })
    await t.rejects(usersApi(createApi(unauthorized)).profile(), UnauthenticatedError, 'the routes’ client only throws')
    const asked: string[] = []
    const api = createApi(withSignInAgain(unauthorized, () => asked.push('login')))
    await t.rejects(usersApi(api).updateProfile({ first_name: 'X' }), {
      status: 401,
      message: 'Authentication required',
    })
    // the paid reveal lives under /listings, which a list of signed-in paths once left out
    await t.rejects(listingsApi(api).contact(5), UnauthenticatedError)
    t.same(asked, ['login', 'login'])
    const refused: Transport = async () => ({
      status: 403,
      body: { success: false, data: null, error: { code: 'FORBIDDEN', message: 'No', details: null } },
    })
    await t.rejects(favoritesApi(createApi(withSignInAgain(refused, () => asked.push('login')))).add(5), {
      status: 403,
      message: 'No',
    })
    t.same(asked, ['login', 'login'], 'a 403 is no reason to sign in again')
  },
)

t.test('a sign-in answer without its user is an error of its own (LOGIN_RESPONSE_INVALID)', async (t) => {
  const api = createApi(async () => ({ status: 200, body: { success: true, data: {}, error: null } }))
  await t.rejects(authApi(api).emailLogin({ email: 'a@example.com', firebase_token: 'x.y.z' }), {
    code: 'LOGIN_RESPONSE_INVALID',
    message: 'Login response missing user data',
  })
})

t.test('a network failure is NETWORK_ERROR with the connection message', async (t) => {
  const api = createApi(async () => {
    throw new TypeError('fetch failed')
  })
  await t.rejects(usersApi(api).profile(), {
    code: 'NETWORK_ERROR',
    message: 'Network error. Please check your connection.',
  })
})

t.test(
  'own listings answering 500 read as an empty page with the VALIDATION_ERROR_SKIPPED note; other failures stay errors',
  async (t) => {
    const failing =
      (status: number): Transport =>
      async () => ({
        status,
        body: {
          success: false,
          data: null,
          error: { code: 'INTERNAL', message: 'Internal server error', details: null },
        },
      })
    const page = await ownListingsApi(createApi(failing(500))).list({ page: 2, per_page: 50, language: 'en' })
    t.same(page, {
      listings: [],
      pagination: { currentPage: 2, totalPages: 1, totalItems: 0, itemsPerPage: 50, hasNext: false, hasPrev: false },
      skipped: 'VALIDATION_ERROR_SKIPPED',
    })
    await t.rejects(ownListingsApi(createApi(failing(503))).list({ language: 'en' }), { status: 503, code: 'INTERNAL' })
    await t.rejects(
      ownListingsApi(createApi(failing(500))).get(1, 'en'),
      { status: 500, code: 'INTERNAL' },
      'only the list is tolerant',
    )
    const answered = await ownListingsApi(
      createApi(async (path) => ({
        status: 200,
        body: {
          success: true,
          data: {
            listings: [],
            pagination: {
              current_page: 1,
              total_pages: 1,
              total_items: 0,
              items_per_page: 20,
              has_next: false,
              has_prev: false,
            },
            seen: path,
          },
          error: null,
        },
      })),
    ).list({ status: 'active', include_analytics: true, language: 'fa' })
    t.match(answered, { seen: '/users/listings?status=active&include_analytics=true&language=fa' }, 'the query as sent')
    t.notOk('skipped' in answered)
  },
)

t.test('the server-side client parses real answers with the shared schema and camelizes them', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db, { first_name: 'Reza' })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' }, true, { lat: 52.52, lng: 13.405 })
  const listing = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 750 })
  const toApi: Transport = async (path, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `/api/v1${path}`,
      ...(init?.body !== undefined && { payload: init.body as object }),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const api = createApi(toApi, { parse: parseWire })
  const page = await listingsApi(api).search({ language: 'en' })
  t.match(page.listings, [
    { id: listing.id, cityName: 'Berlin', rent: 750, isNegotiable: false, owner: { firstName: 'Reza' } },
  ])
  t.match(page.pagination, { currentPage: 1, totalItems: 1, hasNext: false })
  t.same(await locationsApi(api).citiesOf('DE', 'en'), [
    {
      key: 'berlin',
      name: 'Berlin',
      englishName: 'Berlin',
      countryCode: 'DE',
      countryName: 'Germany',
      listingsCount: 1,
      isPopular: true,
      centre: { lat: 52.52, lng: 13.405 },
    },
  ])
  await t.rejects(
    listingsApi(api).get('no-such-listing', 'en'),
    { status: 404, code: 'NOT_FOUND' },
    'error envelopes stay ApiErrors',
  )
})

t.test(
  'on the server an answer that breaks its schema is an upstream failure; in the browser it is typed, not checked',
  async (t) => {
    const broken: Transport = async () => ({
      status: 200,
      body: { success: true, data: { countries: [{ code: 'DE' }] }, error: null },
    })
    await t.rejects(locationsApi(createApi(broken, { parse: parseWire })).countries('en'), {
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
      message: "The API's answer does not follow CountryListSchema",
    })
    t.same(await locationsApi(createApi(broken)).countries('en'), [{ code: 'DE' }])
  },
)

t.test('a body handed out again (the gateway cache) is read once', async (t) => {
  const body = {
    success: true,
    data: {
      cities: [
        {
          key: 'berlin',
          name: 'Berlin',
          english_name: 'Berlin',
          country_code: 'DE',
          country_name: 'Germany',
          listings_count: 1,
          is_popular: true,
        },
      ],
    },
    error: null,
  }
  for (const parse of [undefined, parseWire]) {
    const api = createApi(async () => ({ status: 200, body }), { parse })
    const first = await locationsApi(api).searchCities('ber', 'en')
    t.equal(await locationsApi(api).searchCities('ber', 'en'), first, parse ? 'parsed once' : 'camelized once')
    t.match(first, [{ englishName: 'Berlin', countryCode: 'DE' }])
  }
})
