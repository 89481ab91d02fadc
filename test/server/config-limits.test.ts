import t from 'tap'
import { ConfigError, loadConfig } from '../../server/config.ts'

t.test('config: TRUST_PROXY, REDIS_URL, METRICS_TOKEN', async (t) => {
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40) }

  t.test('defaults: loopback proxies only, counters in PostgreSQL, /metrics without a token', async (t) => {
    const config = loadConfig(base)
    t.same(config.trustProxy, ['127.0.0.1/8', '::1/128'])
    t.equal(config.redisUrl, undefined)
    t.equal(config.metricsToken, undefined)
  })

  t.test('TRUST_PROXY: comma-separated addresses, CIDRs and the named ranges', async (t) => {
    t.same(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,2001:db8::/32 , loopback' }).trustProxy, [
      '10.0.0.5',
      '10.1.0.0/16',
      '2001:db8::/32',
      '127.0.0.1/8',
      '::1/128',
    ])
    t.same(loadConfig({ ...base, TRUST_PROXY: 'uniquelocal' }).trustProxy, [
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
    ])
  })

  t.test('TRUST_PROXY is never "trust everyone": true, *, names and bad ranges stop the start', async (t) => {
    for (const bad of [
      'true',
      '*',
      '',
      'proxy.example.com',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '10.0.0.5,',
      'fe80::1%eth0',
    ]) {
      t.throws(
        () => loadConfig({ ...base, TRUST_PROXY: bad }),
        {
          constructor: ConfigError,
          message: /^Invalid configuration: TRUST_PROXY must be comma-separated proxy addresses or CIDRs/,
        },
        bad,
      )
    }
  })

  t.test('REDIS_URL: a redis:// or rediss:// URL', async (t) => {
    t.equal(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl, 'redis://127.0.0.1:6379/2')
    t.equal(
      loadConfig({ ...base, REDIS_URL: 'rediss://user:pw@cache.example.com:6380' }).redisUrl,
      'rediss://user:pw@cache.example.com:6380',
    )
    t.throws(
      () => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' }),
      /^Invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL$/,
    )
  })

  t.test('METRICS_TOKEN: at least 16 characters', async (t) => {
    t.equal(loadConfig({ ...base, METRICS_TOKEN: 'm'.repeat(16) }).metricsToken, 'm'.repeat(16))
    t.throws(
      () => loadConfig({ ...base, METRICS_TOKEN: 'short' }),
      /^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/,
    )
  })
})
