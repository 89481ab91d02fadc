import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import t from 'tap'
import { buildGateway } from '../../../server/gateway/app.ts'
import { productionRenderer } from '../../../server/gateway/ssr/renderer.ts'
import { diskPhotoStore } from '../../../server/integrations/photos/disk-store.ts'
import { buildTestStack, tempDir } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../helpers/factories.ts'

/** A fake upstream on loopback: answers after `delayMs`, or never when delayMs is Infinity. */
async function slowServer(t: { teardown(fn: () => unknown): void }, delayMs: number) {
  const server = createServer((_req, res) => {
    if (Number.isFinite(delayMs)) setTimeout(() => res.end('{}'), delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    server.closeAllConnections()
    server.close()
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

t.test('gateway', async (t) => {
  const { gateway, photos } = await buildTestStack(t)

  await t.test('/healthz answers without calling anything; /readyz checks the API and database', async (t) => {
    const health = await gateway.inject({ url: '/healthz' })
    t.equal(health.statusCode, 200)
    t.same(health.json(), { status: 'ok' })
    const ready = await gateway.inject({ url: '/readyz' })
    t.equal(ready.statusCode, 200)
  })

  await t.test('/metrics speaks Prometheus', async (t) => {
    await gateway.inject({ url: '/healthz' })
    const res = await gateway.inject({ url: '/metrics' })
    t.equal(res.statusCode, 200)
    t.match(res.body, /http_request_duration_seconds_bucket/)
    t.match(res.body, /process_cpu_user_seconds_total/)
  })

  await t.test('/metrics is internal: another address, or loopback through a proxy, is told nothing', async (t) => {
    const remote = await gateway.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })
    t.equal(remote.statusCode, 404)
    t.equal(remote.json().error.code, 'NOT_FOUND')
    t.notMatch(remote.body, /http_request_duration/)
    const proxied = await gateway.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })
    t.equal(proxied.statusCode, 404, 'a reverse proxy on this host forwarding a visitor')
  })

  await t.test('/api/v1 is proxied to the API: answers, errors and request ids pass through', async (t) => {
    const ok = await gateway.inject({ url: '/api/v1/listings?limit=5', headers: { 'x-request-id': 'req-123' } })
    t.equal(ok.statusCode, 200)
    t.equal(ok.json().success, true)
    t.equal(ok.headers['x-request-id'], 'req-123')
    const bad = await gateway.inject({ url: '/api/v1/listings?limit=none' })
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().error.code, 'VALIDATION_ERROR')
    const post = await gateway.inject({ method: 'POST', url: '/api/v1/nowhere', payload: { a: 1 } })
    t.equal(post.statusCode, 404)
    t.equal(post.json().success, false)
  })

  await t.test(
    "anonymous public reads come from the API's short-lived cache; the gateway keeps none of its own",
    async (t) => {
      const { gateway: cached, db, api } = await buildTestStack(t, {}, { publicCacheMs: 60_000 })
      const first = await cached.inject({ url: '/api/v1/listings?limit=3' })
      t.equal(first.json().data.pagination.total_items, 0)
      const owner = await makeUser(db)
      await makeCountry(db, 'DE')
      const city = await makeCity(db, 'DE', 'berlin')
      await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE' })
      const again = await cached.inject({ url: '/api/v1/listings?limit=3' })
      t.equal(again.json().data.pagination.total_items, 0, "anonymous: the API's cached answer")
      t.equal(api.publicListings.cacheStats().list_pages.entries, 1, 'kept by the API')
      // what a committed write does: the API's entries go, and the gateway has nothing left to answer from
      api.publicListings.invalidate()
      const fresh = await cached.inject({ url: '/api/v1/listings?limit=3' })
      t.equal(fresh.json().data.pagination.total_items, 1, 'the listing shows at once')
    },
  )

  await t.test('unsafe calls from another site are refused before they reach the API (CSRF)', async (t) => {
    const evil = await gateway.inject({
      method: 'POST',
      url: '/api/v1/listings',
      headers: { origin: 'https://evil.example' },
      payload: { a: 1 },
    })
    t.equal(evil.statusCode, 403)
    t.match(evil.json(), { success: false, error: { code: 'FORBIDDEN' } })
    const fetchMeta = await gateway.inject({
      method: 'DELETE',
      url: '/api/v1/listings/1',
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    t.equal(fetchMeta.statusCode, 403)
    const own = await gateway.inject({
      method: 'POST',
      url: '/api/v1/nowhere',
      headers: { origin: 'https://khaneh.example' },
      payload: { a: 1 },
    })
    t.equal(own.statusCode, 404, 'our own origin passes through to the API')
  })

  await t.test('photos stream from the store with a year of immutable caching', async (t) => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f766e' } })
      .webp()
      .toBuffer()
    const id = await photos.put(image, 'image/webp')
    const res = await gateway.inject({ url: `/api/telegramFile/${id}` })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'image/webp')
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    t.same(res.rawPayload, image)
    t.equal(res.headers.etag, `"${id}"`)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    const again = await gateway.inject({ url: `/api/telegramFile/${id}`, headers: { 'if-none-match': `"${id}"` } })
    t.equal(again.statusCode, 304, 'revalidation with the ETag')
    t.equal(again.rawPayload.length, 0)
    const missing = await gateway.inject({ url: '/api/telegramFile/dmissing000000-webp' })
    t.equal(missing.statusCode, 404)
    t.equal(missing.headers['cache-control'], 'no-store', 'a miss is not cached')
    t.equal(
      (await gateway.inject({ url: '/api/telegramFile/..%2F..%2Fetc%2Fpasswd' })).statusCode,
      400,
      'a path is not an id',
    )
    t.equal((await gateway.inject({ url: `/api/telegramFile/${'a'.repeat(201)}` })).statusCode, 400, 'too long')
    t.equal((await gateway.inject({ url: '/api/telegramFile/abc%20def' })).statusCode, 400, 'outside the alphabet')
  })

  await t.test('fingerprinted assets are immutable; the build manifest is not served', async (t) => {
    const page = await gateway.inject({ url: '/en' })
    const asset = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(page.body)?.[1]
    t.ok(asset, 'the page names its entry chunk')
    const res = await gateway.inject({ url: asset! })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    const manifest = await gateway.inject({ url: '/.vite/manifest.json' })
    t.not(manifest.statusCode, 200)
  })

  await t.test('bundles are sent as the build compressed them: brotli, else gzip, else as they are', async (t) => {
    const page = await gateway.inject({ url: '/en' })
    const asset = /"\/(assets\/framework-[^"]+\.js)"/.exec(page.body)?.[1]
    t.ok(asset, 'the page names the framework chunk')
    const file = path.join('dist/client', asset!)
    const raw = readFileSync(file)
    const cases = [
      {
        accept: 'gzip, deflate, br, zstd',
        encoding: 'br',
        body: readFileSync(`${file}.br`),
        decode: brotliDecompressSync,
      },
      { accept: 'gzip', encoding: 'gzip', body: readFileSync(`${file}.gz`), decode: gunzipSync },
    ]
    for (const { accept, encoding, body, decode } of cases) {
      const res = await gateway.inject({ url: `/${asset}`, headers: { 'accept-encoding': accept } })
      t.equal(res.headers['content-encoding'], encoding, accept)
      t.match(res.headers['content-type'], /javascript/)
      t.match(res.headers.vary, /accept-encoding/i)
      t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
      t.ok(res.rawPayload.equals(body), `${encoding}: the build's copy, not compressed again`)
      t.ok(decode(res.rawPayload).equals(raw), `${encoding}: the bundle itself`)
    }
    t.ok(readFileSync(`${file}.br`).length < readFileSync(`${file}.gz`).length, 'brotli is the smaller')
    const plain = await gateway.inject({ url: `/${asset}`, headers: { 'accept-encoding': 'identity' } })
    t.equal(plain.headers['content-encoding'], undefined)
    t.ok(plain.rawPayload.equals(raw))
  })

  await t.test(
    'the service worker is served from the root scope and revalidated on every load; the logo daily',
    async (t) => {
      const worker = await gateway.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } })
      t.equal(worker.statusCode, 200)
      t.equal(worker.headers['content-encoding'], 'br', 'its brotli copy, which is revalidated too')
      t.match(worker.headers['content-type'], /javascript/)
      t.equal(worker.headers['cache-control'], 'no-cache')
      t.match(brotliDecompressSync(worker.rawPayload).toString(), /notificationclick/)
      const logo = await gateway.inject({ url: '/logo.svg' })
      t.equal(logo.headers['cache-control'], 'public, max-age=86400')
    },
  )
})

t.test('gateway with the API down or slow', async (t) => {
  const renderer = await productionRenderer(path.resolve('dist'))
  const photos = diskPhotoStore(tempDir(t))
  const build = async (apiUrl: string) => {
    const gateway = await buildGateway({
      apiUrl,
      publicBaseUrl: 'http://localhost:3000',
      renderer,
      photos,
      logLevel: 'silent',
      upstreamTimeoutMs: 300,
    })
    t.teardown(() => gateway.close())
    return gateway
  }

  await t.test('API down → 502 envelope for calls, 503 error page for pages, /readyz 503', async (t) => {
    // nothing listens on port 1 of loopback: connections are refused at once
    const gateway = await build('http://127.0.0.1:1')
    const res = await gateway.inject({ url: '/api/v1/listings' })
    t.equal(res.statusCode, 502)
    t.match(res.json(), { success: false, data: null, error: { code: 'UPSTREAM_UNAVAILABLE' } })
    const page = await gateway.inject({ url: '/en/listings' })
    t.equal(page.statusCode, 503)
    t.match(page.body, /Internal Server Error|temporarily unavailable/)
    t.equal((await gateway.inject({ url: '/readyz' })).statusCode, 503)
  })

  await t.test('API too slow → 504 envelope, never a hang', async (t) => {
    const slow = await slowServer(t, Infinity)
    const gateway = await build(slow)
    const res = await gateway.inject({ url: '/api/v1/listings' })
    t.equal(res.statusCode, 504)
    t.equal(res.json().error.code, 'UPSTREAM_TIMEOUT')
  })
})

t.test('/metrics with METRICS_TOKEN: a scraper elsewhere with the bearer token', async (t) => {
  const token = 'metrics-token-0123456789abcdef'
  const { gateway } = await buildTestStack(t, { metricsToken: token })
  const scraped = await gateway.inject({
    url: '/metrics',
    remoteAddress: '203.0.113.9',
    headers: { authorization: `Bearer ${token}` },
  })
  t.equal(scraped.statusCode, 200)
  t.match(scraped.body, /process_cpu_user_seconds_total/)
  for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token]) {
    const res = await gateway.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: authorization ? { authorization } : {},
    })
    t.equal(res.statusCode, 401, `refused: ${authorization ?? 'no token'}`)
    t.notMatch(res.body, /process_cpu/)
  }
})
