import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { referralRewardsRepo } from '../../../../server/api/referrals/rewards.repo.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { REFERRAL_SIGNUP_WINDOW_DAYS } from '../../../../shared/plans.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'

const userRow = async (db: Db, id: number) =>
  (
    await db.query<{ ai_credits: number; referred_by: number | null; referred_at: Date | null }>(
      `SELECT ai_credits, referred_by, referred_at FROM users WHERE id = $1`,
      [id],
    )
  )[0]!
const rewardCount = async (db: Db) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM referral_rewards`))[0]!.n

t.test('referral routes need a session', async (t) => {
  const { app } = await buildTestApi(t)
  const call = apiCaller(app)
  for (const [method, url] of [
    ['POST', '/referrals/signup'],
    ['GET', '/referrals/stats'],
    ['GET', '/referrals/leaderboard'],
  ] as const) {
    const res = await call(method, url, null, method === 'POST' ? { referrer_code: 'ABCDEFGH' } : undefined)
    t.equal(res.statusCode, 401, `${method} ${url}`)
    t.equal(res.json().error.code, 'UNAUTHENTICATED')
  }
})

t.test('every new account starts with 3 AI credits, by Telegram and by e-mail', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const call = apiCaller(app)
  const telegram = await telegramSession(app, 9801)
  t.equal(telegram.user.ai_credits, 3, 'Telegram sign-up')
  await db.query(`UPDATE users SET ai_credits = 1 WHERE id = $1`, [telegram.user.id])
  t.equal((await telegramSession(app, 9801, 'Again')).user.ai_credits, 1, 'signing in again gives nothing more')
  const identity = await verifiedIdentity(app, dataDir, 'new@example.com')
  const created = await call('POST', '/auth/create-user', null, { firebase_token: identity.id_token, first_name: 'Nu' })
  t.equal(created.statusCode, 201)
  t.equal(created.json().data.user.ai_credits, 3, 'e-mail sign-up')
})

t.test(
  'POST /referrals/signup: both get 3 credits, once; own, second, mutual or late → 409; unknown → 404',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const call = apiCaller(app)
    const referrer = await telegramSession(app, 9811, 'Reza')
    const referee = await telegramSession(app, 9812, 'Mina')
    const other = await telegramSession(app, 9813, 'Omid')
    const code = referrer.user.referral_code as string
    const signup = (token: string, referrerCode: string) =>
      call('POST', '/referrals/signup', token, { referrer_code: referrerCode })

    const unknown = await signup(referee.token, 'NOSUCHCODE')
    t.equal(unknown.statusCode, 404)
    t.match(unknown.json().error, { code: 'NOT_FOUND', details: { reason: 'referrer_not_found' } })
    const own = await signup(referee.token, referee.user.referral_code as string)
    t.equal(own.statusCode, 409)
    t.match(own.json().error, { code: 'CONFLICT', details: { reason: 'self_referral' } })
    t.equal((await signup(referee.token, 'a b')).statusCode, 400, 'a malformed code is a 400')
    t.equal(await rewardCount(db), 0, 'no refusal rewarded anyone')

    const done = await signup(referee.token, code.toLowerCase())
    t.equal(done.statusCode, 200, 'a code typed in lower case is found')
    t.same(done.json().data, { referrer_first_name: 'Reza', ai_credits: 6 })
    t.match(await userRow(db, referee.user.id), { ai_credits: 6, referred_by: referrer.user.id, referred_at: Date })
    t.equal((await userRow(db, referrer.user.id)).ai_credits, 6, 'the referrer got 3 too')
    const [reward] = await db.query(`SELECT referee_id, kind, referrer_id FROM referral_rewards`)
    t.same(reward, { referee_id: referee.user.id, kind: 'signup', referrer_id: referrer.user.id })

    const second = await signup(referee.token, other.user.referral_code as string)
    t.equal(second.statusCode, 409)
    t.match(second.json().error.details, { reason: 'already_referred' })
    const mutual = await signup(referrer.token, referee.user.referral_code as string)
    t.equal(mutual.statusCode, 409)
    t.match(mutual.json().error.details, { reason: 'mutual_referral' })

    await db.query(`UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
      other.user.id,
      REFERRAL_SIGNUP_WINDOW_DAYS,
    ])
    const late = await signup(other.token, code)
    t.equal(late.statusCode, 409)
    t.match(late.json().error.details, { reason: 'window_closed' })
    t.equal(await rewardCount(db), 1, 'one reward in all')
    t.same(
      [(await userRow(db, other.user.id)).ai_credits, (await userRow(db, referrer.user.id)).ai_credits],
      [3, 6],
      'refusals changed no balance',
    )
  },
)

t.test('5 concurrent referrals of one account (different referrers): exactly one reward', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const referee = await telegramSession(app, 9820, 'Sara')
  const referrers = []
  for (let i = 1; i <= 5; i++) referrers.push(await telegramSession(app, 9820 + i, `R${i}`))
  const answers = await Promise.all(
    referrers.map((r) =>
      call('POST', '/referrals/signup', referee.token, { referrer_code: r.user.referral_code as string }),
    ),
  )
  t.same(answers.map((a) => a.statusCode).sort(), [200, 409, 409, 409, 409], 'one referral, four refusals')
  t.ok(answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.details.reason === 'already_referred'))
  const winner = referrers[answers.findIndex((a) => a.statusCode === 200)]!
  t.equal(await rewardCount(db), 1, 'one reward row')
  t.match(await userRow(db, referee.user.id), { ai_credits: 6, referred_by: winner.user.id })
  const credits = await db.query<{ ai_credits: number }>(
    `SELECT ai_credits FROM users WHERE id = ANY($1::int[]) ORDER BY id`,
    [referrers.map((r) => r.user.id)],
  )
  t.same(credits.map((c) => c.ai_credits).sort(), [3, 3, 3, 3, 6], 'only the winning referrer got 3 more')
})

t.test('the code given at e-mail sign-up counts through the same rule', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const call = apiCaller(app)
  const referrer = await telegramSession(app, 9831, 'Reza')
  const createUser = async (email: string, referralCode?: string) => {
    const identity = await verifiedIdentity(app, dataDir, email)
    return call('POST', '/auth/create-user', null, {
      firebase_token: identity.id_token,
      first_name: 'New',
      ...(referralCode !== undefined && { referral_code: referralCode }),
    })
  }

  const referred = await createUser('referred@example.com', ` ${referrer.user.referral_code} `)
  t.equal(referred.statusCode, 201)
  const user = referred.json().data.user
  t.equal(user.ai_credits, 6, 'the new account answers with its 3 + 3 credits')
  t.match(await userRow(db, user.id), { referred_by: referrer.user.id })
  t.equal((await userRow(db, referrer.user.id)).ai_credits, 6, 'the referrer got 3')
  const [stored] = await db.query<{ referred_by_code: string }>(`SELECT referred_by_code FROM users WHERE id = $1`, [
    user.id,
  ])
  t.equal(stored!.referred_by_code, referrer.user.referral_code, 'the code is kept as typed')
  const later = await call('POST', '/referrals/signup', referred.json().data.token, {
    referrer_code: referrer.user.referral_code as string,
  })
  t.equal(later.statusCode, 409, 'and it was the one referral of this account')
  t.match(later.json().error.details, { reason: 'already_referred' })

  for (const [email, code] of [
    ['unknown@example.com', 'NOSUCHCODE'],
    ['malformed@example.com', 'not a code!'],
    ['empty@example.com', ''],
  ] as const) {
    const res = await createUser(email, code)
    t.equal(res.statusCode, 201, `${JSON.stringify(code)}: the sign-up goes on`)
    t.equal(res.json().data.user.ai_credits, 3, 'with no reward')
    t.equal((await userRow(db, res.json().data.user.id)).referred_by, null)
  }
  t.equal(await rewardCount(db), 1)
  t.equal((await userRow(db, referrer.user.id)).ai_credits, 6)
})

t.test('stats: the link, sign-ups, paid conversions and rewards; leaderboard by paid then sign-ups', async (t) => {
  const { app, db } = await buildTestApi(t, { publicBaseUrl: 'https://khaneh.example' })
  const call = apiCaller(app)
  const [ali, bita, cyrus, me] = [
    await telegramSession(app, 9841, 'Ali'),
    await telegramSession(app, 9842, 'Bita'),
    await telegramSession(app, 9843, 'Cyrus'),
    await telegramSession(app, 9844, 'Dara'),
  ]
  const refer = async (referrer: typeof ali, n: number, paid: number, from: number) => {
    for (let i = 0; i < n; i++) {
      const referee = await telegramSession(app, from + i, `Referee${from + i}`)
      const res = await call('POST', '/referrals/signup', referee.token, {
        referrer_code: referrer.user.referral_code as string,
      })
      t.equal(res.statusCode, 200)
      if (i < paid)
        t.ok(await db.transaction((tx) => referralRewardsRepo(tx).rewardFirstPayment(referee.user.id)), 'first payment')
    }
  }

  const empty = (await call('GET', '/referrals/stats', me.token)).json().data
  t.same(empty, {
    referral_code: me.user.referral_code,
    referral_link: `https://khaneh.example/?ref=${me.user.referral_code}`,
    signups: 0,
    paid_conversions: 0,
    rewards: { ai_credits: 0, premium_days: 0 },
  })
  t.same((await call('GET', '/referrals/leaderboard', me.token)).json().data, { items: [] })

  await refer(ali, 3, 0, 9900)
  await refer(bita, 1, 1, 9910)
  await refer(cyrus, 2, 1, 9920)
  await refer(me, 2, 0, 9930)

  const cyrusStats = (await call('GET', '/referrals/stats', cyrus.token)).json().data
  t.match(cyrusStats, { signups: 2, paid_conversions: 1, rewards: { ai_credits: 6, premium_days: 7 } })
  const [cyrusRow] = await db.query<{ ai_credits: number; premium: boolean }>(
    `SELECT ai_credits, premium_until > now() + interval '6 days' AS premium FROM users WHERE id = $1`,
    [cyrus.user.id],
  )
  t.same(cyrusRow, { ai_credits: 9, premium: true }, 'what the stats say was really granted')
  t.ok(
    !(await db.transaction((tx) => referralRewardsRepo(tx).rewardFirstPayment(ali.user.id))),
    'an account nobody referred earns its referrer nothing',
  )

  const board = await call('GET', '/referrals/leaderboard', me.token)
  t.equal(board.statusCode, 200)
  t.same(board.json().data.items, [
    { rank: 1, first_name: 'Cyrus', referrals: 1, signups: 2, is_me: false },
    { rank: 2, first_name: 'Bita', referrals: 1, signups: 1, is_me: false },
    { rank: 3, first_name: 'Ali', referrals: 0, signups: 3, is_me: false },
    { rank: 4, first_name: 'Dara', referrals: 0, signups: 2, is_me: true },
  ])
  t.notMatch(board.body, /referral_code|last_name|"id"|Referee/, 'first names only')
})

t.test('the leaderboard shows the top 20 and leaves out deleted accounts', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const me = await telegramSession(app, 9850, 'Me')
  const referee = await telegramSession(app, 9851, 'Referee')
  // 22 referrers with 1..22 sign-ups each, written directly: the route's rules are tested above
  const ids = await db.query<{ id: number }>(
    `INSERT INTO users (first_name, auth_method, referral_code)
     SELECT 'Top' || g, 'seed', 'TOP' || g FROM generate_series(1, 22) g RETURNING id`,
  )
  let n = 0
  for (const [i, { id }] of ids.entries()) {
    const referees = await db.query<{ id: number }>(
      `INSERT INTO users (first_name, auth_method, referral_code, referred_by, referred_at)
       SELECT 'X', 'seed', 'X' || $2 || '-' || g, $1, now() FROM generate_series(1, $3::int) g RETURNING id`,
      [id, i, i + 1],
    )
    n += referees.length
    await db.query(
      `INSERT INTO referral_rewards (referee_id, kind, referrer_id) SELECT unnest($1::int[]), 'signup', $2`,
      [referees.map((r) => r.id), id],
    )
  }
  t.equal(n, 253)
  await call('POST', '/referrals/signup', referee.token, { referrer_code: me.user.referral_code as string })
  await db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [ids[21]!.id])
  const items = (await call('GET', '/referrals/leaderboard', me.token)).json().data.items
  t.equal(items.length, 20)
  t.same(
    items.slice(0, 3).map((i: { first_name: string; signups: number }) => [i.first_name, i.signups]),
    [
      ['Top21', 21],
      ['Top20', 20],
      ['Top19', 19],
    ],
    'the deleted top referrer is left out',
  )
  t.notOk(
    items.some((i: { is_me: boolean }) => i.is_me),
    'one sign-up is not enough for me to be on it',
  )
})

t.test('a deleted account can neither refer nor be referred', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const gone = await telegramSession(app, 9861, 'Gone')
  const referrer = await telegramSession(app, 9862, 'Reza')
  const leaving = await telegramSession(app, 9863, 'Leaving')
  t.equal((await call('DELETE', '/users/account', gone.token)).statusCode, 200)
  t.equal((await call('DELETE', '/users/account', leaving.token)).statusCode, 200)
  const code = referrer.user.referral_code as string
  t.equal((await call('POST', '/referrals/signup', gone.token, { referrer_code: code })).statusCode, 401)
  t.equal((await call('GET', '/referrals/stats', gone.token)).statusCode, 401)
  const fresh = await telegramSession(app, 9864, 'Fresh')
  const toDeleted = await call('POST', '/referrals/signup', fresh.token, {
    referrer_code: leaving.user.referral_code as string,
  })
  t.equal(toDeleted.statusCode, 404, "a deleted account's code is unknown")
  t.equal(await rewardCount(db), 0)
})
