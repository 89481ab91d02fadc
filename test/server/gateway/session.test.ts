import { SignJWT } from 'jose'
import t from 'tap'
import { TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'

t.test('gateway sessions', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const AT = '__Host-khaneh_at'
  const RT = '__Host-khaneh_rt'

  const signIn = async (id: number) => {
    const fields = signTelegramLogin({ id, first_name: `User${id}`, auth_date: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN)
    const res = await gateway.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', headers: { origin: ORIGIN }, payload: fields })
    const cookies = setCookies(res)
    return { res, access: cookies[AT]?.value ?? '', refresh: cookies[RT]?.value ?? '' }
  }

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
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: access, [RT]: refresh }, headers: { authorization: `Bearer ${other.access}` } })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.telegram_id, 9002)
    const headerOnly = await gateway.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${other.access}` } })
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
    const forged = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)))
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: forged, [RT]: refresh } })
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.telegram_id, 9008)
    t.ok(setCookies(res)[AT]?.value, 'a fresh access cookie')
  })

  await t.test('ten parallel requests after expiry share one refresh (the rotated token is never reused)', async (t) => {
    const { refresh } = await signIn(9005)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: 'expired.x.y', [RT]: refresh } })),
    )
    t.ok(results.every((r) => r.statusCode === 200), 'all answered')
    const newTokens = new Set(results.map((r) => setCookies(r)[RT]?.value))
    t.equal(newTokens.size, 1, 'every response carries the same new refresh token')
    const [row] = await db.query<{ n: number; revoked: number }>(
      `SELECT count(*)::int AS n, count(revoked_at)::int AS revoked FROM refresh_tokens WHERE user_id = (SELECT id FROM users WHERE telegram_id = 9005)`,
    )
    t.same(row, { n: 2, revoked: 0 }, 'one rotation, no family revocation')
  })

  await t.test('a failed refresh ends the session: cookies cleared, 401 "Authentication required"', async (t) => {
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: 'bad.x.y', [RT]: 'not-a-real-refresh-token-000000000' } })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error.message, 'Authentication required')
    t.match(setCookies(res)[AT]!.attributes, /Max-Age=0/)
    t.match(setCookies(res)[RT]!.attributes, /Max-Age=0/)
  })

  await t.test('public reads with a dead session are retried without credentials', async (t) => {
    const res = await gateway.inject({ url: '/api/v1/listings?limit=1', cookies: { [AT]: 'bad.x.y', [RT]: 'not-a-real-refresh-token-000000000' } })
    t.equal(res.statusCode, 200)
    t.equal(res.json().success, true)
  })

  await t.test('refresh and logout use the cookie; logout clears both cookies', async (t) => {
    const { access, refresh } = await signIn(9006)
    const refreshed = await gateway.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { origin: ORIGIN }, cookies: { [AT]: access, [RT]: refresh } })
    t.equal(refreshed.statusCode, 200)
    t.same(Object.keys(refreshed.json().data), ['user'])
    const next = setCookies(refreshed)[RT]!.value
    const out = await gateway.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { origin: ORIGIN }, cookies: { [RT]: next } })
    t.equal(out.statusCode, 200)
    t.match(setCookies(out)[AT]!.attributes, /Max-Age=0/)
    const after = await gateway.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { origin: ORIGIN }, cookies: { [RT]: next } })
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
    const res = await gateway.inject({ method: 'DELETE', url: '/api/v1/users/account', headers: { origin: ORIGIN }, cookies: { [AT]: access, [RT]: refresh } })
    t.equal(res.statusCode, 200)
    t.match(setCookies(res)[AT]!.attributes, /Max-Age=0/)
    t.match(setCookies(res)[RT]!.attributes, /Max-Age=0/)
  })
})
