// Attacks on sessions: forged access tokens, cookie flags, fixation, sign-out. What other files already
// hold (alg none, a wrong key, expiry at the API; the sign-in cookie's flags) is indexed in README.md.
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import t from 'tap'
import { TEST_BOT_TOKEN, TEST_SESSION_SECRET, telegramSession } from '../helpers/build-api.ts'
import { buildTestStack, SESSION_COOKIES, signInThroughGateway } from '../helpers/build-gateway.ts'
import { setCookies } from '../helpers/cookies.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'
const { access: AT, refresh: RT } = SESSION_COOKIES
const nowS = () => Math.floor(Date.now() / 1000)
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

/** A Login Widget redirect's query for this Telegram account, every field the widget may send. */
const widgetQuery = (id: number) =>
  new URLSearchParams(
    Object.entries(
      signTelegramLogin(
        {
          id,
          first_name: 'Widget',
          last_name: 'W',
          username: `w${id}`,
          photo_url: 'https://t.me/i/userpic/320/w.jpg',
          auth_date: nowS(),
        },
        TEST_BOT_TOKEN,
      ),
    ).map(([k, v]) => [k, String(v)]),
  )

/** The raw Set-Cookie lines of a response. */
const cookieLines = (res: { headers: Record<string, unknown> }): string[] => {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : []
}

// one stack for the file (an https site); the plain-http one is built where it is needed
const { gateway, api, db } = await buildTestStack(t)

t.test('forged access tokens are refused by the API', async (t) => {
  const victim = await telegramSession(api, 41001)
  const attacker = await telegramSession(api, 41002)
  const profile = (token: string) =>
    api.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } })
  t.equal((await profile(victim.token)).statusCode, 200, 'the genuine token works')
  const claims = { sub: String(victim.user.id), role: 'admin' }
  const secret = new TextEncoder().encode(TEST_SESSION_SECRET)
  const signed = (alg: string, key: Parameters<SignJWT['sign']>[0], exp = nowS() + 600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setIssuer('khaneh-api')
      .setAudience('khaneh')
      .setExpirationTime(exp)
      .sign(key)

  await t.test('alg none, in every spelling, and an empty signature', async (t) => {
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      const body = { ...claims, iss: 'khaneh-api', aud: 'khaneh', exp: nowS() + 600 }
      const res = await profile(`${b64({ alg, typ: 'JWT' })}.${b64(body)}.`)
      t.equal(res.statusCode, 401, alg)
      t.equal(res.json().error.code, 'UNAUTHENTICATED')
    }
  })

  await t.test('HS256 with a wrong key, and other HMACs with the right one (the algorithm is pinned)', async (t) => {
    t.equal((await profile(await signed('HS256', new TextEncoder().encode('w'.repeat(64))))).statusCode, 401)
    t.equal((await profile(await signed('HS384', secret))).statusCode, 401, 'HS384 with the real secret')
    t.equal((await profile(await signed('HS512', secret))).statusCode, 401, 'HS512 with the real secret')
  })

  await t.test('RS/HS confusion: an RS256 token, and HS256 keyed with the public key', async (t) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256')
    t.equal((await profile(await signed('RS256', privateKey))).statusCode, 401, 'RS256')
    const { privateKey: ec } = await generateKeyPair('ES256')
    t.equal((await profile(await signed('ES256', ec))).statusCode, 401, 'ES256')
    const publicJwk = JSON.stringify(await exportJWK(publicKey))
    t.equal(
      (await profile(await signed('HS256', new TextEncoder().encode(publicJwk)))).statusCode,
      401,
      'HS256 keyed by the public key',
    )
    // a header naming a key of the attacker's choosing is never followed
    const jwk = await exportJWK(publicKey)
    const embedded = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', jwk, jku: 'http://127.0.0.1:1/keys', kid: '../../dev/null' })
      .setIssuer('khaneh-api')
      .setAudience('khaneh')
      .setExpirationTime(nowS() + 600)
      .sign(privateKey)
    t.equal((await profile(embedded)).statusCode, 401, 'embedded jwk / jku / kid')
  })

  await t.test('expired, and a payload changed under a genuine signature', async (t) => {
    t.equal((await profile(await signed('HS256', secret, nowS() - 1))).statusCode, 401, 'expired a second ago')
    const [header, , signature] = attacker.token.split('.')
    for (const change of [
      { sub: String(victim.user.id) },
      { role: 'admin' },
      { exp: nowS() + 365 * 24 * 3600 },
      { aud: 'khaneh', iss: 'khaneh-api', extra: 1 },
    ]) {
      const tampered = `${header}.${b64({ ...claimsOf(attacker.token), ...change })}.${signature}`
      const res = await profile(tampered)
      t.equal(res.statusCode, 401, `payload changed: ${Object.keys(change).join(', ')}`)
    }
    const flipped = `${attacker.token.slice(0, -2)}${attacker.token.endsWith('AA') ? 'AB' : 'AA'}`
    t.equal((await profile(flipped)).statusCode, 401, 'signature changed')
  })

  await t.test('a refresh token is no access token, nor the other way round', async (t) => {
    t.equal((await profile(victim.refresh_token)).statusCode, 401, 'refresh token as a bearer')
    const asRefresh = await api.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: victim.token },
    })
    t.ok([400, 401].includes(asRefresh.statusCode), `access token as a refresh token → ${asRefresh.statusCode}`)
    t.notMatch(asRefresh.body, /"refresh_token"/)
  })

  await t.test('through the gateway, a refresh token in the access cookie is no session', async (t) => {
    const session = await signInThroughGateway(gateway, 41003)
    const res = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: session.refresh } })
    t.equal(res.statusCode, 401)
    const forged = await signed('HS256', new TextEncoder().encode('w'.repeat(64)))
    const page = await gateway.inject({ url: '/en/dashboard', cookies: { [AT]: forged } })
    t.equal(page.statusCode, 302, 'a forged access cookie gets the sign-in page')
    t.match(String(page.headers.location), /^\/en\/auth\?next=/)
  })
})

t.test('every Set-Cookie carries its flags', async (t) => {
  /** Set-Cookie lines from every kind of answer that sets one: sign-in (API and widget callback), a renewal, a failed renewal, a first visit, sign-out, account deletion. */
  const collect = async (site: typeof gateway, origin: string, names: typeof SESSION_COOKIES) => {
    const lines: string[] = []
    const signIn = async (id: number) => {
      const res = await site.inject({
        method: 'POST',
        url: '/api/v1/auth/telegram-login',
        headers: { origin },
        payload: signTelegramLogin({ id, first_name: 'R', auth_date: nowS() }, TEST_BOT_TOKEN),
      })
      const set = setCookies(res)
      lines.push(...cookieLines(res))
      return { [names.access]: set[names.access]!.value, [names.refresh]: set[names.refresh]!.value }
    }
    lines.push(...cookieLines(await site.inject({ url: `/en/auth?${widgetQuery(42010)}` })))
    const refresh = (await signIn(42011))[names.refresh]!
    lines.push(...cookieLines(await site.inject({ url: '/en/dashboard', cookies: { [names.refresh]: refresh } })))
    lines.push(
      ...cookieLines(
        await site.inject({
          url: '/api/v1/users/profile',
          cookies: { [names.access]: 'x.y.z', [names.refresh]: 'n'.repeat(40) },
        }),
      ),
    )
    // a browser's first visit (crawlers, and inject's own user agent, get no language cookie)
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
    lines.push(
      ...cookieLines(await site.inject({ url: '/en', headers: { 'accept-language': 'de', 'user-agent': browser } })),
    )
    const out = await signIn(42012)
    lines.push(
      ...cookieLines(
        await site.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { origin }, cookies: out }),
      ),
    )
    const gone = await signIn(42013)
    const deleted = await site.inject({
      method: 'DELETE',
      url: '/api/v1/users/account',
      headers: { origin },
      cookies: gone,
    })
    lines.push(...cookieLines(deleted))
    return lines
  }

  await t.test('on https: __Host- session cookies, HttpOnly, Secure, SameSite, Path=/, no Domain', async (t) => {
    const lines = await collect(gateway, ORIGIN, SESSION_COOKIES)
    const session = lines.filter((l) => /^__Host-khaneh_(at|rt)=/.test(l))
    t.ok(session.length >= 12, `${session.length} session cookies seen`)
    t.ok(
      lines.some((l) => l.startsWith('i18n_redirected=')),
      'the language cookie seen',
    )
    t.notOk(
      lines.some((l) => /^khaneh_(at|rt)=/.test(l)),
      'no session cookie without its prefix',
    )
    for (const line of lines) {
      const attributes = line.split('; ').slice(1)
      t.ok(attributes.includes('Secure'), `Secure: ${line.slice(0, 40)}`)
      t.ok(attributes.includes('Path=/'), `Path=/: ${line.slice(0, 40)}`)
      t.ok(
        attributes.some((a) => /^SameSite=(Lax|Strict)$/.test(a)),
        `SameSite: ${line.slice(0, 40)}`,
      )
      t.notOk(
        attributes.some((a) => /^Domain=/i.test(a)),
        `no Domain: ${line.slice(0, 40)}`,
      )
    }
    for (const line of session) t.ok(line.split('; ').includes('HttpOnly'), `HttpOnly: ${line.slice(0, 40)}`)
  })

  await t.test(
    'on plain-http localhost: no Secure (the browser would drop it), no __Host- prefix, still HttpOnly',
    async (t) => {
      const { gateway: http } = await buildTestStack(t, { publicBaseUrl: 'http://localhost:3000' })
      const names = { access: 'khaneh_at', refresh: 'khaneh_rt' } as unknown as typeof SESSION_COOKIES
      const lines = await collect(http, 'http://localhost:3000', names)
      const session = lines.filter((l) => /^khaneh_(at|rt)=/.test(l))
      t.ok(session.length >= 12, `${session.length} session cookies seen`)
      t.notOk(lines.some((l) => l.startsWith('__Host-')))
      for (const line of session) {
        t.match(line, /; Path=\/; HttpOnly; SameSite=Lax$/, line.slice(0, 40))
      }
    },
  )
})

t.test('session fixation and sign-out', async (t) => {
  const planted = await signInThroughGateway(gateway, 43001, 'Mallory')

  await t.test(
    "cookies planted before sign-in (another person's session, or a made-up value) are replaced",
    async (t) => {
      for (const fixed of [
        planted.cookies,
        { [AT]: 'fixated.access.token', [RT]: 'fixated-refresh-token-0000000000000' },
      ]) {
        const fields = signTelegramLogin(
          { id: 43002 + Math.floor(Math.random() * 1000), first_name: 'Victim', auth_date: nowS() },
          TEST_BOT_TOKEN,
        )
        const res = await gateway.inject({
          method: 'POST',
          url: '/api/v1/auth/telegram-login',
          headers: { origin: ORIGIN },
          cookies: fixed,
          payload: fields,
        })
        t.equal(res.statusCode, 200)
        const set = setCookies(res)
        t.ok(set[AT]?.value && set[AT].value !== fixed[AT], 'a new access cookie')
        t.ok(set[RT]?.value && set[RT].value !== fixed[RT], 'a new refresh cookie')
        const me = await gateway.inject({
          url: '/api/v1/users/profile',
          cookies: { [AT]: set[AT]!.value, [RT]: set[RT]!.value },
        })
        t.equal(me.json().data.first_name, 'Victim', 'the new cookies are the victim’s own session')
        t.not(me.json().data.id, planted.id)
      }
      const fixated = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { origin: ORIGIN },
        cookies: { [RT]: 'fixated-refresh-token-0000000000000' },
      })
      t.equal(fixated.statusCode, 401, 'a made-up refresh value never became a session')
    },
  )

  await t.test('the widget callback replaces planted cookies too', async (t) => {
    const res = await gateway.inject({ url: `/en/auth?${widgetQuery(43500)}`, cookies: planted.cookies })
    t.equal(res.statusCode, 303)
    const set = setCookies(res)
    t.ok(set[AT]?.value && set[AT].value !== planted.access)
    t.ok(set[RT]?.value && set[RT].value !== planted.refresh)
  })

  await t.test('sign-out revokes the whole refresh family on the server, earlier tokens included', async (t) => {
    const session = await signInThroughGateway(gateway, 43600)
    const rotated = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: session.cookies,
    })
    const next = setCookies(rotated)[RT]!.value
    t.not(next, session.refresh, 'rotated once')
    const out = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: ORIGIN },
      cookies: { [RT]: next },
    })
    t.equal(out.statusCode, 200)
    const [row] = await db.query<{ n: number; live: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE revoked_at IS NULL)::int AS live FROM refresh_tokens WHERE user_id = $1`,
      [session.id],
    )
    t.same(row, { n: 2, live: 0 }, 'both tokens of the family revoked')
    for (const token of [session.refresh, next]) {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { origin: ORIGIN },
        cookies: { [RT]: token },
      })
      t.equal(res.statusCode, 401)
      t.notOk(setCookies(res)[AT]?.value, 'no new session')
    }
  })

  await t.test('sign-out from another site is refused and leaves the session alive', async (t) => {
    const session = await signInThroughGateway(gateway, 43700)
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'https://evil.example' },
      cookies: session.cookies,
    })
    t.equal(res.statusCode, 403)
    const [row] = await db.query<{ live: number }>(
      `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS live FROM refresh_tokens WHERE user_id = $1`,
      [session.id],
    )
    t.equal(row!.live, 1)
  })
})
