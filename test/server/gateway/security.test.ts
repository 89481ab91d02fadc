import t from 'tap'
import { newNonce } from '../../../server/gateway/security.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'

t.test('page nonces: 128 random bits each, never repeated across pool refills', async (t) => {
  const nonces = Array.from({ length: 1000 }, () => newNonce())
  t.equal(new Set(nonces).size, nonces.length, 'all different')
  t.ok(
    nonces.every((n) => Buffer.from(n, 'base64').length === 16 && /^[A-Za-z0-9+/]{22}==$/.test(n)),
    'base64 of 16 bytes',
  )
})

t.test('HSTS on every answer when the site is served over https, never over plain http', async (t) => {
  const https = await buildTestStack(t)
  const HSTS = 'max-age=31536000; includeSubDomains'
  for (const url of [
    '/en/listings',
    '/api/v1/listings',
    '/api/v1/no-such-route',
    '/api/telegramFile/AgACAgQAAxkBAAIB',
    '/healthz',
    '/en/no/such/page',
  ]) {
    const res = await https.gateway.inject({ url })
    t.equal(res.headers['strict-transport-security'], HSTS, `${url} (${res.statusCode})`)
  }
  const redirect = await https.gateway.inject({ url: '/fa/listings' })
  t.equal(redirect.statusCode, 301)
  t.equal(redirect.headers['strict-transport-security'], HSTS, 'redirects too')

  const http = await buildTestStack(t, { publicBaseUrl: 'http://localhost:3000' })
  for (const url of ['/en/listings', '/api/v1/listings', '/healthz']) {
    const res = await http.gateway.inject({ url })
    t.notOk(res.headers['strict-transport-security'], `${url} over http has no HSTS`)
  }
})

t.test("a page's CSP lets images come from the maps' tile server, and no other outside origin", async (t) => {
  const { gateway } = await buildTestStack(t, {
    publicConfig: { mapTiles: { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' } },
  })
  const res = await gateway.inject({ url: '/en/listings' })
  const imgSrc = String(res.headers['content-security-policy'])
    .split('; ')
    .find((directive) => directive.startsWith('img-src'))
  t.equal(imgSrc, "img-src 'self' data: blob: https://*.tiles.example.com")
  const plain = await buildTestStack(t)
  const without = await plain.gateway.inject({ url: '/en/listings' })
  t.match(String(without.headers['content-security-policy']), /img-src 'self' data: blob:;/, 'no maps configured: none')
})
