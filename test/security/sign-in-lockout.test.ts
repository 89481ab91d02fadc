import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { SIGN_IN_LOCK } from '../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../server/integrations/mail/mailer.ts'
import { readOutbox } from '../../server/integrations/outbox.ts'
import { buildTestApi } from '../helpers/build-api.ts'
import { lastActionLink, verifiedIdentity } from '../helpers/email.ts'

// Strangers failing an owner's password from many addresses must not lock the owner out
// (docs/decisions/016-email-sign-in.md). The request limits are raised (buildTestApi); the lock's
// numbers are the production ones.

const post = (app: FastifyInstance, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress })
const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  post(app, '/identity/sign-in', { email, password }, remoteAddress)

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

/** `clients` addresses at once, each failing one attempt at a time `each` times: how the probe reached the ceiling. */
async function guessFrom(app: FastifyInstance, email: string, clients: string[], each: number) {
  const codes = await Promise.all(
    clients.map(async (client) => {
      const answers: number[] = []
      for (let i = 0; i < each; i++) answers.push((await signIn(app, email, 'wrong-guess', client)).statusCode)
      return answers
    }),
  )
  return tally(codes.flat())
}

const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`)

/** The lockout notices in the outbox for `to` (their subject, in English for these accounts). */
const notices = async (dataDir: string, to: string) =>
  (await readOutbox(dataDir, 'mail', to)).filter(
    (m) => m.subject === 'Password sign-in to your Khaneh account is paused',
  )

t.test('11 addresses × 5 wrong passwords: the owner still signs in', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const email = 'owner@example.com'
  await verifiedIdentity(app, dataDir, email, 'right-pass')
  t.equal((await signIn(app, email, 'right-pass', '203.0.113.10')).statusCode, 200, 'the owner signs in at home')

  t.same(await guessFrom(app, email, addresses('198.51.100', 11), SIGN_IN_LOCK.perClient), {
    401: SIGN_IN_LOCK.perEmail,
    429: 11 * SIGN_IN_LOCK.perClient - SIGN_IN_LOCK.perEmail,
  })

  const fresh = await signIn(app, email, 'right-pass', '192.0.2.44')
  t.equal(fresh.statusCode, 429, 'an address the account never signed in from waits, right password or not')
  t.match(fresh.json().error, { code: 'RATE_LIMITED', details: { reason: 'too_many_attempts', retry_after_s: Number } })

  t.equal((await signIn(app, email, 'right-pass', '203.0.113.10')).statusCode, 200, 'home still lets the owner in')
  t.equal(
    (await signIn(app, email, 'wrong-guess', '203.0.113.10')).statusCode,
    401,
    'a known address is still checked, and its failures count against it',
  )

  await t.test('the e-mailed sign-in link lets the owner in from anywhere, once', async (t) => {
    const sent = await post(app, '/identity/send-sign-in-link', { email }, '192.0.2.44')
    t.equal(sent.statusCode, 200)
    t.same(sent.json().data, { sent: true })
    const code = (await lastActionLink(dataDir, email, 'signIn')).searchParams.get('oobCode')!
    const checked = await post(app, '/identity/check-code', { oob_code: code }, '192.0.2.44')
    t.same(checked.json().data, { mode: 'signIn', email }, 'the action page learns what the link is for')
    t.equal((await signIn(app, email, 'right-pass', '192.0.2.44')).statusCode, 429, 'peeking signs nobody in')

    const used = await post(app, '/identity/sign-in-with-code', { oob_code: code }, '192.0.2.44')
    t.equal(used.statusCode, 200)
    t.match(used.json().data, { email, email_verified: true, id_token: String })
    const session = await post(app, '/auth/create-user', { firebase_token: used.json().data.id_token, first_name: 'O' })
    t.equal(session.statusCode, 201, 'its ID token opens a product session')

    const again = await post(app, '/identity/sign-in-with-code', { oob_code: code }, '192.0.2.45')
    t.equal(again.statusCode, 400, 'a used link is spent')
    t.match(again.json().error.details, [{ path: 'oob_code', code: 'invalid_code' }])
    t.equal(
      (await post(app, '/identity/apply-code', { mode: 'verifyEmail', oob_code: code })).statusCode,
      400,
      'a sign-in link is no verification link',
    )
    t.equal(
      (await signIn(app, email, 'right-pass', '192.0.2.44')).statusCode,
      200,
      'the address the link was used from is known now',
    )
  })
})

t.test('a concurrent flood past the ceiling mails the owner once per lockout episode', async (t) => {
  const dataDir = t.testdir()
  const mailer = outboxMailer(dataDir)
  const first = await buildTestApi(t, { mailer })
  const email = 'flooded@example.com'
  await verifiedIdentity(first.app, dataDir, email, 'right-pass')
  t.same(await guessFrom(first.app, email, addresses('198.51.100', 10), SIGN_IN_LOCK.perClient), {
    401: SIGN_IN_LOCK.perEmail,
  })
  t.equal((await notices(dataDir, email)).length, 0, 'reaching the ceiling refuses no one yet')

  const flood = await Promise.all(addresses('192.0.2', 60).map((client) => signIn(first.app, email, 'guess', client)))
  t.same(tally(flood.map((r) => r.statusCode)), { 429: 60 })
  await first.app.close() // waits for the notices on their way
  const told = await notices(dataDir, email)
  t.equal(told.length, 1, 'one notice for 60 refusals at once')
  t.match(told[0]!.text, /\/auth\/action\?mode=signIn&oobCode=/, 'with a sign-in link')

  const { app } = await buildTestApi(t, { db: first.db, mailer })
  const code = (await lastActionLink(dataDir, email, 'signIn')).searchParams.get('oobCode')!
  t.equal(
    (await post(app, '/identity/sign-in-with-code', { oob_code: code }, '192.0.2.200')).statusCode,
    200,
    "the notice's link signs the owner in",
  )

  t.same(
    tally(
      (await Promise.all(addresses('192.0.2', 30).map((c) => signIn(app, email, 'x', c)))).map((r) => r.statusCode),
    ),
    {
      429: 30,
    },
  )
  await first.db.query(
    `UPDATE identity_sign_in_pauses SET last_refused_at = last_refused_at - make_interval(secs => $1::float8 / 1000)`,
    [SIGN_IN_LOCK.windowMs + 60_000],
  )
  t.same(
    tally(
      (await Promise.all(addresses('192.0.2', 30).map((c) => signIn(app, email, 'x', c)))).map((r) => r.statusCode),
    ),
    {
      429: 30,
    },
  )
  await app.close()
  t.equal(
    (await notices(dataDir, email)).length,
    2,
    'refusals within the window continue the episode; after a quiet window a new one begins: one more notice',
  )
})

t.test('a 429 tells nothing of whether the account exists', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  await verifiedIdentity(app, dataDir, 'real@example.com', 'right-pass')
  const answers: Record<string, { status: number; body: unknown }> = {}
  const windowS = SIGN_IN_LOCK.windowMs / 1000
  for (const email of ['real@example.com', 'nobody@example.com']) {
    const started = Date.now()
    t.same(await guessFrom(app, email, addresses('198.51.100', 10), SIGN_IN_LOCK.perClient), {
      401: SIGN_IN_LOCK.perEmail,
    })
    const res = await signIn(app, email, 'right-pass', '192.0.2.9')
    const { timestamp: _, ...body } = res.json() as {
      timestamp: string
      error: { details: { retry_after_s?: number } }
    }
    // the rest of the window since the 50th failure: what it says depends on when, not on whom
    const retryAfterS = body.error.details.retry_after_s!
    t.equal(Number(res.headers['retry-after']), retryAfterS)
    t.ok(
      retryAfterS <= windowS && retryAfterS >= windowS - Math.ceil((Date.now() - started) / 1000),
      `${email}: Retry-After ${retryAfterS} s, the rest of the window`,
    )
    delete body.error.details.retry_after_s
    answers[email] = { status: res.statusCode, body }
    const link = await post(app, '/identity/send-sign-in-link', { email }, '192.0.2.9')
    t.same([link.statusCode, link.json().data], [200, { sent: true }], `${email}: the link form says "sent"`)
  }
  const [real, nobody] = [answers['real@example.com']!, answers['nobody@example.com']!]
  t.equal(real.status, 429)
  t.same(nobody, real, 'the same status and body for an account and for no account')
  await app.close()
  t.same(await readOutbox(dataDir, 'mail', 'nobody@example.com'), [], 'nobody is mailed for an e-mail without account')
  t.equal((await notices(dataDir, 'real@example.com')).length, 1)
})
