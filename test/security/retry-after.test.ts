import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { buildTestGateway } from '../helpers/build-gateway.ts'

/** An API in a database outage, as the real one answers then: every call 503 with its Retry-After. */
async function apiInOutage(t: { teardown(fn: () => unknown): void }): Promise<string> {
  const server = createServer((_req, res) => {
    const body = JSON.stringify({
      success: false,
      data: null,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable', details: null },
      timestamp: new Date().toISOString(),
    })
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '7' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    server.closeAllConnections()
    server.close()
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

t.test('every 503 the gateway sends says when to come back (Retry-After)', async (t) => {
  const outage = await apiInOutage(t)
  // the caches on, as in production: the anonymous reads go through them
  const gateway = await buildTestGateway(t, outage, { renderCacheMs: 5_000, changes: { subscribe: () => () => {} } })
  const origin = 'https://khaneh.example'

  await t.test("an anonymous public read passes on the API's Retry-After", async (t) => {
    const res = await gateway.inject({ url: '/api/v1/listings?limit=5' })
    t.equal(res.statusCode, 503)
    t.equal(res.headers['retry-after'], '7')
    t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE')
  })

  await t.test('a write passes it on too', async (t) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/contact-messages',
      headers: { origin, 'content-type': 'application/json' },
      payload: { name: 'Sara', email: 'sara@example.com', message: 'Hello there, a question.' },
    })
    t.equal(res.statusCode, 503)
    t.equal(res.headers['retry-after'], '7')
  })

  for (const url of ['/en/listings', '/', '/en/pricing', '/en/about-us']) {
    await t.test(`the page ${url}, whose reads failed, is a 503 with Retry-After`, async (t) => {
      const res = await gateway.inject({ url })
      t.equal(res.statusCode, 503)
      t.ok(Number(res.headers['retry-after']) > 0, `Retry-After: ${res.headers['retry-after']}`)
    })
  }

  await t.test('a crawler, who gets the whole document, too', async (t) => {
    const res = await gateway.inject({ url: '/en/listings?city=berlin', headers: { 'user-agent': 'Googlebot/2.1' } })
    t.equal(res.statusCode, 503)
    t.ok(Number(res.headers['retry-after']) > 0)
  })

  await t.test('/readyz, unready, too', async (t) => {
    const res = await gateway.inject({ url: '/readyz' })
    t.equal(res.statusCode, 503)
    t.ok(Number(res.headers['retry-after']) > 0)
  })

  await t.test('a 200 carries none', async (t) => {
    const res = await gateway.inject({ url: '/healthz' })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['retry-after'], undefined)
  })
})

t.test('an unreachable API: pages answer 503 with Retry-After', async (t) => {
  // nothing listens on port 1 of loopback
  const gateway = await buildTestGateway(t, 'http://127.0.0.1:1', { upstreamTimeoutMs: 300 })
  const res = await gateway.inject({ url: '/en/listings' })
  t.equal(res.statusCode, 503)
  t.ok(Number(res.headers['retry-after']) > 0)
})
