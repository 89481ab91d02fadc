import t from 'tap'
import { ApiError, createApi, withLoginRedirect, type Transport } from '../../client/lib/api.ts'

t.test('withLoginRedirect: a 401 on a signed-in call asks for sign-in, guards and public reads do not', async (t) => {
  const unauthorized: Transport = async () => ({ status: 401, body: { success: false, data: null, error: { code: 'UNAUTHENTICATED', message: 'Authentication required', details: null } } })
  const asked: string[] = []
  const transport = withLoginRedirect(unauthorized, () => asked.push('login'))
  const api = createApi(transport)
  await t.rejects(api.users.profile(), ApiError, 'the guard check keeps its 401')
  t.same(asked, [])
  await t.rejects(api.listings.search({}), ApiError)
  t.same(asked, [], 'a public read is not a signed-in call')
  await t.rejects(api.users.updateProfile({ first_name: 'X' }), { status: 401, message: 'Authentication required' })
  t.same(asked, ['login'])
  await transport('/favorites?page=0')
  await transport('/alerts/3', { method: 'DELETE' })
  t.same(asked, ['login', 'login', 'login'])
})

t.test('a sign-in answer without its user is an error of its own (SPEC §8)', async (t) => {
  const api = createApi(async () => ({ status: 200, body: { success: true, data: {}, error: null } }))
  await t.rejects(api.auth.emailLogin({ email: 'a@example.com', firebase_token: 'x.y.z' }), { code: 'LOGIN_RESPONSE_INVALID', message: 'Login response missing user data' })
})

t.test('network failures read as SPEC §8 says', async (t) => {
  const api = createApi(async () => {
    throw new TypeError('fetch failed')
  })
  await t.rejects(api.users.profile(), { code: 'NETWORK_ERROR', message: 'Network error. Please check your connection.' })
})

t.test('own listings answering 500 read as an empty page with the SPEC §8 note; other failures stay errors', async (t) => {
  const failing = (status: number): Transport => async () => ({ status, body: { success: false, data: null, error: { code: 'INTERNAL', message: 'Internal server error', details: null } } })
  const page = await createApi(failing(500)).ownListings.list({ page: 2, per_page: 50, language: 'en' })
  t.same(page, {
    listings: [],
    pagination: { currentPage: 2, totalPages: 1, totalItems: 0, itemsPerPage: 50, hasNext: false, hasPrev: false },
    skipped: 'VALIDATION_ERROR_SKIPPED',
  })
  await t.rejects(createApi(failing(503)).ownListings.list({ language: 'en' }), { status: 503, code: 'INTERNAL' })
  await t.rejects(createApi(failing(500)).ownListings.get(1, 'en'), { status: 500, code: 'INTERNAL' }, 'only the list is tolerant')
  const answered = await createApi(async (path) => ({ status: 200, body: { success: true, data: { listings: [], pagination: { current_page: 1, total_pages: 1, total_items: 0, items_per_page: 20, has_next: false, has_prev: false }, seen: path }, error: null } })).ownListings.list({ status: 'active', include_analytics: true, language: 'fa' })
  t.match(answered, { seen: '/users/listings?status=active&include_analytics=true&language=fa' }, 'the query as sent')
  t.notOk('skipped' in answered)
})
