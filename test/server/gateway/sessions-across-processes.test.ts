// Sessions across processes: two APIs and two gateways on one database, a page's calls spread over
// both, as a round-robin balancer spreads them (docs/decisions/001-cookie-sessions-and-refresh-grace.md).
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import t from 'tap'
import { ageRotations, refreshFamily } from '../../helpers/refresh-families.ts'
import { buildTestApi, openTestDbAgain, TEST_SESSION_SECRET } from '../../helpers/build-api.ts'
import { buildTestGateway, SESSION_COOKIES, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'

const ORIGIN = 'https://khaneh.example'
const { access: AT, refresh: RT } = SESSION_COOKIES

const { app: firstApi, db } = await buildTestApi(t)
const { app: secondApi } = await buildTestApi(t, { db: await openTestDbAgain(t, db) })
const gateways: FastifyInstance[] = []
for (const api of [firstApi, secondApi])
  gateways.push(await buildTestGateway(t, await api.listen({ host: '127.0.0.1', port: 0 })))
const [first, second] = gateways as [FastifyInstance, FastifyInstance]

/** An access token of this user that expired a minute ago, as a returning visitor's cookie holds it. */
const expiredAccess = (userId: number) => {
  const nowS = Math.floor(Date.now() / 1000)
  return new SignJWT({ role: 'user' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('khaneh-api')
    .setAudience('khaneh')
    .setIssuedAt(nowS - 960)
    .setExpirationTime(nowS - 60)
    .sign(new TextEncoder().encode(TEST_SESSION_SECRET))
}

const familyOf = (token: string) => refreshFamily(db, token)
const age = (token: string, ms: number) => ageRotations(db, token, ms)

/** What a page asks for at once: the document and its scripts' calls, each to whichever process the balancer picks. */
const PAGE_CALLS = ['/en/dashboard', '/api/v1/users/profile', '/api/v1/favorites', '/api/v1/auth/session']

const burst = (cookies: Record<string, string>, startAt: number) =>
  Promise.all(PAGE_CALLS.map((url, i) => gateways[(startAt + i) % 2]!.inject({ url, cookies })))

const profile = (gateway: FastifyInstance, cookies: Record<string, string>) =>
  gateway.inject({ url: '/api/v1/users/profile', cookies })

t.test("a page's parallel calls after expiry, over both processes: none refused, nobody signed out", async (t) => {
  const visitors = await Promise.all(Array.from({ length: 6 }, (_, i) => signInThroughGateway(first, 62001 + i)))
  for (const [i, visitor] of visitors.entries()) {
    // half come back with the expired access cookie, half with only the refresh cookie
    const stale: Record<string, string> =
      i % 2 === 0 ? { [AT]: await expiredAccess(visitor.id), [RT]: visitor.refresh } : { [RT]: visitor.refresh }
    let refresh = visitor.refresh
    for (const round of [1, 2]) {
      const answers = await burst(stale, i)
      t.same(
        answers.map((a) => a.statusCode),
        [200, 200, 200, 200],
        `visitor ${i}, burst ${round}: none refused`,
      )
      const set = answers.map(setCookies)
      t.notOk(
        set.some((cookies) => cookies[RT]?.value === '' || cookies[AT]?.value === ''),
        'no cookie cleared',
      )
      const renewed = new Set(set.map((cookies) => cookies[RT]?.value))
      t.equal(renewed.size, 1, 'every answer carries the same new refresh token')
      const next = [...renewed][0]!
      t.not(next, refresh)
      t.same(await familyOf(next), { n: round + 1, live: round + 1 }, 'one new member of the family per burst')
      const access = set[0]![AT]!.value
      for (const gateway of gateways) {
        const me = await profile(gateway, { [AT]: access, [RT]: next })
        t.equal(me.json().data?.telegram_id, 62001 + i, 'still signed in, on either process')
      }
      refresh = next
      stale[RT] = next
      if (stale[AT]) stale[AT] = await expiredAccess(visitor.id)
    }
  }
})

t.test('a rotated token presented after the grace still ends the session, on the other process', async (t) => {
  const visitor = await signInThroughGateway(first, 62101)
  const renewed = setCookies(await profile(first, { [RT]: visitor.refresh }))[RT]!.value
  t.ok(renewed && renewed !== visitor.refresh, 'rotated')
  await age(visitor.refresh, 5_100)
  const reuse = await profile(second, { [RT]: visitor.refresh })
  t.equal(reuse.statusCode, 401)
  t.match(setCookies(reuse)[RT]!.attributes, /Max-Age=0/, 'cookies cleared')
  t.equal((await profile(first, { [RT]: renewed })).statusCode, 401, 'the family is revoked: its newest token too')
  t.same(await familyOf(renewed), { n: 2, live: 0 })
})

t.test('sign-out on one process, then the just-rotated token on either → 401, no new tokens', async (t) => {
  const visitor = await signInThroughGateway(first, 62201)
  const rotated = await profile(first, { [AT]: await expiredAccess(visitor.id), [RT]: visitor.refresh })
  const renewed = { [AT]: setCookies(rotated)[AT]!.value, [RT]: setCookies(rotated)[RT]!.value }
  const out = await second.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { origin: ORIGIN },
    cookies: renewed,
  })
  t.equal(out.statusCode, 200)
  for (const [i, gateway] of gateways.entries()) {
    const again = await profile(gateway, { [RT]: visitor.refresh })
    t.equal(again.statusCode, 401, `process ${i + 1}: the session is over`)
    t.notOk(setCookies(again)[RT]?.value, 'no new refresh token handed out')
    const refreshed = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: ORIGIN },
      cookies: { [RT]: visitor.refresh },
    })
    t.equal(refreshed.statusCode, 401, `process ${i + 1}: POST /auth/refresh too`)
  }
  t.same(await familyOf(renewed[RT]!), { n: 2, live: 0 })
})
