import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { createUpstream } from '../../../server/gateway/upstream.ts'

/** A fake API on loopback that counts its calls; /fail answers 500, /slow never answers. */
async function fakeApi(t: { teardown(fn: () => unknown): void }) {
  const calls: string[] = []
  const server = createServer((req, res) => {
    calls.push(req.url ?? '')
    if (req.url === '/slow') return
    setTimeout(() => {
      res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ success: req.url !== '/fail', data: { n: calls.length } }))
    }, 20)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    server.closeAllConnections()
    server.close()
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls }
}

t.test('upstream', async (t) => {
  const api = await fakeApi(t)
  const upstream = createUpstream({ baseUrl: api.url, timeoutMs: 300 })
  t.teardown(() => upstream.close())

  await t.test('concurrent anonymous reads share one call; nothing is kept once it is answered', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upstream.json({ method: 'GET', path: '/a', anonymous: true })),
    )
    t.equal(api.calls.filter((c) => c === '/a').length, 1)
    t.ok(answers.every((a) => a.status === 200))
    await upstream.json({ method: 'GET', path: '/a', anonymous: true })
    t.equal(api.calls.filter((c) => c === '/a').length, 2, "the API's cache is the one layer of JSON caching")
  })

  await t.test('failures and personal reads are asked each time', async (t) => {
    await upstream.json({ method: 'GET', path: '/fail', anonymous: true })
    await upstream.json({ method: 'GET', path: '/fail', anonymous: true })
    t.equal(api.calls.filter((c) => c === '/fail').length, 2)
    await upstream.json({ method: 'GET', path: '/me' })
    await upstream.json({ method: 'GET', path: '/me' })
    t.equal(api.calls.filter((c) => c === '/me').length, 2)
  })

  await t.test('a silent API is a 504 after the timeout; a closed port a 502', async (t) => {
    await t.rejects(upstream.json({ method: 'GET', path: '/slow' }), { status: 504, code: 'UPSTREAM_TIMEOUT' })
    const closed = createUpstream({ baseUrl: 'http://127.0.0.1:1' })
    t.teardown(() => closed.close())
    await t.rejects(closed.json({ method: 'GET', path: '/x' }), { status: 502, code: 'UPSTREAM_UNAVAILABLE' })
  })
})
