import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'

// Redemption is race-safe: the coupon row is locked before its use count is read. On PGlite the
// transactions take turns; on PostgreSQL (KHANEH_TEST_DB=postgres) they really run at once.

t.test('30 users redeeming a 10-use coupon at once: exactly 10 get it', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const created = await call('POST', '/admin/coupons', admin.token, {
    code: 'TEN-ONLY',
    kind: 'grant',
    grant: { ai_credits: 5, premium_days: 3, free_boosts: 1 },
    max_uses: 10,
  })
  t.equal(created.statusCode, 201)
  const users: Array<Awaited<ReturnType<typeof telegramSession>>> = []
  for (let i = 0; i < 30; i++) users.push(await telegramSession(app, 9700 + i))

  const answers = await Promise.all(
    users.map((u) => call('POST', '/coupons/redeem', u.token, { coupon_code: 'TEN-ONLY' })),
  )
  const statuses = answers.map((a) => a.statusCode)
  t.equal(statuses.filter((s) => s === 200).length, 10, '10 redemptions')
  t.equal(statuses.filter((s) => s === 409).length, 20, '20 refusals')
  t.ok(
    answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.details.reason === 'used_up'),
    'each refusal says the coupon is used up',
  )

  const [coupon] = await db.query<{ used_count: number }>(`SELECT used_count FROM coupons WHERE code = 'TEN-ONLY'`)
  t.equal(coupon!.used_count, 10, 'used_count = 10')
  const [counts] = await db.query<{ redemptions: number; credited: number; boosted: number; periods: number }>(
    `SELECT (SELECT count(*)::int FROM coupon_redemptions WHERE code = 'TEN-ONLY') AS redemptions,
            (SELECT count(*)::int FROM users WHERE id = ANY($1::int[]) AND ai_credits = 8) AS credited,
            (SELECT count(*)::int FROM users WHERE id = ANY($1::int[]) AND free_boosts = 1) AS boosted,
            (SELECT count(*)::int FROM subscriptions WHERE source = 'coupon') AS periods`,
    [users.map((u) => u.user.id)],
  )
  t.same(counts, { redemptions: 10, credited: 10, boosted: 10, periods: 10 }, 'ten users got the grant, once each')
  const winners = new Set(answers.flatMap((a, i) => (a.statusCode === 200 ? [users[i]!.user.id] : [])))
  const redeemed = await db.query<{ user_id: number }>(`SELECT user_id FROM coupon_redemptions WHERE code = 'TEN-ONLY'`)
  t.same(new Set(redeemed.map((r) => r.user_id)), winners, 'the redemptions are the answered ones')
})

t.test('one user firing 5 redemptions at once gets the grant once', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  await call('POST', '/admin/coupons', admin.token, { code: 'FIVE-AT-ONCE', kind: 'grant', grant: { ai_credits: 7 } })
  const user = await telegramSession(app, 9750)

  const answers = await Promise.all(
    Array.from({ length: 5 }, () => call('POST', '/coupons/redeem', user.token, { coupon_code: 'FIVE-AT-ONCE' })),
  )
  const statuses = answers.map((a) => a.statusCode).sort()
  t.same(statuses, [200, 409, 409, 409, 409], 'one redemption, four refusals')
  t.ok(
    answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.details.reason === 'already_used'),
    'each refusal says it was used already',
  )
  const [row] = await db.query<{ ai_credits: number; used_count: number; redemptions: number }>(
    `SELECT u.ai_credits, c.used_count, (SELECT count(*)::int FROM coupon_redemptions WHERE code = c.code) AS redemptions
       FROM users u, coupons c WHERE u.id = $1 AND c.code = 'FIVE-AT-ONCE'`,
    [user.user.id],
  )
  t.same(row, { ai_credits: 10, used_count: 1, redemptions: 1 }, '3 + 7 credits, counted once')
})

t.test('switching a coupon off while 20 users redeem it: no redemption lands after the switch', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  await call('POST', '/admin/coupons', admin.token, { code: 'LAST-CALL', kind: 'grant', grant: { ai_credits: 2 } })
  const users: Array<Awaited<ReturnType<typeof telegramSession>>> = []
  for (let i = 0; i < 20; i++) users.push(await telegramSession(app, 9800 + i))

  const redeem = (u: (typeof users)[number]) => call('POST', '/coupons/redeem', u.token, { coupon_code: 'LAST-CALL' })
  const [early, off, late] = await Promise.all([
    Promise.all(users.slice(0, 10).map(redeem)),
    call('PUT', '/admin/coupons/LAST-CALL', admin.token, { is_active: false }),
    Promise.all(users.slice(10).map(redeem)),
  ])
  t.equal(off.statusCode, 200)
  const answers = [...early, ...late]
  const granted = answers.filter((a) => a.statusCode === 200).length
  t.equal(granted + answers.filter((a) => a.statusCode === 409).length, 20, 'each redemption granted or refused')
  t.ok(
    answers.filter((a) => a.statusCode === 409).every((a) => a.json().error.details.reason === 'inactive'),
    'each refusal says the coupon is switched off',
  )
  const [row] = await db.query<{ used_count: number; redemptions: number; credited: number }>(
    `SELECT c.used_count, (SELECT count(*)::int FROM coupon_redemptions WHERE code = c.code) AS redemptions,
            (SELECT count(*)::int FROM users WHERE id = ANY($1::int[]) AND ai_credits = 5) AS credited
       FROM coupons c WHERE c.code = 'LAST-CALL'`,
    [users.map((u) => u.user.id)],
  )
  t.same(
    row,
    { used_count: granted, redemptions: granted, credited: granted },
    'the granted redemptions, and only they, are recorded',
  )
  t.equal(off.json().data.used_count, granted, 'the use count the switch answered is final: none came after it')
  const after = await redeem(await telegramSession(app, 9899))
  t.match(after.json().error, { code: 'CONFLICT', details: { reason: 'inactive' } })
})
