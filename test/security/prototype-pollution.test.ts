import t from 'tap'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { ERRORS } from '../../server/lib/errors.ts'
import { ErrorEnvelopeSchema } from '../../shared/schemas/index.ts'
import { buildTestApi, telegramSession } from '../helpers/build-api.ts'
import { buildTestStack, signInThroughGateway } from '../helpers/build-gateway.ts'
import { databaseDigest } from '../helpers/digest.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'
import { objectKeys, probeRoutes, recordRouteSchemas, registeredRoutes } from '../helpers/routes.ts'

// `__proto__` and `constructor.prototype` sent to every route of the API, in its body and its query:
// the process's Object.prototype stays clean, nothing is written, and the answer is a 4xx or a plain
// answer in the envelope (a key that names nothing is dropped by the route's schema).

const PAYLOAD = { polluted: 'yes', role: 'admin', is_admin: true, ai_credits: 999_999 }
/** Each a JSON text: JSON.parse would make `__proto__` an own key, which is what an attacker sends. */
const POISONED_BODIES = {
  '__proto__ at the top': `{"__proto__": ${JSON.stringify(PAYLOAD)}}`,
  'constructor.prototype at the top': `{"constructor": {"prototype": ${JSON.stringify(PAYLOAD)}}}`,
}
const POISONED_QUERIES = [
  `__proto__[polluted]=yes&__proto__[role]=admin`,
  `constructor[prototype][polluted]=yes`,
  `__proto__.polluted=yes&constructor.prototype.polluted=yes`,
  `__proto__=yes&constructor=yes&prototype=yes`,
]

/** Nothing in the process took the attacker's keys onto every object. */
function prototypesClean() {
  const probe: Record<string, unknown> = {}
  return (
    ['polluted', 'role', 'is_admin', 'ai_credits'].every((key) => !(key in probe)) &&
    !('polluted' in Object.prototype) &&
    !('polluted' in Array.prototype) &&
    !('polluted' in Function.prototype)
  )
}

const ERROR_CODES = new Set(Object.keys(ERRORS))
type Answer = { statusCode: number; body: string }
/** A 4xx in the error envelope with a code of the catalogue, or a success in the envelope. */
function inEnvelope(res: Answer) {
  if (res.statusCode >= 500) return false
  const body = JSON.parse(res.body) as { success?: unknown; error?: { code?: string } }
  if (res.statusCode < 400) return body.success === true
  return ErrorEnvelopeSchema.safeParse(body).success && ERROR_CODES.has(body.error?.code ?? '')
}

t.test('prototype pollution through the API: every route, body and query', async (t) => {
  const { app, db } = await buildTestApi(t, { photos: diskPhotoStore(t.testdir()) })
  const schemas = recordRouteSchemas(app)
  const routes = registeredRoutes(app)
  await probeRoutes(app, routes)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const reader = await telegramSession(app, 9801, 'Reader')
  const listing = await makeListing(db, { ownerId: reader.user.id, cityId: berlin.id, countryCode: 'DE' })
  // the unread stream never ends for a reader: asked anonymously
  const signedIn = (route: string) =>
    route === 'GET /api/v1/alerts/notifications/stream' ? {} : { authorization: `Bearer ${reader.token}` }
  const url = (path: string) => path.replace(/:\w+/g, String(listing.id))
  const writes = routes.filter((route) => !route.startsWith('GET '))
  t.ok(writes.length > 40, `${writes.length} write routes`)

  await t.test('every write route with a poisoned JSON body → a 4xx, nothing written, prototypes clean', async (t) => {
    const before = await databaseDigest(db)
    for (const route of writes) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE', string]
      // the route's own keys, each holding a poisoned object too (e.g. an alert's filters)
      const keys = objectKeys(schemas.get(route)?.body)
      const nested = `{${keys.map((key) => `${JSON.stringify(key)}: {"__proto__": ${JSON.stringify(PAYLOAD)}}`).join(', ')}}`
      const bodies = keys.length ? { ...POISONED_BODIES, 'in each of its fields': nested } : POISONED_BODIES
      for (const [name, body] of Object.entries(bodies)) {
        const res = await app.inject({
          method,
          url: url(path),
          headers: { ...signedIn(route), 'content-type': 'application/json' },
          payload: body,
        })
        t.ok(res.statusCode >= 400 && res.statusCode < 500, `${route} with ${name} → a 4xx (${res.statusCode})`, {
          body: res.body,
        })
        t.ok(inEnvelope(res), `${route} with ${name}: in the error envelope`)
      }
    }
    t.ok(prototypesClean(), 'Object.prototype is clean')
    t.same(await databaseDigest(db), before, 'nothing written')
  })

  await t.test('every route with a poisoned query string → the envelope, prototypes clean', async (t) => {
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
      for (const query of POISONED_QUERIES) {
        const res = await app.inject({
          method,
          url: `${url(path)}?${query}`,
          headers: signedIn(route),
          ...(method !== 'GET' && { payload: {} }),
        })
        t.ok(inEnvelope(res), `${route}?${query} → ${res.statusCode} in the envelope`, { body: res.body })
        t.notMatch(res.body, /"polluted"|"yes"/, `${route}?${query}: the poisoned value is not echoed`)
      }
    }
    t.ok(prototypesClean(), 'Object.prototype is clean')
  })
})

t.test('prototype pollution through the gateway: a signed-in page’s JSON and query', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const reader = await signInThroughGateway(gateway, 9802, 'Reader')
  const before = await databaseDigest(db)
  for (const [name, body] of Object.entries(POISONED_BODIES)) {
    const res = await gateway.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: { origin: 'https://khaneh.example', 'content-type': 'application/json' },
      cookies: reader.cookies,
      payload: body,
    })
    t.equal(res.statusCode, 400, `PUT /users/profile with ${name} → 400`)
    t.ok(inEnvelope(res), 'in the error envelope')
  }
  for (const query of POISONED_QUERIES) {
    const res = await gateway.inject({ url: `/api/v1/listings?${query}`, cookies: reader.cookies })
    t.ok(inEnvelope(res), `GET /api/v1/listings?${query} → ${res.statusCode} in the envelope`)
    const page = await gateway.inject({ url: `/en/listings?${query}`, cookies: reader.cookies })
    t.ok(page.statusCode < 500, `the page /en/listings?${query} → ${page.statusCode}`)
  }
  t.ok(prototypesClean(), 'Object.prototype is clean')
  t.same(await databaseDigest(db), before, 'nothing written')
})
