import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'

// The admins' coupon page reads GET /admin/coupons and switches coupons off with PUT /admin/coupons/{code}.

interface Listed {
  code: string
  state: string
  used_count: number
  max_uses: number | null
  is_active: boolean
}

/** Makes `created_at` an hour apart per coupon, in the given order (oldest first), so "newest first" is known. */
async function age(db: Db, codes: string[]) {
  for (const [i, code] of codes.entries())
    await db.query(`UPDATE coupons SET created_at = now() - make_interval(hours => $2) WHERE code = $1`, [
      code,
      codes.length - i,
    ])
}

t.test('GET /admin/coupons: a page, newest first, with use counts and states; admins only', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const user = await telegramSession(app, 9801)
  const create = async (body: object) => {
    const res = await call('POST', '/admin/coupons', admin.token, body)
    t.equal(res.statusCode, 201, `created ${JSON.stringify(body)}`)
  }
  const codes = Array.from({ length: 22 }, (_, i) => `BULK-${String(i).padStart(2, '0')}`)
  for (const code of codes) await create({ code, kind: 'percent', percent_off: 5 })
  await create({ code: 'OFF', kind: 'grant', grant: { ai_credits: 1 } })
  await create({ code: 'OLD', kind: 'fixed', amount_off_eur: 1, expires_at: '2020-01-01T00:00:00Z' })
  await create({ code: 'ONCE', kind: 'grant', grant: { free_boosts: 1 }, max_uses: 1 })
  await create({ code: 'OPEN', kind: 'grant', grant: { premium_days: 3 }, max_uses: 5 })
  await age(db, [...codes, 'OFF', 'OLD', 'ONCE', 'OPEN'])
  t.equal((await call('PUT', '/admin/coupons/OFF', admin.token, { is_active: false })).statusCode, 200)
  t.equal((await call('POST', '/coupons/redeem', user.token, { coupon_code: 'ONCE' })).statusCode, 200)
  t.equal((await call('POST', '/coupons/redeem', user.token, { coupon_code: 'OPEN' })).statusCode, 200)

  const first = await call('GET', '/admin/coupons', admin.token)
  t.equal(first.statusCode, 200)
  const page1 = first.json().data as { items: Listed[]; pagination: object }
  t.same(page1.pagination, {
    current_page: 1,
    total_pages: 2,
    total_items: 26,
    items_per_page: 20,
    has_next: true,
    has_prev: false,
  })
  t.same(
    page1.items.slice(0, 5).map((c) => [c.code, c.state, c.used_count, c.max_uses, c.is_active]),
    [
      ['OPEN', 'active', 1, 5, true],
      ['ONCE', 'used_up', 1, 1, true],
      ['OLD', 'expired', 0, null, true],
      ['OFF', 'disabled', 0, null, false],
      ['BULK-21', 'active', 0, null, true],
    ],
    'newest first, each with its state and use count',
  )
  const page2 = (await call('GET', '/admin/coupons?page=2', admin.token)).json().data
  t.same(
    page2.items.map((c: Listed) => c.code),
    ['BULK-05', 'BULK-04', 'BULK-03', 'BULK-02', 'BULK-01', 'BULK-00'],
  )
  t.match(page2.pagination, { current_page: 2, has_next: false, has_prev: true })
  const small = (await call('GET', '/admin/coupons?limit=3&page=3', admin.token)).json().data
  t.same(
    small.items.map((c: Listed) => c.code),
    ['BULK-19', 'BULK-18', 'BULK-17'],
  )
  t.equal((await call('GET', '/admin/coupons?limit=500', admin.token)).json().data.pagination.items_per_page, 100)

  const bad = await call('GET', '/admin/coupons?page=first', admin.token)
  t.equal(bad.statusCode, 400)
  t.equal(bad.json().error.code, 'VALIDATION_ERROR')
  t.ok(
    bad.json().error.details.some((d: { path: string }) => d.path === 'querystring.page'),
    'a field error on page',
  )

  const forbidden = await call('GET', '/admin/coupons', user.token)
  t.equal(forbidden.statusCode, 403)
  t.equal(forbidden.json().error.code, 'FORBIDDEN')
  t.equal((await call('GET', '/admin/coupons', null)).statusCode, 401)
})

t.test('a switched-off coupon is refused with the usual code, at redemption and at purchase', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const user = await telegramSession(app, 9802)
  const stranger = await telegramSession(app, 9803)
  await call('POST', '/admin/coupons', admin.token, { code: 'GIFT', kind: 'grant', grant: { ai_credits: 4 } })
  await call('POST', '/admin/coupons', admin.token, { code: 'SALE', kind: 'percent', percent_off: 30 })

  const notAdmin = await call('PUT', '/admin/coupons/GIFT', stranger.token, { is_active: false })
  t.equal(notAdmin.statusCode, 403, 'a user cannot switch a coupon off')
  for (const code of ['gift', 'SALE']) {
    const off = await call('PUT', `/admin/coupons/${code}`, admin.token, { is_active: false })
    t.equal(off.statusCode, 200)
    t.match(off.json().data, { code: code.toUpperCase(), is_active: false, state: 'disabled' })
  }
  const missing = await call('PUT', '/admin/coupons/GIFT', admin.token, {})
  t.equal(missing.statusCode, 400)
  t.ok(missing.json().error.details.some((d: { path: string }) => d.path === 'body.is_active'))

  const redeemed = await call('POST', '/coupons/redeem', user.token, { coupon_code: 'GIFT' })
  t.equal(redeemed.statusCode, 409)
  t.match(redeemed.json().error, { code: 'CONFLICT', details: { reason: 'inactive' } })
  const bought = await app.inject({
    method: 'POST',
    url: '/api/v1/subscription/purchase',
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'disabled-sale-01' },
    payload: { plan_key: 'monthly', coupon_code: 'SALE' },
  })
  t.equal(bought.statusCode, 409)
  t.match(bought.json().error, { code: 'CONFLICT', details: { reason: 'inactive' } })
  const [row] = await db.query<{ ai_credits: number; uses: number; payments: number }>(
    `SELECT u.ai_credits, (SELECT count(*)::int FROM coupon_redemptions) AS uses,
            (SELECT count(*)::int FROM payments WHERE user_id = u.id) AS payments
       FROM users u WHERE u.id = $1`,
    [user.user.id],
  )
  t.same(row, { ai_credits: 3, uses: 0, payments: 0 }, 'nothing granted, held or charged')

  t.match((await call('PUT', '/admin/coupons/GIFT', admin.token, { is_active: true })).json().data, {
    state: 'active',
  })
  t.equal((await call('POST', '/coupons/redeem', user.token, { coupon_code: 'GIFT' })).statusCode, 200, 'on again')
})
