import type { FastifyInstance, InjectOptions } from 'fastify'
import t from 'tap'
import { RATE_LIMIT_POLICIES } from '../../../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { buildTestApi, openTestDb } from '../../../helpers/build-api.ts'
import { recordWarnings } from '../../../helpers/logs.ts'

// The production numbers of rate-limit/limits.ts: these tests pass `rateLimits` and so are not raised.
const PRODUCTION = { rateLimits: {} }

const signUp = (app: FastifyInstance, email: string, client: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-up',
    payload: { email, password: 'secret-pass' },
    ...client,
  })

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

t.test('per-client request limits (PostgreSQL counters)', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { ...PRODUCTION, mailer: outboxMailer(dataDir) })
  const { max } = RATE_LIMIT_POLICIES.signUp

  await t.test(
    '30 sign-ups at once from one client with 30 addresses → exactly 5 accounts and 5 e-mails; 25 × 429 with Retry-After',
    async (t) => {
      const from = { remoteAddress: '203.0.113.10' }
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signUp(app, `stranger${i}@example.com`, from)),
      )
      t.same(tally(answers.map((a) => a.statusCode)), { 201: max, 429: 30 - max })
      t.equal((await readOutbox(dataDir, 'mail')).length, max, 'one e-mail per accepted sign-up, none for the refused')
      const refused = answers.find((a) => a.statusCode === 429)!
      const body = refused.json()
      t.match(body, {
        success: false,
        data: null,
        error: { code: 'RATE_LIMITED', message: String, details: { retry_after_s: Number } },
        timestamp: String,
      })
      t.ok(body.error.details.retry_after_s > 3500 && body.error.details.retry_after_s <= 3600, 'the hour window')
      t.equal(refused.headers['retry-after'], String(body.error.details.retry_after_s), 'Retry-After says the same')
    },
  )

  await t.test('another client is not affected', async (t) => {
    t.equal((await signUp(app, 'neighbour@example.com', { remoteAddress: '203.0.113.11' })).statusCode, 201)
  })

  await t.test('the window ends → the client is let through again', async (t) => {
    t.equal((await signUp(app, 'later@example.com', { remoteAddress: '203.0.113.10' })).statusCode, 429)
    await db.query(`UPDATE rate_limit_counters SET reset_at = now() - interval '1 second'`)
    t.equal((await signUp(app, 'later@example.com', { remoteAddress: '203.0.113.10' })).statusCode, 201)
  })

  await t.test('X-Forwarded-For is believed from loopback (the gateway) only', async (t) => {
    const viaGateway = (address: string) => ({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': address } })
    for (let i = 0; i < max; i++)
      t.equal((await signUp(app, `proxied${i}@example.com`, viaGateway('198.51.100.1'))).statusCode, 201)
    t.equal(
      (await signUp(app, 'proxied-over@example.com', viaGateway('198.51.100.1'))).statusCode,
      429,
      'the client the gateway named is limited',
    )
    t.equal(
      (await signUp(app, 'proxied-other@example.com', viaGateway('198.51.100.2'))).statusCode,
      201,
      'another client behind the gateway is not',
    )

    const spoofing = (i: number) => ({ remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': `10.9.8.${i}` } })
    const answers = []
    for (let i = 0; i <= max; i++) answers.push((await signUp(app, `spoof${i}@example.com`, spoofing(i))).statusCode)
    t.same(tally(answers), { 201: max, 429: 1 }, 'a client elsewhere cannot choose its address with X-Forwarded-For')
  })

  await t.test('an IPv6 client is one /64: rotating the host part does not help', async (t) => {
    const answers = []
    for (let i = 0; i <= max; i++)
      answers.push((await signUp(app, `six${i}@example.com`, { remoteAddress: `2001:db8:5:6::${i + 1}` })).statusCode)
    t.same(tally(answers), { 201: max, 429: 1 })
    t.equal(
      (await signUp(app, 'six-other@example.com', { remoteAddress: '2001:db8:5:7::1' })).statusCode,
      201,
      'the next /64 is another client',
    )
  })
})

t.test('every limited route counts against its policy, before authentication and validation', async (t) => {
  const { app } = await buildTestApi(t, PRODUCTION)
  const routes: Array<[string, keyof typeof RATE_LIMIT_POLICIES]> = [
    ['/api/v1/identity/sign-in', 'signIn'],
    ['/api/v1/identity/sign-up', 'signUp'],
    ['/api/v1/identity/send-password-reset', 'emailLink'],
    ['/api/v1/identity/send-verification', 'emailLink'],
    ['/api/v1/identity/send-sign-in-link', 'emailLink'],
    ['/api/v1/identity/check-code', 'emailCode'],
    ['/api/v1/identity/sign-in-with-code', 'emailCode'],
    ['/api/v1/identity/apply-code', 'emailCode'],
    ['/api/v1/auth/email-login', 'signIn'],
    ['/api/v1/auth/telegram-login', 'signIn'],
    ['/api/v1/users/verify-phone', 'phoneCode'],
    ['/api/v1/listings/1/report', 'report'],
    ['/api/v1/upload/photos', 'upload'],
    ['/api/v1/upload/photos/validate', 'upload'],
    ['/api/v1/coupons/validate', 'couponCode'],
    ['/api/v1/coupons/redeem', 'couponCode'],
  ]
  for (const [url, policy] of routes) {
    const { max } = RATE_LIMIT_POLICIES[policy]
    // an empty body: 400 or 401 while within the limit — the count does not depend on the answer
    const call = () => app.inject({ method: 'POST', url, payload: {}, remoteAddress: '203.0.113.20' })
    const codes = []
    for (let i = 0; i < max; i++) codes.push((await call()).statusCode)
    t.notOk(codes.includes(429), `${url}: ${max} calls pass (${policy})`)
    const over = await call()
    t.equal(over.statusCode, 429, `${url}: call ${max + 1} is refused`)
    t.equal(over.json().error.code, 'RATE_LIMITED')
    t.ok(Number(over.headers['retry-after']) > 0, `${url}: Retry-After`)
  }
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/v1/identity/sign-in', payload: {}, remoteAddress: '203.0.113.21' }))
      .statusCode,
    400,
    'per client: another one is let through',
  )
})

t.test('several API processes share one count (one database)', async (t) => {
  const db = await openTestDb(t)
  const dataDir = t.testdir()
  const first = await buildTestApi(t, { ...PRODUCTION, db, mailer: outboxMailer(dataDir) })
  const second = await buildTestApi(t, { ...PRODUCTION, db, mailer: outboxMailer(dataDir) })
  const from = { remoteAddress: '203.0.113.30' }
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => signUp(i % 2 ? first.app : second.app, `shared${i}@example.com`, from)),
  )
  t.same(tally(answers.map((a) => a.statusCode)), {
    201: RATE_LIMIT_POLICIES.signUp.max,
    429: 20 - RATE_LIMIT_POLICIES.signUp.max,
  })
})

t.test('counters unreachable → requests go through (fail open) and a warning is logged', async (t) => {
  const { app, db } = await buildTestApi(t, { ...PRODUCTION, mailer: outboxMailer(t.testdir()) })
  const warnings = recordWarnings(app.log)
  await db.exec('ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_gone')
  const answers = []
  for (let i = 0; i <= RATE_LIMIT_POLICIES.signUp.max; i++)
    answers.push((await signUp(app, `open${i}@example.com`, { remoteAddress: '203.0.113.40' })).statusCode)
  t.same(tally(answers), { 201: RATE_LIMIT_POLICIES.signUp.max + 1 })
  t.match(
    warnings,
    [[{ store: 'postgres' }, 'rate_limit.store_failed']],
    'one warning for the outage, not one per request',
  )
  await db.exec('ALTER TABLE rate_limit_counters_gone RENAME TO rate_limit_counters')
})
