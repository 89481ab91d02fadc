import t from 'tap'
import { ConfigError, loadConfig, parseDuration } from '../../server/config.ts'

t.test('config', async (t) => {
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40) }
  t.test('defaults', async (t) => {
    const config = loadConfig(base)
    t.equal(config.port, 3000)
    t.equal(config.publicBaseUrl, 'http://localhost:3000')
    t.equal(config.accessTokenTtlMs, 15 * 60_000)
    t.equal(config.apiUrl, undefined)
  })
  t.test('durations', async (t) => {
    t.equal(parseDuration('3s'), 3000)
    t.equal(parseDuration('1h'), 3_600_000)
    t.equal(parseDuration('soon'), null)
  })
  t.test('a bad value stops with one line naming the variable', async (t) => {
    t.throws(() => loadConfig({ ...base, PORT: 'eighty' }), new ConfigError('Invalid configuration: PORT Invalid input: expected number, received NaN'))
    t.throws(() => loadConfig({ ...base, ACCESS_TOKEN_TTL: 'forever' }), /ACCESS_TOKEN_TTL must be a duration/)
    t.throws(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' }), /DATABASE_URL/)
  })
  t.test('a session secret is generated once into DATA_DIR', async (t) => {
    const dir = t.testdir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    t.ok(first.length >= 32)
    t.equal(loadConfig({ DATA_DIR: dir }).sessionSecret, first)
  })
})
