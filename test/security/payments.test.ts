import Stripe from 'stripe'
import t from 'tap'
import * as stripeAdapter from '../../server/integrations/payments/stripe.ts'
import { apiCaller, buildTestApi, telegramSession } from '../helpers/build-api.ts'
import { startFakeStripeApi } from '../helpers/fake-stripe-api.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'

// Attacks on the payments ledger (docs/decisions/019-payments-ledger.md): webhook events that are
// signed but not the payment's, a signature from the future, a hanging Stripe, one contact paid
// five times, and a boost paid for a listing that is no longer active.

const SECRET = 'whsec_khaneh_security'
const now = () => Math.floor(Date.now() / 1000)

t.test('payments against Stripe (a fake on loopback)', async (t) => {
  const fake = await startFakeStripeApi()
  t.teardown(() => fake.close())
  const { app, db } = await buildTestApi(t, {
    publicBaseUrl: 'https://khaneh.example',
    paymentProvider: stripeAdapter.stripePaymentProvider({
      secretKey: 'sk_test_khaneh',
      webhookSecret: SECRET,
      apiBase: fake.url,
      timeoutMs: 300,
    }),
  })
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9101, 'Owner')
  const reader = await telegramSession(app, 9102, 'Reader')
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })

  const post = (url: string, token: string, key: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      ...(payload && { payload }),
    })
  let events = 0
  /** A checkout session event as Stripe sends it: paid, in EUR, for `amount` cents, unless `fields` says otherwise. */
  const event = (type: string, session: string, amount: number, fields: object = {}) =>
    JSON.stringify({
      id: `evt_sec_${++events}_${Date.now()}`,
      object: 'event',
      type,
      created: now(),
      data: {
        object: {
          id: session,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: amount,
          currency: 'eur',
          payment_intent: `pi_sec_${events}`,
          ...fields,
        },
      },
    })
  const sign = (payload: string, timestamp = now()) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp })
  const deliver = (payload: string, signature = sign(payload)) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    })
  const paymentOf = async (id: string) => (await call('GET', `/payments/${id}`, reader.token)).json().data
  const sessionOf = async (id: string) =>
    (await db.query<{ provider_ref: string }>(`SELECT provider_ref FROM payments WHERE id = $1`, [id]))[0]!.provider_ref
  const userRow = async (id: number) =>
    (
      await db.query<{ ai_credits: number; free_boosts: number; premium_until: Date | null }>(
        `SELECT ai_credits, free_boosts, premium_until FROM users WHERE id = $1`,
        [id],
      )
    )[0]!
  const recorded = async (eventPayload: string) =>
    (
      await db.query<{ ignored: string | null }>(`SELECT ignored FROM payment_events WHERE event_id = $1`, [
        JSON.parse(eventPayload).id,
      ])
    )[0]
  const count = async (sql: string, params: unknown[]) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n

  await t.test('a signed completion of another session naming the payment (a Payment Link) is ignored', async (t) => {
    const { payment_id } = (
      await post('/subscription/purchase', reader.token, 'sec-link-0001', { plan_key: 'yearly' })
    ).json().data
    const before = await userRow(reader.user.id)
    const forged = event('checkout.session.completed', 'cs_live_other_product', 1, {
      currency: 'usd',
      client_reference_id: payment_id,
      metadata: { payment_id },
    })
    const res = await deliver(forged)
    t.equal(res.statusCode, 200, '200: Stripe is not asked to send it again')
    t.equal((await paymentOf(payment_id)).status, 'pending', 'the €39.99 payment is not paid by it')
    t.same(await userRow(reader.user.id), before, 'no premium, no credits, no boosts')
    t.same(await recorded(forged), { ignored: 'unknown_session' }, 'recorded with why it was ignored')
  })

  await t.test("the payment's own session with another amount, currency, mode or state is ignored", async (t) => {
    const { payment_id } = (
      await post('/subscription/purchase', reader.token, 'sec-amount-001', { plan_key: 'yearly' })
    ).json().data
    const session = await sessionOf(payment_id)
    const before = await userRow(reader.user.id)
    const cases: Array<[string, number, object]> = [
      ['amount_mismatch', 1, {}],
      ['currency_mismatch', 3999, { currency: 'usd' }],
      ['not_payment_mode', 3999, { mode: 'subscription' }],
      ['not_paid', 3999, { payment_status: 'unpaid' }],
    ]
    for (const [why, amount, fields] of cases) {
      const payload = event('checkout.session.completed', session, amount, {
        client_reference_id: payment_id,
        ...fields,
      })
      t.equal((await deliver(payload)).statusCode, 200, why)
      t.same(await recorded(payload), { ignored: why }, why)
    }
    t.equal((await paymentOf(payment_id)).status, 'pending')
    t.same(await userRow(reader.user.id), before, 'nothing granted')

    const own = event('checkout.session.completed', session, 3999, { client_reference_id: payment_id })
    t.equal((await deliver(own)).json().data.duplicate, false)
    t.same(await recorded(own), { ignored: null })
    t.equal((await paymentOf(payment_id)).status, 'paid', 'its own session, for its amount: paid')
    t.equal((await userRow(reader.user.id)).ai_credits, before.ai_credits + 1000, 'yearly: 1,000 credits, once')
    // Stripe's retry of the same event, signed again later: already applied
    const replay = await deliver(own, sign(own, now() + 60))
    t.same(replay.json().data, { received: true, duplicate: true })
    t.equal((await userRow(reader.user.id)).ai_credits, before.ai_credits + 1000)
  })

  await t.test('a signature timestamped 600 s in the future → 400 and nothing done', async (t) => {
    const { payment_id } = (
      await post('/subscription/purchase', reader.token, 'sec-future-01', { plan_key: 'monthly' })
    ).json().data
    const payload = event('checkout.session.completed', await sessionOf(payment_id), 499)
    const future = await deliver(payload, sign(payload, now() + 600))
    t.equal(future.statusCode, 400)
    t.equal(future.json().error.code, 'VALIDATION_ERROR')
    t.equal(await recorded(payload), undefined, 'not recorded')
    t.equal((await paymentOf(payment_id)).status, 'pending')
    t.equal((await deliver(payload, sign(payload, now() + 30))).statusCode, 200, 'a clock 30 s ahead is fine')
  })

  await t.test('a hanging Stripe: 503 with Retry-After before the gateway gives up; the key resumes', async (t) => {
    t.ok(
      stripeAdapter.STRIPE_TIMEOUT_MS <= 8_000,
      "production's budget is under the gateway's 10 s (server/gateway/upstream.ts)",
    )
    fake.mode = 'hang'
    const creates = fake.creates
    const started = Date.now()
    const hung = await post('/subscription/purchase', reader.token, 'sec-hang-0001', { plan_key: 'monthly' })
    const took = Date.now() - started
    t.equal(hung.statusCode, 503)
    t.equal(hung.json().error.code, 'SERVICE_UNAVAILABLE')
    t.equal(hung.headers['retry-after'], '5')
    t.ok(took < 1_000, `answered within the 300 ms budget, not after a retry (${took} ms)`)
    t.equal(fake.creates - creates, 1, 'one call to Stripe')
    const pending = await db.query<{ id: string; status: string; checkout_url: string | null }>(
      `SELECT id, status, checkout_url FROM payments WHERE user_id = $1 AND idempotency_key = 'sec-hang-0001'`,
      [reader.user.id],
    )
    t.match(pending, [{ status: 'pending', checkout_url: null }], 'pending, without a checkout')
    fake.mode = 'up'
    const resumed = await post('/subscription/purchase', reader.token, 'sec-hang-0001', { plan_key: 'monthly' })
    t.equal(resumed.statusCode, 200)
    t.equal(resumed.json().data.payment_id, pending[0]!.id, 'the same payment')
    t.match(resumed.json().data.checkout_url, /^https:\/\/checkout\.stripe\.test\//)
  })

  await t.test('five checkouts of one contact at once, each with its own key → one payment, one charge', async (t) => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(`/payments/listings/${listing.id}/contact`, reader.token, `sec-five-${i}-key`),
      ),
    )
    t.same(
      answers.map((a) => a.statusCode),
      Array(5).fill(200),
    )
    const ids = new Set(answers.map((a) => a.json().data.payment_id))
    t.equal(ids.size, 1, 'every answer is the one pending checkout')
    t.equal(new Set(answers.map((a) => a.json().data.checkout_url)).size, 1, 'one Stripe session')
    const [payment_id] = [...ids] as [string]
    t.equal(
      await count(`payments WHERE user_id = $1 AND listing_id = $2 AND kind = 'contact'`, [reader.user.id, listing.id]),
      1,
    )

    const later = await post(`/payments/listings/${listing.id}/contact`, reader.token, 'sec-five-later')
    t.equal(later.json().data.payment_id, payment_id, 'while it is pending, another key answers it too')
    await deliver(event('checkout.session.completed', await sessionOf(payment_id), 99))
    t.equal((await paymentOf(payment_id)).status, 'paid')
    t.equal(await count('contact_reveals WHERE user_id = $1 AND listing_id = $2', [reader.user.id, listing.id]), 1)

    const again = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(`/payments/listings/${listing.id}/contact`, reader.token, `sec-open-${i}-key`),
      ),
    )
    t.same(
      again.map((a) => [a.statusCode, a.json().error?.details?.reason]),
      Array(5).fill([409, 'already_open']),
      'open: nothing more to pay for',
    )
    t.equal(
      await count(`payments WHERE user_id = $1 AND listing_id = $2 AND kind = 'contact'`, [reader.user.id, listing.id]),
      1,
    )
  })

  await t.test(
    'a paid boost of a listing rented meanwhile: refunded at Stripe, not boosted, and said why',
    async (t) => {
      const rented = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
      const { payment_id } = (await post(`/payments/listings/${rented.id}/boost`, owner.token, 'sec-boost-0001')).json()
        .data
      const session = await sessionOf(payment_id)
      const marked = await call('PUT', `/users/listings/${rented.id}/status`, owner.token, { status: 'rented' })
      t.equal(marked.statusCode, 200)
      const paid = event('checkout.session.completed', session, 299, { payment_intent: 'pi_sec_rented' })

      fake.mode = 'down'
      t.equal((await deliver(paid)).statusCode, 503, 'the refund failed: Stripe will deliver again')
      t.equal(await recorded(paid), undefined, 'so the event is not recorded yet')
      fake.mode = 'up'

      const answers = await Promise.all(Array.from({ length: 3 }, () => deliver(paid)))
      t.same(
        answers.map((a) => a.statusCode),
        [200, 200, 200],
      )
      const payment = (await call('GET', `/payments/${payment_id}`, owner.token)).json().data
      t.match(payment, { status: 'refunded', refund_reason: 'listing_not_active', paid_at: null })
      const refunds = [...fake.refunds.values()].filter((r) => r.paymentIntent === 'pi_sec_rented')
      t.same(
        refunds.map((r) => [r.amount, r.idempotencyKey]),
        [[299, `khaneh-refund-${payment_id}`]],
        'one refund of €2.99',
      )
      const [row] = await db.query<{ boost_until: Date | null; status: string }>(
        `SELECT boost_until, status FROM listings WHERE id = $1`,
        [rented.id],
      )
      t.same(row, { boost_until: null, status: 'rented' }, 'not boosted')
      t.equal(await count('payment_events WHERE event_id = $1', [JSON.parse(paid).id]), 1)
    },
  )
})

t.test('payments in the sandbox: what can no longer be delivered is refunded, not granted', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9201, 'Owner')
  const reader = await telegramSession(app, 9202, 'Reader')
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    contact: '+49 30 1234567',
  })
  const checkout = async (kind: 'boost' | 'contact', token: string, key: string) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api/v1/payments/listings/${listing.id}/${kind}`,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      })
    ).json().data.payment_id as string

  await t.test(
    'five pending checkouts of one contact (made before the rule) confirmed at once → one charge',
    async (t) => {
      const first = await checkout('contact', reader.token, 'sandbox-contact-0')
      // what five keys made before a contact was one checkout: four more pending payments of it
      await db.query(
        `INSERT INTO payments (id, user_id, kind, listing_id, amount_minor, provider, idempotency_key, request_hash)
       SELECT gen_random_uuid(), user_id, kind, listing_id, amount_minor, provider, 'sandbox-contact-' || n, request_hash
         FROM payments, generate_series(1, 4) AS n WHERE id = $1`,
        [first],
      )
      const ids = (
        await db.query<{ id: string }>(`SELECT id FROM payments WHERE user_id = $1 AND kind = 'contact'`, [
          reader.user.id,
        ])
      ).map((r) => r.id)
      t.equal(ids.length, 5)
      const answers = await Promise.all(ids.map((id) => call('POST', `/payments/sandbox/${id}/confirm`, reader.token)))
      t.same(
        answers.map((a) => a.json().data.status).sort(),
        ['paid', 'refunded', 'refunded', 'refunded', 'refunded'],
        'one paid, four refunded',
      )
      t.ok(
        answers.every((a) => a.json().data.status === 'paid' || a.json().data.refund_reason === 'contact_already_open'),
        'each refund says why',
      )
      const reveals = await db.query(`SELECT 1 FROM contact_reveals WHERE user_id = $1 AND listing_id = $2`, [
        reader.user.id,
        listing.id,
      ])
      t.equal(reveals.length, 1)
    },
  )

  await t.test('a contact checkout paid after a free reveal opened it → refunded', async (t) => {
    const other = await telegramSession(app, 9203, 'Other')
    const payment = await checkout('contact', other.token, 'sandbox-contact-free')
    t.equal((await call('POST', `/listings/${listing.id}/contact`, other.token)).statusCode, 200, 'a free reveal')
    const confirmed = await call('POST', `/payments/sandbox/${payment}/confirm`, other.token)
    t.match(confirmed.json().data, { status: 'refunded', refund_reason: 'contact_already_open', paid_at: null })
  })

  await t.test('a boost confirmed after the listing was rented → refunded, not boosted', async (t) => {
    const payment_id = await checkout('boost', owner.token, 'sandbox-boost-01')
    const marked = await call('PUT', `/users/listings/${listing.id}/status`, owner.token, { status: 'rented' })
    t.equal(marked.statusCode, 200)
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call('POST', `/payments/sandbox/${payment_id}/confirm`, owner.token)),
    )
    for (const answer of answers) {
      t.equal(answer.statusCode, 200)
      t.match(answer.json().data, { status: 'refunded', refund_reason: 'listing_not_active', paid_at: null })
    }
    const [row] = await db.query<{ boost_until: Date | null }>(`SELECT boost_until FROM listings WHERE id = $1`, [
      listing.id,
    ])
    t.equal(row!.boost_until, null, 'not boosted')
    const cancel = await call('POST', `/payments/sandbox/${payment_id}/cancel`, owner.token)
    t.equal(cancel.statusCode, 409, 'refunded stays refunded')
  })
})
