import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import t from 'tap'
import { RATE_LIMIT_POLICIES } from '../../../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi, openTestDb } from '../../../helpers/build-api.ts'
import { recordWarnings } from '../../../helpers/logs.ts'

// The Redis of the machines and CI; each test keeps to its own key prefix.
const REDIS_URL = 'redis://127.0.0.1:6379'
const { max } = RATE_LIMIT_POLICIES.signUp

const signUp = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-up',
    payload: { email, password: 'secret-pass' },
    remoteAddress,
  })

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

/** A key prefix of this test; its keys are removed afterwards. */
async function redisPrefix(t: {
  teardown(fn: () => unknown): void
}): Promise<{ keyPrefix: string; keys(): Promise<string[]> }> {
  const keyPrefix = `test-${randomUUID()}:`
  const redis = new Redis(REDIS_URL)
  const keys = () => redis.keys(`khaneh:rl:${keyPrefix}*`)
  t.teardown(async () => {
    const found = await keys()
    if (found.length) await redis.del(...found)
    await redis.quit()
  })
  return { keyPrefix, keys }
}

t.test('REDIS_URL: the counters live in Redis, shared by several processes', async (t) => {
  const { keyPrefix, keys } = await redisPrefix(t)
  const db = await openTestDb(t)
  const dataDir = t.testdir()
  const options = { db, mailer: outboxMailer(dataDir), redisUrl: REDIS_URL, rateLimits: { keyPrefix } }
  const first = await buildTestApi(t, options)
  const second = await buildTestApi(t, options)

  await t.test(
    '30 sign-ups at once from one client, over two API processes → exactly 5 pass, 25 × 429 with Retry-After',
    async (t) => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          signUp(i % 2 ? first.app : second.app, `r${i}@example.com`, '203.0.113.50'),
        ),
      )
      t.same(tally(answers.map((a) => a.statusCode)), { 201: max, 429: 30 - max })
      const refused = answers.find((a) => a.statusCode === 429)!
      t.match(refused.json().error, { code: 'RATE_LIMITED', details: { retry_after_s: Number } })
      t.equal(refused.headers['retry-after'], String(refused.json().error.details.retry_after_s))
      const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters')
      t.equal(count!.n, 0, 'nothing counted in the database')
      const stored = await keys()
      t.equal(stored.length, 1, 'one key: this route and client')
      t.match(stored[0], /POST \/api\/v1\/identity\/sign-up\|203\.0\.113\.50$/)
    },
  )

  await t.test('the key expires with its window', async (t) => {
    const redis = new Redis(REDIS_URL)
    t.teardown(() => redis.quit())
    const [key] = await keys()
    const ttl = await redis.pttl(key!)
    t.ok(ttl > 3_500_000 && ttl <= 3_600_000, `an hour (${ttl} ms)`)
    await redis.del(key!)
    t.equal((await signUp(first.app, 'after-window@example.com', '203.0.113.50')).statusCode, 201)
  })
})

t.test('Redis unreachable → requests go through (fail open) at once, with a warning', async (t) => {
  const { keyPrefix } = await redisPrefix(t)
  // nothing listens on port 1
  const { app } = await buildTestApi(t, {
    mailer: outboxMailer(t.testdir()),
    redisUrl: 'redis://127.0.0.1:1',
    rateLimits: { keyPrefix },
  })
  const warnings = recordWarnings(app.log)
  const started = Date.now()
  const answers = []
  for (let i = 0; i <= max; i++) answers.push((await signUp(app, `down${i}@example.com`, '203.0.113.51')).statusCode)
  t.same(tally(answers), { 201: max + 1 })
  t.ok(Date.now() - started < 5_000, 'no request waits for Redis')
  // the change bus on the same Redis says so too (docs/decisions/006-caches-and-their-lifetimes.md)
  const rateLimitWarnings = warnings.filter(([, message]) => String(message).startsWith('rate_limit.'))
  t.match(rateLimitWarnings, [[{ store: 'redis' }, 'rate_limit.store_failed']])
})
