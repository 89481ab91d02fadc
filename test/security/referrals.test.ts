import type { FastifyInstance } from 'fastify'
import t from 'tap'
import type { Db } from '../../server/api/db/client.ts'
import { REFERRAL_SIGNUP_CREDITS } from '../../shared/plans.ts'
import { apiCaller, buildTestApi, telegramSession } from '../helpers/build-api.ts'

// Referral cycles (X brings Y, Y brings Z, Z brings X) paid every member for nothing: a referral
// that would close a cycle of any length is refused, also when two referrals close it at once.

type Member = Awaited<ReturnType<typeof telegramSession>>

const credits = async (db: Db, ids: number[]) =>
  (
    await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = ANY($1::int[]) ORDER BY id`, [ids])
  ).map((r) => r.ai_credits)
const rewards = async (db: Db) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM referral_rewards`))[0]!.n

/** `referee` enters `referrer`'s code. */
const refer = (app: FastifyInstance, referee: Member, referrer: Member) =>
  apiCaller(app)('POST', '/referrals/signup', referee.token, { referrer_code: referrer.user.referral_code as string })

async function members(app: FastifyInstance, from: number, n: number): Promise<Member[]> {
  const made: Member[] = []
  for (let i = 0; i < n; i++) made.push(await telegramSession(app, from + i, `M${from + i}`))
  return made
}

t.test('a referral closing a cycle of any length is refused, and pays no one', async (t) => {
  const { app, db } = await buildTestApi(t)
  let next = 97_000
  for (const length of [3, 4, 7]) {
    const chain = await members(app, next, length)
    next += length
    // each brings the next: chain[0] → chain[1] → … → chain[length - 1]
    for (let i = 1; i < length; i++) t.equal((await refer(app, chain[i]!, chain[i - 1]!)).statusCode, 200)
    const ids = chain.map((m) => m.user.id)
    const before = { credits: await credits(db, ids), rewards: await rewards(db) }

    const closing = await refer(app, chain[0]!, chain[length - 1]!)
    t.equal(closing.statusCode, 409, `the last of ${length} cannot bring the first`)
    t.match(closing.json().error, { code: 'CONFLICT', details: { reason: 'mutual_referral' } })
    t.same({ credits: await credits(db, ids), rewards: await rewards(db) }, before, 'no credit, no reward row')
    const [first] = await db.query<{ referred_by: number | null; referred_at: Date | null }>(
      `SELECT referred_by, referred_at FROM users WHERE id = $1`,
      [ids[0]],
    )
    t.same(first, { referred_by: null, referred_at: null }, 'the first may still be brought by someone else')
  }

  const [x, y, outsider] = await members(app, next, 3)
  t.equal((await refer(app, y!, x!)).statusCode, 200)
  t.equal((await refer(app, x!, outsider!)).statusCode, 200, 'a referral into a chain from outside it still pays')
  t.same(await credits(db, [x!.user.id, outsider!.user.id]), [
    3 + 2 * REFERRAL_SIGNUP_CREDITS,
    3 + REFERRAL_SIGNUP_CREDITS,
  ])
})

t.test('two referrals closing a cycle at once: exactly one is recorded', async (t) => {
  const { app, db } = await buildTestApi(t)
  // Per round, four people in two pairs already referred (r2 brought b1, r1 brought b2); then at
  // once b1 brings r1 and b2 brings r2. Either alone is fine; both would close r1 ← b1 ← r2 ← b2 ← r1,
  // and the two referrals lock no row in common.
  const rounds = 12
  const quartets: Member[][] = []
  for (let round = 0; round < rounds; round++) {
    const [r1, b1, r2, b2] = await members(app, 98_000 + 4 * round, 4)
    t.equal((await refer(app, b1!, r2!)).statusCode, 200)
    t.equal((await refer(app, b2!, r1!)).statusCode, 200)
    quartets.push([r1!, b1!, r2!, b2!])
  }
  const rewardsBefore = await rewards(db)

  const answers = await Promise.all(
    quartets.map(([r1, b1, r2, b2]) => Promise.all([refer(app, r1!, b1!), refer(app, r2!, b2!)])),
  )
  for (const [round, pair] of answers.entries()) {
    t.same(pair.map((a) => a.statusCode).sort(), [200, 409], `round ${round}: one recorded, one refused`)
    t.equal(pair.find((a) => a.statusCode === 409)?.json().error.details.reason, 'mutual_referral')
  }
  t.equal(await rewards(db), rewardsBefore + rounds, 'one reward a round')
  const cycles = await db.query(
    `WITH RECURSIVE walk (start, id, steps) AS (
       SELECT id, referred_by, 1 FROM users WHERE referred_by IS NOT NULL
       UNION ALL
       SELECT w.start, u.referred_by, w.steps + 1 FROM walk w JOIN users u ON u.id = w.id
        WHERE u.referred_by IS NOT NULL AND w.id <> w.start AND w.steps < 50
     )
     SELECT DISTINCT start FROM walk WHERE id = start`,
  )
  t.same(cycles, [], 'no cycle in the referral graph')
})
