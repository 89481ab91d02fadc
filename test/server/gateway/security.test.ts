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
