import fc from 'fast-check'
import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { isPrivateAddress, refusedEndpoint } from '../../server/integrations/notify/push-endpoint.ts'
import { apiCaller, buildTestApi, telegramSession } from '../helpers/build-api.ts'

// A push endpoint is a URL a user hands us and the server POSTs to (docs/decisions/020-alerts-and-outbox.md):
// an IPv6 address that carries an IPv4 one is judged by that IPv4 address.

/** IPv6 forms that reach a private IPv4 address, each with the address it reaches. */
const EMBEDDED_PRIVATE: Array<[string, string]> = [
  ['::7f00:1', 'IPv4-compatible 127.0.0.1 in hex'],
  ['::127.0.0.1', 'IPv4-compatible 127.0.0.1 dotted'],
  ['::a00:7', 'IPv4-compatible 10.0.0.7'],
  ['::ffff:127.0.0.1', 'IPv4-mapped 127.0.0.1'],
  ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1 in hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254 (cloud metadata)'],
  ['::ffff:0:a00:1', 'IPv4-translated (SIIT) 10.0.0.1'],
  ['64:ff9b::7f00:1', 'NAT64 127.0.0.1'],
  ['64:ff9b::10.0.0.1', 'NAT64 10.0.0.1 dotted'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 169.254.169.254'],
  ['64:ff9b:1::808:808', 'local-use NAT64 (RFC 8215): the whole /48, whatever it embeds'],
  ['64:ff9b:1:ffff::1', 'local-use NAT64 elsewhere in the /48'],
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2002:a9fe:a9fe:1:2:3:4:5', '6to4 of 169.254.169.254'],
  // Teredo: 2001:0:{server IPv4}:{flags}:{port ^ ffff}:{client IPv4 ^ ffffffff}
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fff8', 'Teredo whose client is 10.0.0.7'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo whose server is 10.0.0.1'],
]

/** The other IPv6 ranges that are not public unicast. */
const SPECIAL_PRIVATE: Array<[string, string]> = [
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local (fd)'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['febf::1', 'link-local, the end of fe80::/10'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['ff0e::101', 'global multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['100::1', 'discard-only'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['5f00::1', 'SRv6 SIDs'],
  ['4000::1', 'outside global unicast 2000::/3'],
]

const PUBLIC: Array<[string, string]> = [
  ['2a00:1450:4001:80b::200e', 'a public IPv6 address'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['::ffff:808:808', 'IPv4-mapped public in hex'],
  ['64:ff9b::808:808', 'NAT64 of a public address'],
  ['2002:808:808::1', '6to4 of a public address'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'Teredo whose server and client are public'],
  ['142.250.74.10', 'a public IPv4 address'],
]

t.test('the push SSRF guard judges the IPv4 address an IPv6 address embeds', async (t) => {
  for (const [address, what] of EMBEDDED_PRIVATE) {
    t.equal(isPrivateAddress(address), true, `${address}: ${what}`)
    const host = address.includes('.') || address.includes('%') ? null : `https://[${address}]/push`
    if (host) t.equal(refusedEndpoint(host, false), 'a private address', `${host} refused before a send`)
  }
})

t.test('any IPv4 address: each IPv6 form that carries it is refused when it is private', async (t) => {
  const hex = (a: number, b: number) => ((a << 8) | b).toString(16)
  const inverted = (a: number, b: number) => (~((a << 8) | b) & 0xffff).toString(16)
  t.doesNotThrow(
    () =>
      fc.assert(
        fc.property(fc.ipV4(), (v4) => {
          const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
          const hi = hex(a, b)
          const lo = hex(c, d)
          const privateV4 = isPrivateAddress(v4)
          // these reach exactly the IPv4 address
          for (const form of [`::ffff:${v4}`, `::ffff:${hi}:${lo}`, `::${hi}:${lo}`, `64:ff9b::${hi}:${lo}`])
            if (isPrivateAddress(form) !== privateV4) return false
          // these reach it through a relay: a private one is refused, a public one leaves the IPv6 rules to judge
          const relayed = [`2002:${hi}:${lo}::1`, `2001:0:4136:e378:8000:63bf:${inverted(a, b)}:${inverted(c, d)}`]
          return !privateV4 || relayed.every(isPrivateAddress)
        }),
        { numRuns: 2000 },
      ),
    '2000 addresses',
  )
})

t.test('the other special IPv6 ranges are refused; public unicast is not', async (t) => {
  for (const [address, what] of SPECIAL_PRIVATE) t.equal(isPrivateAddress(address), true, `${address}: ${what}`)
  for (const [address, what] of PUBLIC) t.equal(isPrivateAddress(address), false, `${address}: ${what}`)
  for (const address of ['192.0.2.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '255.255.255.255'])
    t.equal(isPrivateAddress(address), true, `${address}: reserved IPv4`)
  t.equal(isPrivateAddress('not an address'), true, 'what is not an address is never posted to')
})

t.test('POST /alerts/push-subscriptions refuses an https endpoint on an embedded private address', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const reader = await telegramSession(app, 8801)
  for (const host of ['[::7f00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]', '[2001:db8::1]']) {
    const res = await call('POST', '/alerts/push-subscriptions', reader.token, {
      endpoint: `https://${host}/push/1`,
      keys: { p256dh: 'BPk', auth: 'a2V5' },
    })
    t.equal(res.statusCode, 400, host)
    t.match(res.json().error, { code: 'VALIDATION_ERROR', details: [{ path: 'endpoint', code: 'refused_endpoint' }] })
  }
  const [stored] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM push_subscriptions`)
  t.equal(stored?.n, 0, 'nothing stored')
})

t.test('WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS is refused in production, where it would open the SSRF guard', async (t) => {
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40), WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }
  for (const value of ['true', '1', 'yes'])
    t.throws(() => loadConfig({ ...base, WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: value, NODE_ENV: 'production' }), {
      constructor: ConfigError,
      message: /WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS must not be set in production/,
    })
  t.throws(
    () => loadConfig(base),
    { constructor: ConfigError, message: /WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS/ },
    'production is the default NODE_ENV',
  )
  t.throws(
    () => loadConfig({ ...base, PORT: 'eighty' }),
    { constructor: ConfigError, message: /PORT .+; WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS/ },
    'named beside another bad variable',
  )
  t.equal(loadConfig({ ...base, NODE_ENV: 'test' }).webPush.allowPrivateEndpoints, true, 'loads in tests')
  t.equal(loadConfig({ ...base, NODE_ENV: 'development' }).webPush.allowPrivateEndpoints, true, 'and in development')
  t.equal(
    loadConfig({ ...base, WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: 'false', NODE_ENV: 'production' }).webPush
      .allowPrivateEndpoints,
    false,
    'false is fine in production',
  )
})
