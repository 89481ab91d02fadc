import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const DAY_MS = 86_400_000

t.test('the payments ledger', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 6301, 'Owner')
  const reader = await telegramSession(app, 6302, 'Reader')
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const post = (url: string, token: string, key: string | undefined, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, ...(key !== undefined && { 'idempotency-key': key }) },
      ...(payload && { payload }),
    })
  const confirm = (id: string, token: string) => call('POST', `/payments/sandbox/${id}/confirm`, token)
  const count = async (sql: string, params: unknown[]) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n
  const coupon = (code: string, fields: string, values: string) =>
    db.query(`INSERT INTO coupons (code, kind, ${fields}) VALUES ($1, ${values})`, [code])

  await t.test('a paid contact (€0.99): any reader but the owner, active listings, opened once', async (t) => {
    t.equal((await post(`/payments/listings/${listing.id}/contact`, reader.token, undefined)).statusCode, 400, 'no key')
    const own = await post(`/payments/listings/${listing.id}/contact`, owner.token, 'contact-own-01')
    t.equal(own.statusCode, 409)
    t.equal(own.json().error.details.reason, 'own_listing')
    t.equal((await post(`/payments/listings/${pending.id}/contact`, reader.token, 'contact-pend-1')).statusCode, 404)
    t.equal((await post('/payments/listings/99999999/contact', reader.token, 'contact-none-1')).statusCode, 404)

    const res = await post(`/payments/listings/${listing.id}/contact`, reader.token, 'contact-key-01')
    t.equal(res.statusCode, 200)
    const checkout = res.json().data
    t.match(checkout, { amount_eur: 0.99, currency: 'EUR', status: 'pending' })
    t.equal(await count('contact_reveals WHERE user_id = $1', [reader.user.id]), 0, 'not open before it is paid')
    t.equal((await confirm(checkout.payment_id, reader.token)).statusCode, 200)
    const [reveal] = await db.query<{ via: string; payment_id: string }>(
      `SELECT via, payment_id FROM contact_reveals WHERE user_id = $1 AND listing_id = $2`,
      [reader.user.id, listing.id],
    )
    t.same(reveal, { via: 'payment', payment_id: checkout.payment_id })
    const again = await post(`/payments/listings/${listing.id}/contact`, reader.token, 'contact-key-02')
    t.equal(again.statusCode, 409, 'already open: nothing to pay for')
    t.equal(again.json().error.details.reason, 'already_open')
    const retry = await post(`/payments/listings/${listing.id}/contact`, reader.token, 'contact-key-01')
    t.same(retry.json().data, { ...checkout, status: 'paid' }, 'a retry of the paid key answers its payment')
  })

  await t.test('a paid boost (€2.99): the owner only; 7 days that stack; the public caches told', async (t) => {
    t.equal((await post(`/payments/listings/${listing.id}/boost`, reader.token, 'boost-other-01')).statusCode, 403)
    const removed = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      status: 'expired',
    })
    const inactive = await post(`/payments/listings/${removed.id}/boost`, owner.token, 'boost-expd-01')
    t.equal(inactive.statusCode, 409, 'only an active listing')
    const first = (await post(`/payments/listings/${listing.id}/boost`, owner.token, 'boost-key-001')).json().data
    t.equal(first.amount_eur, 2.99)
    const started = Date.now()
    const paid = await confirm(first.payment_id, owner.token)
    t.equal(paid.statusCode, 200)
    const until = async () =>
      new Date(
        (await db.query<{ boost_until: Date }>(`SELECT boost_until FROM listings WHERE id = $1`, [listing.id]))[0]!
          .boost_until,
      ).getTime()
    const once = await until()
    t.ok(once >= started + 7 * DAY_MS - 5_000 && once <= Date.now() + 7 * DAY_MS, '7 days from now')
    const second = (await post(`/payments/listings/${listing.id}/boost`, owner.token, 'boost-key-002')).json().data
    await Promise.all(Array.from({ length: 5 }, () => confirm(second.payment_id, owner.token)))
    t.equal(await until(), once + 7 * DAY_MS, 'the second boost stacks after the first, once')
  })

  await t.test('30 buyers of a 10-use discount at once → exactly 10 payments, the rest 409 used_up', async (t) => {
    await coupon('HALF10', 'percent_off, max_uses', `'percent', 50, 10`)
    const buyers = await Promise.all(Array.from({ length: 30 }, (_, i) => telegramSession(app, 6400 + i)))
    const answers = await Promise.all(
      buyers.map((b) =>
        post('/subscription/purchase', b.token, `race-key-${b.user.id}`, {
          plan_key: 'monthly',
          coupon_code: 'half10',
        }),
      ),
    )
    const ok = answers.filter((a) => a.statusCode === 200)
    const refused = answers.filter((a) => a.statusCode === 409)
    t.equal(ok.length, 10, 'ten bought')
    t.equal(refused.length, 20, 'twenty refused')
    t.ok(refused.every((a) => a.json().error.details.reason === 'used_up'))
    t.ok(
      ok.every((a) => a.json().data.amount_eur === 2.49),
      '4.99 − 2.50 (half of 4.99, rounded to the cent)',
    )
    t.equal(await count(`payments WHERE coupon_code = 'HALF10'`, []), 10)
    t.equal(await count(`coupon_redemptions WHERE code = 'HALF10'`, []), 10)
    const [{ used_count }] = (await db.query<{ used_count: number }>(
      `SELECT used_count FROM coupons WHERE code = 'HALF10'`,
    )) as [{ used_count: number }]
    t.equal(used_count, 10)

    // a cancelled checkout gives its use back; the next buyer gets it
    const held = ok[0]!.json().data.payment_id
    const holder = buyers[answers.indexOf(ok[0]!)]!
    t.equal((await call('POST', `/payments/sandbox/${held}/cancel`, holder.token)).json().data.status, 'cancelled')
    const late = refused.map((a) => buyers[answers.indexOf(a)]!)[0]!
    const retry = await post('/subscription/purchase', late.token, `race-late-${late.user.id}`, {
      plan_key: 'monthly',
      coupon_code: 'HALF10',
    })
    t.equal(retry.statusCode, 200, 'the released use is used again')
    t.equal(await count(`coupon_redemptions WHERE code = 'HALF10'`, []), 10)
  })

  await t.test('coupon rules at purchase: unknown, another plan, used by this user, 100% paid at once', async (t) => {
    const buyer = await telegramSession(app, 6501)
    const buy = (key: string, body: object) => post('/subscription/purchase', buyer.token, key, body)
    const unknown = await buy('coupon-unk-01', { plan_key: 'monthly', coupon_code: 'NOPE' })
    t.equal(unknown.statusCode, 409)
    t.equal(unknown.json().error.details.reason, 'not_found')
    await coupon('YEARONLY', `percent_off, plan_keys`, `'percent', 20, ARRAY['yearly']`)
    t.equal(
      (await buy('coupon-plan-01', { plan_key: 'monthly', coupon_code: 'YEARONLY' })).json().error.details.reason,
      'not_applicable',
    )
    t.equal(await count('payments WHERE user_id = $1', [buyer.user.id]), 0, 'refusals leave no payment')
    await coupon('FREEQ', 'percent_off', `'percent', 100`)
    const before = (
      await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [buyer.user.id])
    )[0]!
    const free = await buy('coupon-free-01', { plan_key: 'quarterly', coupon_code: 'FREEQ' })
    t.equal(free.statusCode, 200)
    t.match(free.json().data, { amount_eur: 0, status: 'paid', checkout_url: /\/checkout\/result\// })
    const status = (await call('GET', '/subscription/status', buyer.token)).json().data
    t.match(status, { is_premium: true, current_plan: 'quarterly', ai_credits: before.ai_credits + 200 })
    const payment = (await call('GET', `/payments/${free.json().data.payment_id}`, buyer.token)).json().data
    t.match(payment, { amount_eur: 0, discount_eur: 11.99, coupon_code: 'FREEQ', status: 'paid' })
    const twice = await buy('coupon-free-02', { plan_key: 'quarterly', coupon_code: 'FREEQ' })
    t.equal(twice.json().error.details.reason, 'already_used')
    await coupon('FIVEOFF', 'amount_off_minor', `'fixed', 500`)
    t.equal(
      (await buy('coupon-fixed-1', { plan_key: 'monthly', coupon_code: 'fiveoff' })).json().data.amount_eur,
      0,
      'never below zero',
    )
  })

  await t.test("the referrer's reward comes with the referee's first payment, once", async (t) => {
    const referrer = await telegramSession(app, 6601)
    const referee = await telegramSession(app, 6602)
    await db.query(`UPDATE users SET referred_by = $2, referred_at = now() WHERE id = $1`, [
      referee.user.id,
      referrer.user.id,
    ])
    const buyAndPay = async (key: string) => {
      const { payment_id } = (await post('/subscription/purchase', referee.token, key, { plan_key: 'monthly' })).json()
        .data
      await confirm(payment_id, referee.token)
    }
    await buyAndPay('ref-first-001')
    const rewarded = await db.query<{ premium_until: Date }>(`SELECT premium_until FROM users WHERE id = $1`, [
      referrer.user.id,
    ])
    t.ok(rewarded[0]!.premium_until, 'the referrer got premium days')
    await buyAndPay('ref-second-01')
    t.equal(await count(`referral_rewards WHERE referee_id = $1`, [referee.user.id]), 1, 'once')
    t.same(await db.query(`SELECT premium_until FROM users WHERE id = $1`, [referrer.user.id]), rewarded, 'not again')
  })

  await t.test('a payer merged into another account meanwhile: the survivor gets what was bought', async (t) => {
    const gone = await telegramSession(app, 6701)
    const survivor = await telegramSession(app, 6702)
    const { payment_id } = (
      await post('/subscription/purchase', gone.token, 'merged-key-01', { plan_key: 'yearly' })
    ).json().data
    const before = (
      await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [survivor.user.id])
    )[0]!
    // what a merge leaves (docs/decisions/018): the old row points to the survivor; the old session still reads
    await db.query(`UPDATE users SET merged_into = $2 WHERE id = $1`, [gone.user.id, survivor.user.id])
    t.equal((await confirm(payment_id, gone.token)).statusCode, 200)
    const after = (
      await db.query<{ ai_credits: number; premium_until: Date | null }>(
        `SELECT ai_credits, premium_until FROM users WHERE id = $1`,
        [survivor.user.id],
      )
    )[0]!
    t.equal(after.ai_credits, before.ai_credits + 1000)
    t.ok(after.premium_until && new Date(after.premium_until).getTime() > Date.now() + 364 * DAY_MS)
    t.equal(await count('subscriptions WHERE user_id = $1', [gone.user.id]), 0, 'nothing to the merged-away row')
  })

  await t.test('the sweep cancels checkouts left pending for 24 h and gives their coupon use back', async (t) => {
    const buyer = await telegramSession(app, 6801)
    await coupon('SWEEP1', 'percent_off, max_uses', `'percent', 10, 1`)
    const old = (
      await post('/subscription/purchase', buyer.token, 'sweep-key-001', { plan_key: 'monthly', coupon_code: 'SWEEP1' })
    ).json().data
    const fresh = (await post('/subscription/purchase', buyer.token, 'sweep-key-002', { plan_key: 'monthly' })).json()
      .data
    await db.query(`UPDATE payments SET created_at = now() - interval '25 hours' WHERE id = $1`, [old.payment_id])
    t.equal(await app.payments.sweep(), 1)
    t.equal(await app.payments.sweep(), 0, 'once')
    t.equal((await call('GET', `/payments/${old.payment_id}`, buyer.token)).json().data.status, 'cancelled')
    t.equal((await call('GET', `/payments/${fresh.payment_id}`, buyer.token)).json().data.status, 'pending')
    t.equal(await count(`coupon_redemptions WHERE code = 'SWEEP1'`, []), 0, 'the use is free again')
    t.equal((await confirm(old.payment_id, buyer.token)).statusCode, 409, 'too late to pay it')
  })
})
