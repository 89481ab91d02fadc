import { SignJWT } from 'jose'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import t from 'tap'
import { buildGateway } from '../../../server/gateway/app.ts'
import { productionRenderer } from '../../../server/gateway/ssr/renderer.ts'
import { diskPhotoStore } from '../../../server/integrations/photos/disk-store.ts'
import { buildTestStack, signInThroughGateway, tempDir } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'

const ORIGIN = 'https://khaneh.example'

t.test('gateway sessions', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const AT = '__Host-khaneh_at'
  const RT = '__Host-khaneh_rt'

  const signIn = (id: number) => signInThroughGateway(gateway, id)

  await t.test('sign-in: tokens go into httpOnly cookies, the page gets only the user', async (t) => {
    const { res, access, refresh } = await signIn(9001)
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.same(Object.keys(body.data), ['user'])
    t.equal(body.data.user.telegram_id, 9001)
    t.notMatch(res.body, /refresh_token|access_token|"token"/)
    t.ok(access.length > 20 && refresh.length > 20)
    const attrs = setCookies(res)[AT]!.attributes
    t.match(attrs, /Max-Age=604800/)
    t.match(attrs, /HttpOnly/)
    t.match(attrs, /SameSite=Lax/)
    t.match(attrs, /Secure/)
    t.match(setCookies(res)[RT]!.attributes, /Max-Age=2592000/)
  })

  await t.test('calls carry the session; a client-sent Authorization header is ignored', async (t) => {
    const { access, refresh } = await signIn(9002)
    const other = await signIn(9003)
    const res = await gateway.inject({
      url: '/api/v1/users/profile',
      cookies: { [AT]: access, [RT]: refresh },
      headers: { authorization: `Bearer ${other.access}` },
    })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.telegram_id, 9002)
    const headerOnly = await gateway.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${other.access}` },
    })
    t.equal(headerOnly.statusCode, 401, 'a bearer header alone is not a session')
  })

  await t.test('a bad access token → one refresh, one retry, new cookies', async (t) => {
    const { refresh } = await signIn(9004)
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: 'a.b.c', [RT]: refresh } })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.telegram_id, 9004)
    t.not(setCookies(res)[RT]?.value, refresh, 'the refresh token was rotated')
  })

  await t.test('a 401 from the API for a token that looks valid → one refresh, then the retry succeeds', async (t) => {
    const { refresh } = await signIn(9008)
    // well-formed and not expiring, but signed with another key: only the API can tell
    const forged = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)))
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: forged, [RT]: refresh } })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.telegram_id, 9008)
    t.ok(setCookies(res)[AT]?.value, 'a fresh access cookie')
  })

  await t.test(
    'ten parallel requests after expiry share one refresh (the rotated token is never reused)',
    async (t) => {
      const { refresh } = await signIn(9005)
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: 'expired.x.y', [RT]: refresh } }),
        ),
      )
      t.ok(
        results.every((r) => r.statusCode === 200),
        'all answered',
      )
      const newTokens = new Set(results.map((r) => setCookies(r)[RT]?.value))
      t.equal(newTokens.size, 1, 'every response carries the same new refresh token')
      const [row] = await db.query<{ n: number; revoked: number }>(
        `SELECT count(*)::int AS n, count(revoked_at)::int AS revoked FROM refresh_tokens WHERE user_id = (SELECT id FROM users WHERE telegram_id = 9005)`,
      )
      t.same(row, { n: 2, revoked: 0 }, 'one rotation, no family revocation')
    },
  )

  await t.test('a failed refresh ends the session: cookies cleared, 401 "Authentication required"', async (t) => {
    const res = await gateway.inject({
      url: '/api/v1/users/profile',
      cookies: { [AT]: 'bad.x.y', [RT]: 'not-a-real-refresh-token-000000000' },
    })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error.message, 'Authentication required')
    t.match(setCookies(res)[AT]!.attributes, /Max-Age=0/)
    t.match(setCookies(res)[RT]!.attributes, /Max-Age=0/)
  })

  await t.test('public reads with a dead session are retried without credentials', async (t) => {
    const res = await gateway.inject({
      url: '/api/v1/listings?limit=1',
      cookies: { [AT]: 'bad.x.y', [RT]: 'not-a-real-refresh-token-000000000' },
    })
    t.equal(res.statusCode, 200)
    t.equal(res.json().success, true)
  })

  await t.test('refresh and logout use the cookie; logout clears both cookies', async (t) => {
    const { access, refresh } = await signIn(9006)
    const refreshed = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { [AT]: access, [RT]: refresh },
    })
    t.equal(refreshed.statusCode, 200)
    t.same(Object.keys(refreshed.json().data), ['user'])
    const next = setCookies(refreshed)[RT]!.value
    const out = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: ORIGIN },
      cookies: { [RT]: next },
    })
    t.equal(out.statusCode, 200)
    t.match(setCookies(out)[AT]!.attributes, /Max-Age=0/)
    const after = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { [RT]: next },
    })
    t.equal(after.statusCode, 401, 'the session is over')
  })

  await t.test('a JSON write is retried with its body after a refresh', async (t) => {
    const { refresh } = await signIn(9007)
    const res = await gateway.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: { origin: ORIGIN },
      cookies: { [AT]: 'bad.x.y', [RT]: refresh },
      payload: { first_name: 'Retried' },
    })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.first_name, 'Retried')
  })

  await t.test('deleting the account through the gateway clears the cookies', async (t) => {
    const { access, refresh } = await signIn(9009)
    const res = await gateway.inject({
      method: 'DELETE',
      url: '/api/v1/users/account',
      headers: { origin: ORIGIN },
      cookies: { [AT]: access, [RT]: refresh },
    })
    t.equal(res.statusCode, 200)
    t.match(setCookies(res)[AT]!.attributes, /Max-Age=0/)
    t.match(setCookies(res)[RT]!.attributes, /Max-Age=0/)
  })
})

t.test('gateway sessions against a scripted API', async (t) => {
  const calls: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []
  const now = new Date().toISOString()
  const user = {
    id: 1,
    telegram_id: 1,
    first_name: 'Scripted',
    last_name: null,
    username: null,
    photo_url: null,
    language: 'fa',
    role: 'user',
    is_premium: false,
    premium_until: null,
    ai_credits: 3,
    free_boosts: 0,
    referral_code: 'R1',
    phone_number: null,
    phone_verified: false,
    email: null,
    email_verified: false,
    auth_method: 'telegram',
    created_at: now,
    updated_at: now,
  }
  const session = (n: number) => ({
    success: true,
    data: {
      token: `access.${n}.x`,
      access_token: `access.${n}.x`,
      refresh_token: `refresh-token-${n}-000000000000`,
      user,
    },
    error: null,
    timestamp: new Date().toISOString(),
  })
  let refreshes = 0
  const api = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    calls.push({ method: req.method!, url: req.url!, headers: req.headers, body })
    res.setHeader('content-type', 'application/json')
    if (req.url === '/api/v1/auth/telegram-login') {
      // a success without the user the schema requires: the gateway cannot tell what it holds
      return res.end(
        JSON.stringify({
          success: true,
          data: { token: 'leaked.jwt.token', refresh_token: 'leaked-refresh-token-0000000000' },
          error: null,
          timestamp: '',
        }),
      )
    }
    if (req.url === '/api/v1/auth/refresh') return res.end(JSON.stringify(session(++refreshes)))
    if (req.url === '/api/v1/auth/logout')
      return res.end(JSON.stringify({ success: true, data: null, error: null, timestamp: '' }))
    const authorized = req.headers.authorization?.startsWith('Bearer access.')
    res.statusCode = authorized ? 200 : 401
    res.end(
      JSON.stringify(
        authorized
          ? { success: true, data: user, error: null, timestamp: '' }
          : {
              success: false,
              data: null,
              error: { code: 'UNAUTHENTICATED', message: 'Invalid token', details: null },
              timestamp: '',
            },
      ),
    )
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    api.closeAllConnections()
    api.close()
  })
  const gateway = await buildGateway({
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    publicBaseUrl: 'http://localhost:3000',
    renderer: await productionRenderer(path.resolve('dist')),
    photos: diskPhotoStore(tempDir(t)),
    logLevel: 'silent',
  })
  t.teardown(() => gateway.close())

  await t.test('a sign-in success the gateway cannot read is never passed on (it may hold tokens)', async (t) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram-login',
      headers: { origin: 'http://localhost:3000' },
      payload: { id: 1 },
    })
    t.equal(res.statusCode, 502)
    t.equal(res.json().error.code, 'UPSTREAM_UNAVAILABLE')
    t.notMatch(res.body, /leaked/)
    t.same(setCookies(res), {})
  })

  await t.test(
    'requests of one refresh token in flight together share one refresh; a later one is asked of the API, whose grace answers it',
    async (t) => {
      const before = refreshes
      const cookies = { khaneh_at: 'expired.x.y', khaneh_rt: 'refresh-token-old-0000000000000' }
      const together = await Promise.all(
        Array.from({ length: 3 }, () =>
          gateway.inject({ url: '/api/v1/users/profile', cookies, remoteAddress: '198.51.100.7' }),
        ),
      )
      t.same(
        together.map((r) => r.statusCode),
        [200, 200, 200],
      )
      t.equal(refreshes, before + 1, 'one refresh for those in flight together')
      t.equal(new Set(together.map((r) => setCookies(r).khaneh_rt?.value)).size, 1)
      const later = await gateway.inject({ url: '/api/v1/users/profile', cookies, remoteAddress: '198.51.100.7' })
      t.equal(later.statusCode, 200)
      t.equal(
        refreshes,
        before + 2,
        'nothing kept in the gateway once answered (docs/decisions/001-cookie-sessions-and-refresh-grace.md)',
      )
    },
  )

  await t.test("a signed-in reader's reads of places go without their token; their other reads carry it", async (t) => {
    const cookies = { khaneh_at: 'access.7.x', khaneh_rt: 'refresh-token-places-0000000000' }
    await gateway.inject({ url: '/api/v1/locations/countries?language=en', cookies })
    await gateway.inject({ url: '/api/v1/listings?language=en', cookies })
    const places = calls.findLast((c) => c.url.startsWith('/api/v1/locations/'))!
    const listings = calls.findLast((c) => c.url.startsWith('/api/v1/listings'))!
    t.equal(places.headers.authorization, undefined, 'the same answer for everyone')
    t.match(listings.headers.authorization, /^Bearer access\./)
  })

  await t.test('the refresh and the logout name the visitor to the API, like every other call', async (t) => {
    const cookies = { khaneh_rt: 'refresh-token-visitor-00000000000' }
    await gateway.inject({ url: '/api/v1/users/profile', cookies, remoteAddress: '198.51.100.8' })
    await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'http://localhost:3000' },
      cookies,
      remoteAddress: '198.51.100.8',
    })
    const refresh = calls.findLast((c) => c.url === '/api/v1/auth/refresh')!
    const logout = calls.findLast((c) => c.url === '/api/v1/auth/logout')!
    t.equal(refresh.headers['x-forwarded-for'], '198.51.100.8')
    t.equal(logout.headers['x-forwarded-for'], '198.51.100.8')
    t.same(JSON.parse(logout.body), { refresh_token: 'refresh-token-visitor-00000000000' })
  })
})
