import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { SIGN_IN_LOCK } from '../../../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'

// The request limits are raised (buildTestApi); the lock's numbers are the production ones.
const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/identity/sign-in', payload: { email, password }, remoteAddress })

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

t.test('failed sign-ins pause an e-mail per client, with a higher ceiling for everyone', async (t) => {
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(t.testdir()) })
  for (const email of ['owner@example.com', 'target@example.com']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/identity/sign-up',
      payload: { email, password: 'right-pass' },
    })
    t.equal(res.statusCode, 201)
  }

  await t.test('an attacker locks only themselves out: the owner signs in from another address', async (t) => {
    for (let i = 0; i < SIGN_IN_LOCK.perClient; i++)
      t.equal((await signIn(app, 'owner@example.com', 'guess', '198.51.100.66')).statusCode, 401)
    const attacker = await signIn(app, 'owner@example.com', 'right-pass', '198.51.100.66')
    t.equal(attacker.statusCode, 429, 'the attacker waits, even with the right password')
    t.match(attacker.json().error, {
      code: 'RATE_LIMITED',
      details: { reason: 'too_many_attempts', retry_after_s: Number },
    })
    t.ok(Number(attacker.headers['retry-after']) > 14 * 60, 'Retry-After: the rest of the 15 minutes')
    t.equal(
      (await signIn(app, 'owner@example.com', 'right-pass', '203.0.113.7')).statusCode,
      200,
      'the owner, elsewhere, is let in',
    )
    t.equal(
      (await signIn(app, 'owner@example.com', 'right-pass', '198.51.100.66')).statusCode,
      429,
      "the owner's success does not unlock the attacker",
    )
  })

  await t.test('20 wrong passwords at once from one client → exactly 5 checked (401), 15 × 429', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signIn(app, 'target@example.com', 'guess', '198.51.100.77')),
    )
    t.same(tally(answers.map((a) => a.statusCode)), { 401: SIGN_IN_LOCK.perClient, 429: 20 - SIGN_IN_LOCK.perClient })
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity_sign_in_failures WHERE email = 'target@example.com'`,
    )
    t.equal(row!.n, SIGN_IN_LOCK.perClient, 'only the checked attempts are failures')
  })

  await t.test("a right password forgets that client's own failures only", async (t) => {
    for (let i = 0; i < SIGN_IN_LOCK.perClient - 1; i++) await signIn(app, 'target@example.com', 'typo', '203.0.113.8')
    t.equal((await signIn(app, 'target@example.com', 'right-pass', '203.0.113.8')).statusCode, 200)
    const rows = await db.query<{ client: string; n: number }>(
      `SELECT client, count(*)::int AS n FROM identity_sign_in_failures WHERE email = 'target@example.com' GROUP BY client ORDER BY client`,
    )
    t.same(rows, [{ client: '198.51.100.77', n: SIGN_IN_LOCK.perClient }])
  })

  await t.test(
    `guessing from many addresses stops at ${SIGN_IN_LOCK.perEmail} failures an e-mail, for everyone`,
    async (t) => {
      await db.query(`DELETE FROM identity_sign_in_failures`)
      const clients = Array.from(
        { length: SIGN_IN_LOCK.perEmail / SIGN_IN_LOCK.perClient },
        (_, i) => `192.0.2.${i + 1}`,
      )
      // each client one attempt at a time, all clients at once: perClient + 1 attempts each
      const perClient = await Promise.all(
        clients.map(async (client) => {
          const codes = []
          for (let i = 0; i <= SIGN_IN_LOCK.perClient; i++)
            codes.push((await signIn(app, 'target@example.com', 'guess', client)).statusCode)
          return codes
        }),
      )
      t.same(tally(perClient.flat()), { 401: SIGN_IN_LOCK.perEmail, 429: clients.length })
      const owner = await signIn(app, 'target@example.com', 'right-pass', '203.0.113.9')
      t.equal(owner.statusCode, 429, 'past the ceiling, every client the account never signed in from waits')
      t.match(owner.json().error.details, { reason: 'too_many_attempts' })
      await db.query(`UPDATE identity_sign_in_failures SET failed_at = failed_at - interval '16 minutes'`)
      t.equal(
        (await signIn(app, 'target@example.com', 'right-pass', '203.0.113.9')).statusCode,
        200,
        'until the window passes',
      )
    },
  )
})
