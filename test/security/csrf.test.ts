import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../helpers/build-gateway.ts'
import { databaseDigest } from '../helpers/digest.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'
import { registeredRoutes } from '../helpers/routes.ts'

// The CSRF matrix at the gateway (server/gateway/csrf.ts): every unsafe route it serves — each of the
// API's behind /api/v1/*, and its own — × where the request says it comes from × the body types a
// page of another site can send. A signed-in victim's cookies ride along; only our own pages pass,
// and a refusal changes nothing.

const ORIGIN = 'https://khaneh.example'
/** Where a request comes from, as a browser names it (Origin, Sec-Fetch-Site). */
const FROM_ELSEWHERE: Record<string, Record<string, string>> = {
  'another site': { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  'a sandboxed frame or a data: URL (Origin null)': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  'a sibling of the same site': { origin: 'https://static.khaneh.example', 'sec-fetch-site': 'same-site' },
  'another site, by a browser without Fetch Metadata': { origin: 'https://evil.example' },
  'a sibling, by a browser without Fetch Metadata': { origin: 'https://static.khaneh.example' },
  'another site, over http': { origin: 'http://khaneh.example', 'sec-fetch-site': 'cross-site' },
  'another site, by Fetch Metadata alone': { 'sec-fetch-site': 'cross-site' },
}
const FROM_OUR_PAGES = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }
/** What a form or a no-cors fetch of another site can send, and JSON (with a preflight a site cannot pass). */
const BODIES: Record<string, string> = {
  'text/plain': '{"name":"Berlin"}',
  'application/x-www-form-urlencoded': 'name=Berlin&status=active',
  'multipart/form-data; boundary=xyz':
    '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nBerlin\r\n--xyz--\r\n',
  'application/json': '{"name":"Berlin"}',
}
/** Stripe's webhook is no browser's: signed, without a session, outside this rule (docs/decisions/019-payments-ledger.md). */
const WEBHOOK = 'POST /api/v1/payments/stripe/webhook'
const UNSAFE = new Set(['POST', 'PUT', 'DELETE', 'PATCH'])

t.test('CSRF at the gateway: only our own pages may write', async (t) => {
  const { gateway, api, db } = await buildTestStack(t)
  const victim = await signInThroughGateway(gateway, 9951, 'Victim')
  t.equal(victim.res.statusCode, 200, 'the victim is signed in')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const listing = await makeListing(db, { ownerId: victim.id, cityId: berlin.id, countryCode: 'DE' })

  // the gateway's unsafe routes: its /api/v1/* proxy, spelled out as the API's routes (and PATCH,
  // which it passes on too), and its own
  t.ok(
    [...UNSAFE].every((method) => gateway.hasRoute({ method, url: '/api/v1/*' })),
    'the gateway passes every unsafe method to the API',
  )
  const apiRoutes = registeredRoutes(api).filter((route) => UNSAFE.has(route.split(' ')[0]!) && route !== WEBHOOK)
  const ownRoutes = registeredRoutes(gateway).filter((route) => UNSAFE.has(route.split(' ')[0]!))
  t.ok(ownRoutes.length > 0, `the gateway’s own unsafe routes: ${ownRoutes.join(', ')}`)
  const routes = [...apiRoutes, 'PATCH /api/v1/listings/:id', ...ownRoutes]
  t.ok(routes.length > 45, `${routes.length} unsafe routes`)
  const url = (path: string) => path.replace(/:\w+/g, String(listing.id))

  await t.test('from anywhere else, with any body type → 403 before the API, nothing changed', async (t) => {
    const before = await databaseDigest(db)
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE' | 'PATCH', string]
      for (const [from, headers] of Object.entries(FROM_ELSEWHERE)) {
        for (const [type, payload] of Object.entries(BODIES)) {
          const res = await gateway.inject({
            method,
            url: url(path),
            headers: { ...headers, 'content-type': type },
            cookies: victim.cookies,
            payload,
          })
          // the proxy refuses every type; a route of the gateway's own refuses first a type it never reads
          const refusal = ownRoutes.includes(route) && res.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'FORBIDDEN'
          t.equal(res.json().error?.code, refusal, `${route} from ${from} as ${type} → ${res.statusCode} ${refusal}`)
          t.equal(res.statusCode, refusal === 'FORBIDDEN' ? 403 : 415, 'and its status')
        }
      }
    }
    t.same(await databaseDigest(db), before, 'nothing changed')
    const still = await gateway.inject({ url: '/api/v1/users/profile', cookies: victim.cookies })
    t.equal(still.json().data.first_name, 'Victim', 'the victim’s account is as it was')
  })

  await t.test('from our own pages, every body type reaches the API', async (t) => {
    for (const [type, payload] of Object.entries(BODIES)) {
      const res = await gateway.inject({
        method: 'POST',
        url: `/api/v1/favorites/${listing.id}`,
        headers: { ...FROM_OUR_PAGES, 'content-type': type },
        cookies: victim.cookies,
        payload,
      })
      // the API's own answer: saved for JSON, a body type it does not take refused as such
      t.equal(res.statusCode, type === 'application/json' ? 200 : 415, `POST /favorites/:id as ${type} → the API`)
    }
    const [saved] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites WHERE user_id = $1`, [
      victim.id,
    ])
    t.equal(saved!.n, 1, 'the favourite was saved, once')
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE' | 'PATCH', string]
      // anonymous: each request passes the gateway's rule; the API then answers it (most: sign in first)
      const res = await gateway.inject({
        method,
        url: url(path),
        headers: { ...FROM_OUR_PAGES, 'content-type': 'application/json' },
        payload: '{}',
      })
      t.notMatch(res.body, /Cross-site request refused/, `${route} from our pages passes (${res.statusCode})`)
    }
  })

  await t.test('a request that names no origin at all is no browser’s: it passes to the API', async (t) => {
    // Every browser names the Origin of an unsafe request (the Fetch standard), so a write without
    // Origin and Sec-Fetch-Site comes from a program, which holds no visitor's cookies to abuse
    // (the same rule as Go's http.CrossOriginProtection).
    const res = await gateway.inject({
      method: 'POST',
      url: `/api/v1/listings/${listing.id}/report`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    t.equal(res.statusCode, 401, 'the API answers: sign in first')
  })
})
