import { connect } from 'node:net'
import t from 'tap'
import { buildTestStack } from '../../helpers/build-gateway.ts'

/** Sends raw bytes and reads the whole answer until the server closes. */
function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(bytes))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

const envelopeOf = (body: string) =>
  JSON.parse(body) as { success: boolean; data: null; error: { code: string; message: string }; timestamp: string }

t.test(
  'the errors Fastify and Node answer themselves are the error envelope; odd page addresses are 404 pages',
  async (t) => {
    const { gateway, apiUrl } = await buildTestStack(t)
    const base = await gateway.listen({ host: '127.0.0.1', port: 0 })

    await t.test('bad percent-encoding → 400 envelope, on pages, the proxy and the API', async (t) => {
      for (const url of ['/en/%zz', '/en/listing/%E0%A4%A', '/api/v1/listings/%E0%A4%A']) {
        const res = await gateway.inject({ url })
        t.equal(res.statusCode, 400, url)
        t.match(envelopeOf(res.body), { success: false, data: null, error: { code: 'VALIDATION_ERROR' } }, url)
      }
      const api = await fetch(`${apiUrl}/api/v1/listings/%E0%A4%A`)
      t.equal(api.status, 400)
      t.match(await api.json(), { success: false, error: { code: 'VALIDATION_ERROR' } })
    })

    await t.test(
      'an over-long parameter names nothing: 404 envelope from the API and the proxy, a 404 page',
      async (t) => {
        const long = 'a'.repeat(400)
        const proxied = await gateway.inject({ url: `/api/v1/listings/${long}` })
        t.equal(proxied.statusCode, 404)
        t.match(envelopeOf(proxied.body), { error: { code: 'NOT_FOUND' } })
        const page = await gateway.inject({ url: `/en/listing/${long}` })
        t.equal(page.statusCode, 404, 'the listing page of an over-long slug is a 404 page, not a 500')
        t.match(page.headers['content-type'], /text\/html/)
      },
    )

    await t.test('a NUL in a slug is a 404 page', async (t) => {
      const res = await gateway.inject({ url: '/listing/abc%00def' })
      t.equal(res.statusCode, 404)
      t.match(res.headers['content-type'], /text\/html/)
    })

    await t.test('TRACE and other methods off the API → 404 envelope', async (t) => {
      for (const method of ['TRACE', 'PUT', 'DELETE'] as const) {
        const res = await gateway.inject({ method, url: '/' })
        t.equal(res.statusCode, 404, method)
        t.match(envelopeOf(res.body), { success: false, error: { code: 'NOT_FOUND' } }, method)
      }
    })

    await t.test('oversized headers → 431 envelope; malformed HTTP → 400 envelope', async (t) => {
      const huge = await rawRequest(base, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
      t.match(huge, /^HTTP\/1\.1 431 /)
      t.match(envelopeOf(huge.split('\r\n\r\n')[1]!), { success: false, error: { code: 'HEADERS_TOO_LARGE' } })
      const garbage = await rawRequest(base, 'NOT HTTP AT ALL\r\n\r\n')
      t.match(garbage, /^HTTP\/1\.1 400 /)
      t.match(envelopeOf(garbage.split('\r\n\r\n')[1]!), { success: false, error: { code: 'VALIDATION_ERROR' } })
    })
  },
)
