// The refresh grace and family revocation, decided in the database: two API processes on one database
// (docs/decisions/001-cookie-sessions-and-refresh-grace.md).
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { ageRotations, refreshFamily } from '../../../helpers/refresh-families.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi, openTestDbAgain, telegramSession } from '../../../helpers/build-api.ts'
import { lastActionLink, verifiedIdentity } from '../../../helpers/email.ts'

const dataDir = t.testdir()
const { app: first, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
const { app: second } = await buildTestApi(t, { db: await openTestDbAgain(t, db) })
const processes = [first, second]

const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: token } })

const familyOf = (token: string) => refreshFamily(db, token)
const age = (token: string, ms: number) => ageRotations(db, token, ms)

const profileOf = async (app: FastifyInstance, access: string) =>
  (await app.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${access}` } })).json().data as {
    telegram_id: number
  }

t.test('a second refresh of one token within the grace gets the same successor, on either process', async (t) => {
  const signedIn = await telegramSession(first, 61001)
  const a = await refresh(first, signedIn.refresh_token)
  const b = await refresh(second, signedIn.refresh_token)
  t.equal(a.statusCode, 200)
  t.equal(b.statusCode, 200, 'not taken for reuse on the other process')
  t.equal(b.json().data.refresh_token, a.json().data.refresh_token, 'the same successor')
  t.not(b.json().data.refresh_token, signedIn.refresh_token)
  t.equal((await profileOf(second, b.json().data.token)).telegram_id, 61001, 'a fresh access token of the same user')
  t.same(await familyOf(signedIn.refresh_token), { n: 2, live: 2 }, 'one new member')
  const next = await refresh(second, b.json().data.refresh_token)
  t.equal(next.statusCode, 200, 'the successor rotates in its turn')
})

t.test('concurrent refreshes of one token on both processes converge on one successor', async (t) => {
  const signedIn = await telegramSession(first, 61002)
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) => refresh(processes[i % 2]!, signedIn.refresh_token)),
  )
  t.same(
    answers.map((a) => a.statusCode),
    answers.map(() => 200),
    'none refused',
  )
  t.equal(new Set(answers.map((a) => a.json().data.refresh_token)).size, 1, 'one successor for all')
  t.same(await familyOf(signedIn.refresh_token), { n: 2, live: 2 })
})

t.test('after the grace, a rotated token presented again is reuse: the family is revoked', async (t) => {
  const signedIn = await telegramSession(first, 61003)
  const successor = (await refresh(first, signedIn.refresh_token)).json().data.refresh_token as string
  await age(signedIn.refresh_token, 5_100)
  const reuse = await refresh(second, signedIn.refresh_token)
  t.equal(reuse.statusCode, 401)
  t.match(reuse.json().error, { code: 'UNAUTHENTICATED', message: /reused/ })
  t.equal((await refresh(first, successor)).statusCode, 401, 'the successor is revoked with it')
  t.same(await familyOf(successor), { n: 2, live: 0 })
})

t.test('sign-out within the grace: the rotated token no longer gets the successor', async (t) => {
  for (const [i, signOutWith] of (['old', 'new'] as const).entries()) {
    const signedIn = await telegramSession(first, 61004 + i)
    const successor = (await refresh(first, signedIn.refresh_token)).json().data.refresh_token as string
    const out = await second.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refresh_token: signOutWith === 'old' ? signedIn.refresh_token : successor },
    })
    t.equal(out.statusCode, 200)
    for (const app of processes) {
      const again = await refresh(app, signedIn.refresh_token)
      t.equal(again.statusCode, 401, `signed out with the ${signOutWith} token: the rotated one is refused`)
      t.notMatch(again.body, /refresh_token/)
      t.equal((await refresh(app, successor)).statusCode, 401, 'and so is its successor')
    }
    t.same(await familyOf(successor), { n: 2, live: 0 })
  }
})

t.test('a family revoked while refreshes race: no token of it works afterwards', async (t) => {
  // bursts of refreshes of the current token, with the old one presented again at some place in each
  const rounds = [
    { size: 2, reuseAt: 1 },
    { size: 2, reuseAt: 0 },
    { size: 4, reuseAt: 1 },
    { size: 8, reuseAt: 5 },
    { size: 20, reuseAt: 3 },
    { size: 20, reuseAt: 19 },
  ]
  for (const [round, { size, reuseAt }] of rounds.entries()) {
    const signedIn = await telegramSession(first, 61010 + round)
    // an older token, its grace long over, comes back while the current one is refreshed at once
    const current = (await refresh(first, signedIn.refresh_token)).json().data.refresh_token as string
    await age(signedIn.refresh_token, 60_000)
    const seen = new Set<string>([signedIn.refresh_token, current])
    const answers = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        refresh(processes[i % 2]!, i === reuseAt ? signedIn.refresh_token : current),
      ),
    )
    t.ok(
      answers.some((a) => a.statusCode === 401),
      `round ${round}: the reuse was refused`,
    )
    // the family as the race left it, before any other refresh could revoke it again
    t.match(await familyOf(current), { live: 0 }, `round ${round}: every token revoked`)
    for (const answer of answers) if (answer.statusCode === 200) seen.add(answer.json().data.refresh_token)
    for (const token of [...seen].reverse())
      for (const app of processes) t.equal((await refresh(app, token)).statusCode, 401, `round ${round}: refused`)
  }
})

t.test('a new password while sessions keep refreshing: no token of the account works afterwards', async (t) => {
  for (const round of [0, 1, 2, 3, 4]) {
    const email = `race${round}@example.com`
    const identity = await verifiedIdentity(first, dataDir, email)
    const signIn = async () =>
      (
        await first.inject({
          method: 'POST',
          url: '/api/v1/auth/email-login',
          payload: { firebase_token: identity.id_token },
        })
      ).json().data as { refresh_token: string; user: { id: number } }
    const sessions = [await signIn(), await signIn(), await signIn(), await signIn()]
    await first.inject({ method: 'POST', url: '/api/v1/identity/send-password-reset', payload: { email } })
    const code = (await lastActionLink(dataDir, email, 'resetPassword')).searchParams.get('oobCode')
    // the reset goes out once the sessions have rotated a few times between them, while they go on rotating
    let rotated = 0
    let startReset = () => {}
    const resetStarts = new Promise<void>((resolve) => (startReset = resolve))
    /** A session's chain of rotations, one after another on alternate processes, until one is refused. */
    const rotations = async (token: string, start: number): Promise<string[]> => {
      const issued = [token]
      for (let i = start; i < start + 15; i++) {
        const answer = await refresh(processes[i % 2]!, issued.at(-1)!)
        if (answer.statusCode !== 200) break
        issued.push(answer.json().data.refresh_token)
        if (++rotated === 4 + round * 3) startReset()
      }
      startReset()
      return issued
    }
    const [reset, ...chains] = await Promise.all([
      resetStarts.then(() =>
        second.inject({
          method: 'POST',
          url: '/api/v1/identity/apply-code',
          payload: { mode: 'resetPassword', oob_code: code, new_password: 'brand-new-pass' },
        }),
      ),
      ...sessions.map((session, i) => rotations(session.refresh_token, i)),
    ])
    t.equal(reset.statusCode, 200)
    const [row] = await db.query<{ live: number }>(
      `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS live FROM refresh_tokens WHERE user_id = $1`,
      [sessions[0]!.user.id],
    )
    t.equal(row!.live, 0, `round ${round}: every token of the account revoked`)
    for (const chain of chains)
      t.equal((await refresh(first, chain.at(-1)!)).statusCode, 401, `round ${round}: refused`)
  }
})
