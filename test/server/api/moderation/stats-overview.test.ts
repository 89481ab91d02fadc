import { randomUUID } from 'node:crypto'
import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import type { Db } from '../../../../server/api/db/client.ts'

const DAY_MS = 86_400_000
/** The UTC day `n` days ago, as the overview names it. */
const day = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10)
/** Noon (UTC) `n` days ago; today, now. */
const at = (n: number) => (n === 0 ? new Date() : new Date(`${day(n)}T12:00:00Z`))

async function payment(db: Db, userId: number, kind: string, amount: number, status: string, paidDaysAgo: number) {
  const id = randomUUID()
  await db.query(
    `INSERT INTO payments (id, user_id, kind, plan_key, amount_minor, status, provider, idempotency_key, request_hash, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'sandbox', $8, 'h', $7)`,
    [id, userId, kind, kind === 'subscription' ? 'monthly' : null, amount, status, at(paidDaysAgo), id],
  )
}

async function charge(db: Db, userId: number, reason: string, daysAgo: number): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO ai_credit_ledger (user_id, delta, reason, created_at) VALUES ($1, -1, $2, $3) RETURNING id::text AS id`,
    [userId, reason, at(daysAgo)],
  )
  return row!.id
}

async function outbox(db: Db, userId: number, channel: string, state: 'sent' | 'parked' | 'due', daysAgo: number) {
  await db.query(
    `INSERT INTO notification_outbox (user_id, channel, payload, sent_at, parked_at) VALUES ($1, $2, '{}', $3, $4)`,
    [userId, channel, state === 'sent' ? at(daysAgo) : null, state === 'parked' ? at(daysAgo) : null],
  )
}

t.test('the stats overview: 403 for a user; for an admin exact counts and 30 days of series', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const user = await telegramSession(app, 9701)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'IT', { en: 'Italy' })
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const rome = await makeCity(db, 'IT', 'rome', { en: 'Rome' })

  const forbidden = await call('GET', '/admin/stats/overview', user.token)
  t.equal(forbidden.statusCode, 403)
  t.equal(forbidden.json().error.code, 'FORBIDDEN')
  t.equal((await call('GET', '/admin/stats/overview', null)).statusCode, 401)

  // users: the two signed in today, one 3 days ago, one 40 days ago (before the period), one deleted
  const threeDays = await makeUser(db)
  await db.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [threeDays.id, at(3)])
  const old = await makeUser(db)
  await db.query(`UPDATE users SET created_at = now() - interval '40 days' WHERE id = $1`, [old.id])
  const deleted = await makeUser(db)
  await db.query(`UPDATE users SET created_at = $2, deleted_at = now() WHERE id = $1`, [deleted.id, at(3)])

  // listings: active in DE ×2 and IT ×1, one pending, one rejected
  const listing = (cityId: number, countryCode: string, status: string, createdAt?: Date) =>
    makeListing(db, { ownerId: user.user.id, cityId, countryCode, status, createdAt })
  const reported = await listing(berlin.id, 'DE', 'active')
  await listing(berlin.id, 'DE', 'active', new Date(Date.now() - 10 * DAY_MS))
  await listing(rome.id, 'IT', 'active')
  await listing(berlin.id, 'DE', 'pending')
  await listing(rome.id, 'IT', 'rejected')
  await db.query(
    `INSERT INTO listing_reports (listing_id, reporter_id, reason, status) VALUES ($1, $2, 'spam', 'open'), ($1, $3, 'scam', 'dismissed')`,
    [reported.id, admin.user.id, threeDays.id],
  )

  // revenue: only paid payments, by the day they were paid
  await payment(db, user.user.id, 'subscription', 499, 'paid', 2)
  await payment(db, user.user.id, 'subscription', 1299, 'paid', 2)
  await payment(db, user.user.id, 'contact', 199, 'paid', 2)
  await payment(db, user.user.id, 'boost', 299, 'paid', 0)
  await payment(db, user.user.id, 'boost', 299, 'refunded', 2)
  await payment(db, user.user.id, 'contact', 199, 'pending', 0)
  await payment(db, user.user.id, 'contact', 199, 'paid', 45)

  // AI calls: three yesterday (one given back), one today, one before the period
  const failed = await charge(db, user.user.id, 'search', 1)
  await charge(db, user.user.id, 'search', 1)
  await charge(db, user.user.id, 'analyze', 1)
  await charge(db, user.user.id, 'compare', 0)
  await charge(db, user.user.id, 'search', 31)
  await db.query(
    `INSERT INTO ai_credit_ledger (user_id, delta, reason, refund_of, created_at) VALUES ($1, 1, 'refund', $2, $3)`,
    [user.user.id, failed, at(1)],
  )

  // alerts: sent yesterday by Telegram and e-mail, today by Web Push; one still due, one parked today
  await outbox(db, user.user.id, 'telegram', 'sent', 1)
  await outbox(db, user.user.id, 'email', 'sent', 1)
  await outbox(db, user.user.id, 'web_push', 'sent', 0)
  await outbox(db, user.user.id, 'telegram', 'due', 0)
  await outbox(db, user.user.id, 'fcm', 'parked', 0)

  const res = await call('GET', '/admin/stats/overview', admin.token)
  t.equal(res.statusCode, 200, res.body)
  const data = res.json().data

  const days = Array.from({ length: 30 }, (_, i) => day(29 - i))
  const signups: Record<string, number> = { [day(3)]: 1, [day(0)]: 2 }
  let users = 1 // the account from 40 days ago
  const usersByDay = days.map((d) => {
    users += signups[d] ?? 0
    return { day: d, signups: signups[d] ?? 0, users }
  })
  const zeroAi = { search: 0, analyze: 0, compare: 0, refunded: 0 }
  const ai: Record<string, typeof zeroAi> = {
    [day(1)]: { search: 2, analyze: 1, compare: 0, refunded: 1 },
    [day(0)]: { ...zeroAi, compare: 1 },
  }
  const zeroSent = { telegram: 0, web_push: 0, fcm: 0, email: 0 }
  const sent: Record<string, typeof zeroSent> = {
    [day(1)]: { ...zeroSent, telegram: 1, email: 1 },
    [day(0)]: { ...zeroSent, web_push: 1 },
  }

  t.same(data, {
    listings_total: 5,
    listings_by_status: { pending: 1, active: 3, rented: 0, expired: 0, rejected: 1, removed: 0 },
    listings_new_7d: 4,
    pending_listings: 1,
    open_reports: 1,
    users_total: 4,
    users_new_7d: 3,
    period: { from: day(29), to: day(0) },
    users_by_day: usersByDay,
    active_listings_by_country: [
      { country_code: 'DE', n: 2 },
      { country_code: 'IT', n: 1 },
    ],
    revenue_by_day: [
      { day: day(2), product: 'contact', currency: 'EUR', amount_minor: 199, payments: 1 },
      { day: day(2), product: 'subscription', currency: 'EUR', amount_minor: 1798, payments: 2 },
      { day: day(0), product: 'boost', currency: 'EUR', amount_minor: 299, payments: 1 },
    ],
    ai_calls_by_day: days.map((d) => ({ day: d, ...(ai[d] ?? zeroAi) })),
    alerts_delivered_by_day: days.map((d) => ({ day: d, ...(sent[d] ?? zeroSent) })),
    alerts_parked: 1,
  })
  t.equal(usersByDay.at(-1)!.users, data.users_total, 'the last day ends with everyone')
})
