import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'

const DAY_MS = 86_400_000

t.test('subscription plans', async (t) => {
  const { app } = await buildTestApi(t)
  const call = apiCaller(app)

  await t.test('three plans in every language, quarterly popular, prices in EUR cents made decimal', async (t) => {
    for (const language of ['fa', 'en', 'tr', 'es', 'de', 'it']) {
      const res = await call('GET', `/subscription-plans?language=${language}`)
      t.equal(res.statusCode, 200, language)
      const { plans } = res.json().data
      t.same(
        plans.map((p: { key: string }) => p.key),
        ['monthly', 'quarterly', 'yearly'],
      )
      t.same(
        plans.map((p: { price_eur: number }) => p.price_eur),
        [4.99, 11.99, 39.99],
      )
      t.same(
        plans.map((p: { is_popular: boolean }) => p.is_popular),
        [false, true, false],
      )
      for (const plan of plans) {
        t.ok(plan.name.length > 0 && plan.description.length > 0, `${language} ${plan.key} named`)
        t.same(plan.features, { contact_access: true, alerts: true, ai_analysis: true })
      }
    }
  })

  await t.test('fa shows IRR at 60 000 per euro in Persian digits; others show euros', async (t) => {
    const fa = (await call('GET', '/subscription-plans?language=fa')).json().data.plans
    t.equal(fa[0].price_display, '۲۹۹٬۴۰۰ ریال', '4.99 × 60 000 = 299 400')
    t.equal(fa[1].price_display, '۷۱۹٬۴۰۰ ریال')
    t.equal(fa[2].price_display, '۲٬۳۹۹٬۴۰۰ ریال')
    t.equal(fa[0].name, 'اشتراک ماهانه')
    const en = (await call('GET', '/subscription-plans?language=en')).json().data.plans
    t.equal(en[0].price_display, '€4.99')
    t.equal(en[2].price_display, '€39.99')
    const de = (await call('GET', '/subscription-plans?language=de')).json().data.plans
    t.match(de[1].price_display, /11,99\s€/)
    t.equal(
      (await call('GET', '/subscription-plans')).json().data.plans[0].price_display,
      fa[0].price_display,
      'fa by default',
    )
    t.equal((await call('GET', '/subscription-plans?language=xx')).statusCode, 400)
  })
})

t.test('subscription status', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const me = await telegramSession(app, 6101)

  t.equal((await call('GET', '/subscription/status')).statusCode, 401)

  await t.test('a free user', async (t) => {
    const status = (await call('GET', '/subscription/status', me.token)).json().data
    t.match(status, {
      is_premium: false,
      premium_until: null,
      current_plan: null,
      free_boosts: 0,
      daily_reveals: { limit: 3, used: 0 },
      max_alerts: 1,
      subscription_history: [],
    })
    const tomorrow = new Date()
    tomorrow.setUTCHours(24, 0, 0, 0)
    t.equal(status.daily_reveals.resets_at, tomorrow.toISOString(), 'resets at the next UTC midnight')
  })

  await t.test('premium, and premium that ended: read against the clock', async (t) => {
    const ends = new Date(Date.now() + 10 * DAY_MS)
    await db.query(`UPDATE users SET premium_until = $2 WHERE id = $1`, [me.user.id, ends])
    await db.query(
      `INSERT INTO subscriptions (user_id, plan_key, source, starts_at, ends_at) VALUES ($1, 'monthly', 'payment', now() - interval '20 days', $2)`,
      [me.user.id, ends],
    )
    const premium = (await call('GET', '/subscription/status', me.token)).json().data
    t.match(premium, {
      is_premium: true,
      premium_until: ends.toISOString(),
      current_plan: 'monthly',
      daily_reveals: { limit: 30 },
      max_alerts: 10,
      subscription_history: [{ plan: 'monthly', source: 'payment', status: 'active', end_date: ends.toISOString() }],
    })

    // the period ended a second ago: no job ran, the status says so anyway
    await db.query(`UPDATE users SET premium_until = now() - interval '1 second' WHERE id = $1`, [me.user.id])
    await db.query(`UPDATE subscriptions SET ends_at = now() - interval '1 second' WHERE user_id = $1`, [me.user.id])
    const ended = (await call('GET', '/subscription/status', me.token)).json().data
    t.match(ended, {
      is_premium: false,
      current_plan: null,
      daily_reveals: { limit: 3 },
      max_alerts: 1,
      subscription_history: [{ plan: 'monthly', status: 'expired' }],
    })
  })

  await t.test("today's free reveals are counted, paid and yesterday's are not", async (t) => {
    const [owner] = await db.query<{ id: number }>(
      `INSERT INTO users (first_name, auth_method, referral_code) VALUES ('O', 'seed', 'ROWNER1') RETURNING id`,
    )
    await db.query(
      `INSERT INTO countries (code, flag, currency, names) VALUES ('DE', 'x', 'EUR', '{}') ON CONFLICT DO NOTHING`,
    )
    const [city] = await db.query<{ id: number }>(
      `INSERT INTO cities (country_code, key, names, search_text) VALUES ('DE', 'bonn', '{}', 'bonn') RETURNING id`,
    )
    const ids: number[] = []
    for (let i = 0; i < 4; i++) {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO listings (slug, owner_id, type, country_code, city_id, description, status)
         VALUES ($1, $2, 'apartment', 'DE', $3, 'A bright flat near the park for a year.', 'active') RETURNING id`,
        [`s-${i}-${Date.now()}`, owner!.id, city!.id],
      )
      ids.push(row!.id)
    }
    await db.query(
      `INSERT INTO contact_reveals (user_id, listing_id, via) VALUES ($1, $2, 'daily'), ($1, $3, 'daily')`,
      [me.user.id, ids[0], ids[1]],
    )
    await db.query(`INSERT INTO contact_reveals (user_id, listing_id, via) VALUES ($1, $2, 'payment')`, [
      me.user.id,
      ids[2],
    ])
    await db.query(
      `INSERT INTO contact_reveals (user_id, listing_id, via, created_at) VALUES ($1, $2, 'daily', now() - interval '2 days')`,
      [me.user.id, ids[3]],
    )
    const status = (await call('GET', '/subscription/status', me.token)).json().data
    t.equal(status.daily_reveals.used, 2)
  })
})
