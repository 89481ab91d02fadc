import { SignJWT } from 'jose'
import t from 'tap'
import { buildTestApi, TEST_BOT_TOKEN, TEST_SESSION_SECRET } from '../../../helpers/build-api.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

const nowS = () => Math.floor(Date.now() / 1000)

t.test('auth routes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const login = (fields: Record<string, string | number>) =>
    app.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: fields })
  const widget = (id: number, extra: Record<string, string | number> = {}) =>
    signTelegramLogin({ id, first_name: 'Reza', username: `reza${id}`, auth_date: nowS(), ...extra }, TEST_BOT_TOKEN)

  await t.test(
    'GET /auth/session: a guest is an answer (200, user null), a signed-in caller their user, a bad token 401',
    async (t) => {
      const guest = await app.inject({ url: '/api/v1/auth/session' })
      t.equal(guest.statusCode, 200)
      t.same(guest.json().data, { user: null })
      const session = (await login(widget(1099))).json().data
      const me = await app.inject({
        url: '/api/v1/auth/session',
        headers: { authorization: `Bearer ${session.token}` },
      })
      t.equal(me.statusCode, 200)
      t.match(me.json().data, { user: { telegram_id: 1099, first_name: 'Reza' } })
      const bad = await app.inject({ url: '/api/v1/auth/session', headers: { authorization: 'Bearer a.b.c' } })
      t.equal(bad.statusCode, 401, 'an ended or forged session is still a 401, for the gateway to refresh')
    },
  )

  await t.test('a valid widget payload signs in, creating the user once', async (t) => {
    const res = await login(widget(1001))
    t.equal(res.statusCode, 200)
    const { data } = res.json()
    t.match(data, {
      token: /^[\w-]+\.[\w-]+\.[\w-]+$/,
      refresh_token: /^[\w-]{40,}$/,
      user: { telegram_id: 1001, first_name: 'Reza', role: 'user', is_premium: false },
    })
    t.equal(data.access_token, data.token)
    const again = await login(widget(1001, { first_name: 'Reza J' }))
    t.equal(again.json().data.user.id, data.user.id, 'same user on the next sign-in')
    t.equal(again.json().data.user.first_name, 'Reza J')
  })

  await t.test('refusals: forged, foreign bot, stale, future, replayed, malformed', async (t) => {
    const forged = { ...widget(1002), first_name: 'Mallory' }
    t.equal((await login(forged)).statusCode, 401)
    t.equal(
      (await login(signTelegramLogin({ id: 1002, first_name: 'X', auth_date: nowS() }, '1:OTHER_BOT'))).statusCode,
      401,
    )
    t.equal((await login(widget(1002, { auth_date: nowS() - 25 * 3600 }))).statusCode, 401)
    t.equal((await login(widget(1002, { auth_date: nowS() + 3600 }))).statusCode, 401)
    const once = widget(1003)
    t.equal((await login(once)).statusCode, 200)
    const replay = await login(once)
    t.equal(replay.statusCode, 401)
    t.match(replay.json().error, { code: 'UNAUTHENTICATED', details: { reason: 'replayed' } })
    const malformed = await login({ id: 'abc', first_name: '', auth_date: 1, hash: 'zz' })
    t.equal(malformed.statusCode, 400)
    t.equal(malformed.json().error.code, 'VALIDATION_ERROR')
  })

  await t.test('admins by Telegram id get the admin role at sign-in', async (t) => {
    t.equal((await login(widget(777))).json().data.user.role, 'admin')
  })

  await t.test('refresh rotates; a rotated token coming back after the grace revokes the whole family', async (t) => {
    const first = (await login(widget(2001))).json().data
    const r1 = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    })
    t.equal(r1.statusCode, 200)
    const second = r1.json().data
    t.not(second.refresh_token, first.refresh_token)
    // the grace (5 s, docs/decisions/001-cookie-sessions-and-refresh-grace.md) is over
    await db.query(
      `UPDATE refresh_tokens SET rotated_at = rotated_at - interval '6 seconds' WHERE rotated_at IS NOT NULL`,
    )
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    })
    t.equal(reuse.statusCode, 401, 'the rotated token is refused')
    const afterTheft = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: second.refresh_token },
    })
    t.equal(afterTheft.statusCode, 401, 'and so is its successor: the family is revoked')
  })

  await t.test('logout ends the session', async (t) => {
    const session = (await login(widget(2002))).json().data
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: session.refresh_token },
    })
    t.equal(out.statusCode, 200)
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    })
    t.equal(refresh.statusCode, 401)
  })

  await t.test('access tokens: alg none, wrong key, audience, expiry and garbage → 401', async (t) => {
    const session = (await login(widget(3001))).json().data
    const profile = (token: string) =>
      app.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } })
    t.equal((await profile(session.token)).statusCode, 200)
    const key = new TextEncoder().encode(TEST_SESSION_SECRET)
    const claims = { sub: String(session.user.id), role: 'admin' }
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'khaneh-api', aud: 'khaneh', exp: nowS() + 600 })}.`
    t.equal((await profile(none)).statusCode, 401, 'alg none')
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('khaneh-api')
      .setAudience('khaneh')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'))
    t.equal((await profile(wrongKey)).statusCode, 401, 'wrong signature')
    const wrongAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('khaneh-api')
      .setAudience('elsewhere')
      .setExpirationTime('10m')
      .sign(key)
    t.equal((await profile(wrongAudience)).statusCode, 401, 'wrong audience')
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('khaneh-api')
      .setAudience('khaneh')
      .setExpirationTime(nowS() - 10)
      .sign(key)
    t.equal((await profile(expired)).statusCode, 401, 'expired')
    t.equal((await profile('not-a-token')).statusCode, 401, 'garbage')
    t.equal((await app.inject({ url: '/api/v1/users/profile' })).statusCode, 401, 'no token')
  })
})
