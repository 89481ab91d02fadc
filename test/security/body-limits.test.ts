import t from 'tap'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { bodyLimitOf } from '../../server/gateway/body-limit.ts'
import { ERRORS } from '../../server/lib/errors.ts'
import { MAX_PHOTO_BYTES } from '../../shared/constants.ts'
import { ErrorEnvelopeSchema } from '../../shared/schemas/index.ts'
import { buildTestApi, telegramSession } from '../helpers/build-api.ts'
import { databaseDigest } from '../helpers/digest.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'
import { objectKeys, probeRoutes, recordRouteSchemas, registeredRoutes } from '../helpers/routes.ts'

// Bodies no form sends, to every write route of the API, signed in: too large → 413, not JSON → 415,
// nested beyond reason, NUL characters, broken JSON → a clear 4xx in the error envelope, never a
// 5xx, and nothing written.

const UPLOADS = new Set(['POST /api/v1/upload/photos', 'POST /api/v1/upload/photos/validate'])
const ERROR_CODES = new Set(Object.keys(ERRORS))
const DEPTH = 20_000

type Answer = { statusCode: number; body: string }
const envelopeCode = (res: Answer) => {
  const parsed = ErrorEnvelopeSchema.safeParse(JSON.parse(res.body))
  return parsed.success && ERROR_CODES.has(parsed.data.error.code) ? parsed.data.error.code : undefined
}

t.test('bodies no form sends, to every write route', async (t) => {
  const { app, db } = await buildTestApi(t, { photos: diskPhotoStore(t.testdir()) })
  const schemas = recordRouteSchemas(app)
  const routes = registeredRoutes(app)
  await probeRoutes(app, routes)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const reader = await telegramSession(app, 9901, 'Reader')
  const listing = await makeListing(db, { ownerId: reader.user.id, cityId: berlin.id, countryCode: 'DE' })
  const writes = routes.filter((route) => !route.startsWith('GET '))
  t.ok(writes.length > 40, `${writes.length} write routes`)
  const send = (route: string, contentType: string, payload: string | Buffer, query = '') => {
    const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE', string]
    return app.inject({
      method,
      url: path.replace(/:\w+/g, String(listing.id)) + query,
      headers: { authorization: `Bearer ${reader.token}`, 'content-type': contentType },
      payload,
    })
  }
  const before = await databaseDigest(db)

  await t.test('a body over the route’s limit → 413', async (t) => {
    const json = `{"description":"${'x'.repeat(bodyLimitOf('/api/v1/listings'))}"}`
    const photo = new FormData()
    photo.append('photos', new Blob([new Uint8Array(MAX_PHOTO_BYTES + 1)], { type: 'image/jpeg' }), 'big.jpg')
    for (const route of writes) {
      const res = UPLOADS.has(route)
        ? await app.inject({
            method: 'POST',
            url: route.split(' ')[1]!,
            headers: { authorization: `Bearer ${reader.token}` },
            payload: photo,
          })
        : await send(route, 'application/json', json)
      t.equal(res.statusCode, 413, `${route} → 413`, { body: res.body.slice(0, 300) })
      t.equal(envelopeCode(res), 'PAYLOAD_TOO_LARGE', `${route}: PAYLOAD_TOO_LARGE`)
    }
  })

  await t.test('a body in a type the route does not take → 415', async (t) => {
    const wrong: Record<string, string> = {
      'text/plain': '{"name":"Berlin"}',
      'application/x-www-form-urlencoded': 'name=Berlin&rent=900',
      'application/xml': '<listing><rent>900</rent></listing>',
      'multipart/form-data; boundary=x':
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nBerlin\r\n--x--\r\n',
    }
    for (const route of writes) {
      for (const [type, payload] of Object.entries(wrong)) {
        // the photo routes' scope reads multipart: a route there without a body schema never reads it
        if (route.includes('/upload/') && type.startsWith('multipart/')) continue
        const res = await send(route, type, payload)
        t.equal(res.statusCode, 415, `${route} as ${type} → 415`, { body: res.body.slice(0, 300) })
        t.equal(envelopeCode(res), 'UNSUPPORTED_MEDIA_TYPE', `${route} as ${type}: UNSUPPORTED_MEDIA_TYPE`)
      }
      if (UPLOADS.has(route)) {
        const res = await send(route, 'application/json', '{"photos":[]}')
        t.equal(res.statusCode, 415, `${route} as JSON → 415`)
      }
    }
  })

  await t.test('nesting beyond reason, NUL characters, broken JSON → a 4xx in the envelope', async (t) => {
    const deep = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`
    const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`
    // a route without a body schema takes no fields: what it is sent is not read (JSON.parse only)
    const withFields = writes.filter((route) => !UPLOADS.has(route) && objectKeys(schemas.get(route)?.body).length)
    t.ok(withFields.length > 30, `${withFields.length} routes take fields`)
    for (const route of withFields) {
      const keys = objectKeys(schemas.get(route)?.body)
      const each = (value: string) => `{${keys.map((key) => `${JSON.stringify(key)}: ${value}`).join(',')}}`
      const bodies: Record<string, string> = {
        [`nested ${DEPTH} arrays deep`]: deepArray,
        [`each field nested ${DEPTH} objects deep`]: each(deep),
        [`each field nested ${DEPTH} arrays deep`]: each(deepArray),
        'a NUL character in each field': each('"Ber\\u0000lin"'),
        'a NUL character in a key': '{"na\\u0000me":"Berlin"}',
        'broken JSON': '{"name": "Berlin",',
        'an empty body': '',
        'JSON that is not an object': '"Berlin"',
        'JSON in UTF-16': Buffer.from(each('"Berlin"'), 'utf16le').toString('latin1'),
      }
      for (const [name, body] of Object.entries(bodies)) {
        const type = name.includes('UTF-16') ? 'application/json; charset=utf-16le' : 'application/json'
        const res = await send(route, type, body)
        t.ok(res.statusCode >= 400 && res.statusCode < 500, `${route} with ${name} → ${res.statusCode}, a 4xx`, {
          body: res.body.slice(0, 300),
        })
        t.ok(envelopeCode(res), `${route} with ${name}: in the error envelope`)
      }
      // an unknown key is dropped by the schema, however deep its value
      const deepUnknown = await send(route, 'application/json', `{"unknown": ${deep}}`)
      t.ok(
        deepUnknown.statusCode < 500,
        `${route} with an unknown key nested ${DEPTH} deep → ${deepUnknown.statusCode}`,
      )
    }
    for (const route of writes) {
      const res = await send(route, 'application/json', '{}', '?language=en%00&q=%00')
      t.equal(res.statusCode, 400, `${route} with a NUL character in its query → 400`)
    }
  })

  t.same(await databaseDigest(db), before, 'nothing written by any of them')
})
