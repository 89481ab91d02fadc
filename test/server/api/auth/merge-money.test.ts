import { randomUUID } from 'node:crypto'
import t from 'tap'
import { contactRevealsRepo } from '../../../../server/api/contact-reveals/contact-reveals.repo.ts'
import type { Db } from '../../../../server/api/db/client.ts'
import { premiumRepo } from '../../../../server/api/premium/premium.repo.ts'
import { referralRewardsRepo } from '../../../../server/api/referrals/rewards.repo.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { apiCaller, buildTestApi, TEST_BOT_TOKEN, telegramSession } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

// Merging two accounts (docs/decisions/018-account-linking-and-merging.md) through the real
// routes: the money of the merged account follows it into the surviving one.

async function insertPayment(db: Db, userId: number, key: string, fields: { status: string; listingId?: number }) {
  const id = randomUUID()
  await db.query(
    `INSERT INTO payments (id, user_id, kind, plan_key, listing_id, amount_minor, status, provider, idempotency_key, request_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'sandbox', $8, 'h')`,
    [
      id,
      userId,
      fields.listingId ? 'contact' : 'subscription',
      fields.listingId ? null : 'monthly',
      fields.listingId ?? null,
      fields.listingId ? 99 : 499,
      fields.status,
      key,
    ],
  )
  return id
}

t.test('merging accounts moves their money', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const admin = await telegramSession(app, 777, 'Admin')
  const owner = await telegramSession(app, 6100, 'Owner')
  const listing = (n: number) =>
    makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', slug: `l-${n}-${randomUUID()}` })

  const emailUser = async (email: string, firstName: string) => {
    const identity = await verifiedIdentity(app, dataDir, email)
    return (
      await call('POST', '/auth/create-user', null, { firebase_token: identity.id_token, first_name: firstName })
    ).json().data as { token: string; user: { id: number; referral_code: string } }
  }
  /** The merge of the Telegram account `telegramId` into the signed-in e-mail account, as the account page does it. */
  const mergeTelegramInto = async (token: string, telegramId: number) => {
    const nonce = (await call('POST', '/users/link-nonce', token)).json().data.nonce
    const widget = signTelegramLogin(
      { id: telegramId, first_name: `T${telegramId}`, auth_date: Math.floor(Date.now() / 1000) - 3 },
      TEST_BOT_TOKEN,
    )
    const conflict = await call('POST', '/users/link-account', token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget),
      nonce,
    })
    t.equal(conflict.statusCode, 409, 'the link asks for a merge')
    return call('POST', '/users/merge-accounts', token, {
      source_auth: { auth_method: 'telegram', merge_token: conflict.json().error.details.merge_token },
      target_auth: { auth_method: 'email' },
      confirm_merge: true,
    })
  }
  const coupon = (code: string) =>
    call('POST', '/admin/coupons', admin.token, { code, kind: 'grant', grant: { ai_credits: 1 } })
  const redeem = (token: string, code: string) => call('POST', '/coupons/redeem', token, { coupon_code: code })
  const refer = (token: string, code: string) => call('POST', '/referrals/signup', token, { referrer_code: code })

  await t.test(
    'payments, premium periods, opened contacts, coupon uses, credits and referrals come over',
    async (t) => {
      const keeper = await emailUser('keeper@example.com', 'Keeper')
      const old = await telegramSession(app, 6110, 'Old')
      const brought = await telegramSession(app, 6111, 'Brought')
      const oldsReferrer = await telegramSession(app, 6112, 'Xerxes')

      // the old account: referred by Xerxes, referred Brought (who then paid), a paid plan, a pending contact payment
      t.equal((await refer(old.token, oldsReferrer.user.referral_code as string)).statusCode, 200)
      t.equal((await refer(brought.token, old.user.referral_code as string)).statusCode, 200)
      t.ok(await db.transaction((tx) => referralRewardsRepo(tx).rewardFirstPayment(brought.user.id)))
      const [both, onlyOld] = [await listing(1), await listing(2)]
      const plan = await insertPayment(db, old.user.id, 'plan-key', { status: 'paid' })
      const oldShared = await insertPayment(db, old.user.id, 'same-key', { status: 'pending', listingId: onlyOld.id })
      const keeperShared = await insertPayment(db, keeper.user.id, 'same-key', { status: 'paid', listingId: both.id })
      await premiumRepo(db).grantDays(old.user.id, 30, { planKey: 'monthly', source: 'payment', paymentId: plan })
      await premiumRepo(db).grantDays(keeper.user.id, 10, { planKey: 'coupon', source: 'coupon' })
      await contactRevealsRepo(db).open(old.user.id, both.id, 'daily')
      await contactRevealsRepo(db).open(old.user.id, onlyOld.id, 'payment', plan)
      await contactRevealsRepo(db).open(keeper.user.id, both.id, 'payment', keeperShared)
      await coupon('BOTH-USED')
      await coupon('OLD-USED')
      for (const [token, code] of [
        [old.token, 'BOTH-USED'],
        [keeper.token, 'BOTH-USED'],
        [old.token, 'OLD-USED'],
      ] as const)
        t.equal((await redeem(token, code)).statusCode, 200)
      await db.query(`UPDATE users SET ai_credits = 40, free_boosts = 2 WHERE id = $1`, [old.user.id])
      const premiumUntil = async (id: number) => {
        const [row] = await db.query<{ premium_until: Date }>(`SELECT premium_until FROM users WHERE id = $1`, [id])
        return new Date(row!.premium_until).getTime()
      }
      const [oldUntil, keeperUntil] = [await premiumUntil(old.user.id), await premiumUntil(keeper.user.id)]

      const merged = await mergeTelegramInto(keeper.token, 6110)
      t.equal(merged.statusCode, 200)
      const { user, merged: summary } = merged.json().data
      t.match(summary, { ai_credits: 40, free_boosts: 2, premium_days: 7 + 30 })
      t.match(user, { id: keeper.user.id, ai_credits: 3 + 1 + 40, free_boosts: 2, is_premium: true })
      const gained = new Date(user.premium_until).getTime() - keeperUntil
      t.ok(
        Math.abs(gained - (oldUntil - Date.now())) < 5_000,
        `premium paid for on both adds up: the merged account's remaining ${(gained / 86_400_000).toFixed(2)} days after the keeper's`,
      )

      const payments = await db.query<{ id: string; user_id: number; idempotency_key: string }>(
        `SELECT id, user_id, idempotency_key FROM payments ORDER BY created_at, id`,
      )
      t.same(
        Object.fromEntries(payments.map((p) => [p.id, [p.user_id, p.idempotency_key]])),
        {
          [plan]: [keeper.user.id, 'plan-key'],
          [oldShared]: [keeper.user.id, `merged-${old.user.id}:same-key`],
          [keeperShared]: [keeper.user.id, 'same-key'],
        },
        'every payment is the keeper’s; a key both used is kept apart',
      )
      const periods = await db.query<{ user_id: number; plan_key: string }>(
        `SELECT user_id, plan_key FROM subscriptions ORDER BY plan_key`,
      )
      t.same(
        periods,
        [
          { user_id: keeper.user.id, plan_key: 'coupon' },
          { user_id: keeper.user.id, plan_key: 'monthly' },
          { user_id: keeper.user.id, plan_key: 'referral' },
        ],
        'the premium periods (the status history) moved',
      )
      const reveals = await db.query<{ user_id: number; listing_id: number; via: string }>(
        `SELECT user_id, listing_id, via FROM contact_reveals ORDER BY listing_id`,
      )
      t.same(
        reveals,
        [
          { user_id: keeper.user.id, listing_id: both.id, via: 'payment' },
          { user_id: keeper.user.id, listing_id: onlyOld.id, via: 'payment' },
        ],
        'opened contacts stay open, one row per listing',
      )
      const redemptions = await db.query<{ code: string; user_id: number }>(
        `SELECT code, user_id FROM coupon_redemptions ORDER BY code`,
      )
      t.same(
        redemptions,
        [
          { code: 'BOTH-USED', user_id: keeper.user.id },
          { code: 'OLD-USED', user_id: keeper.user.id },
        ],
        'one use per code',
      )
      t.match((await redeem(keeper.token, 'OLD-USED')).json().error.details, { reason: 'already_used' })
      t.equal((await call('GET', '/coupons/history', keeper.token)).json().data.items.length, 2)

      const [keeperRow, broughtRow, oldRow] = await Promise.all(
        [keeper.user.id, brought.user.id, old.user.id].map(
          async (id) =>
            (
              await db.query<{ referred_by: number | null; referred: boolean; merged_into: number | null }>(
                `SELECT referred_by, referred_at IS NOT NULL AS referred, merged_into FROM users WHERE id = $1`,
                [id],
              )
            )[0]!,
        ),
      )
      t.same(
        keeperRow,
        { referred_by: oldsReferrer.user.id, referred: true, merged_into: null },
        'the keeper takes the old referrer',
      )
      t.same(
        broughtRow,
        { referred_by: keeper.user.id, referred: true, merged_into: null },
        'and the old account’s referee',
      )
      t.same(oldRow, { referred_by: null, referred: true, merged_into: keeper.user.id })
      t.match((await call('GET', '/referrals/stats', keeper.token)).json().data, {
        signups: 1,
        paid_conversions: 1,
        rewards: { ai_credits: 3, premium_days: 7 },
      })
      t.match((await call('GET', '/referrals/stats', oldsReferrer.token)).json().data, { signups: 1 })
      const rewards = await db.query<{ referee_id: number; kind: string; referrer_id: number }>(
        `SELECT referee_id, kind, referrer_id FROM referral_rewards ORDER BY referee_id, kind`,
      )
      t.same(
        rewards,
        [
          { referee_id: keeper.user.id, kind: 'signup', referrer_id: oldsReferrer.user.id },
          { referee_id: brought.user.id, kind: 'first_payment', referrer_id: keeper.user.id },
          { referee_id: brought.user.id, kind: 'signup', referrer_id: keeper.user.id },
        ].sort((a, b) => a.referee_id - b.referee_id || a.kind.localeCompare(b.kind)),
      )
      const second = await refer(keeper.token, brought.user.referral_code as string)
      t.match(second.json().error.details, { reason: 'already_referred' }, 'the keeper was referred once, for good')
      t.equal(
        (await db.query(`SELECT 1 FROM payments WHERE user_id = $1`, [old.user.id])).length +
          (await db.query(`SELECT 1 FROM subscriptions WHERE user_id = $1`, [old.user.id])).length +
          (await db.query(`SELECT 1 FROM contact_reveals WHERE user_id = $1`, [old.user.id])).length +
          (await db.query(`SELECT 1 FROM coupon_redemptions WHERE user_id = $1`, [old.user.id])).length +
          (await db.query(`SELECT 1 FROM referral_rewards WHERE $1 IN (referee_id, referrer_id)`, [old.user.id]))
            .length,
        0,
        'nothing of the money is left on the merged account',
      )
    },
  )

  await t.test(
    'a merge that would close a chain of referrals on itself cuts the survivor’s link instead',
    async (t) => {
      // the survivor was brought by Cyrus, whom the merged-away account had brought: after the merge,
      // Cyrus's referrer is the survivor, who must not stay referred by Cyrus
      const survivor = await emailUser('survivor@example.com', 'Survivor')
      const merged = await telegramSession(app, 6130, 'Merged')
      const cyrus = await telegramSession(app, 6131, 'Cyrus')
      t.equal((await refer(cyrus.token, merged.user.referral_code as string)).statusCode, 200)
      t.equal((await refer(survivor.token, cyrus.user.referral_code as string)).statusCode, 200)
      t.equal((await mergeTelegramInto(survivor.token, 6130)).statusCode, 200)
      const referrerOf = async (id: number) =>
        (await db.query<{ referred_by: number | null }>(`SELECT referred_by FROM users WHERE id = $1`, [id]))[0]!
          .referred_by
      t.equal(await referrerOf(cyrus.user.id), survivor.user.id, "the merged account's referee is the survivor's")
      t.equal(await referrerOf(survivor.user.id), null, 'and the link that closed the chain is gone')
    },
  )

  await t.test('a referral between the two accounts was self-referral: dropped, and earns nothing later', async (t) => {
    const keeper = await emailUser('second-keeper@example.com', 'Keeper')
    const old = await telegramSession(app, 6120, 'Old')
    t.equal((await refer(keeper.token, old.user.referral_code as string)).statusCode, 200)
    const merged = await mergeTelegramInto(keeper.token, 6120)
    t.equal(merged.statusCode, 200)
    t.equal(merged.json().data.user.ai_credits, 6 + 6, 'the credits both got stay (they were given)')
    const [row] = await db.query<{ referred_by: number | null; referred: boolean }>(
      `SELECT referred_by, referred_at IS NOT NULL AS referred FROM users WHERE id = $1`,
      [keeper.user.id],
    )
    t.same(row, { referred_by: null, referred: true }, 'no longer referred by itself, but referred once for good')
    t.equal(
      (await db.query(`SELECT 1 FROM referral_rewards WHERE $1 IN (referee_id, referrer_id)`, [keeper.user.id])).length,
      0,
    )
    t.notOk(
      await db.transaction((tx) => referralRewardsRepo(tx).rewardFirstPayment(keeper.user.id)),
      'its first payment rewards nobody',
    )
    const other = await telegramSession(app, 6121, 'Other')
    t.match((await refer(keeper.token, other.user.referral_code as string)).json().error.details, {
      reason: 'already_referred',
    })
    t.match((await call('GET', '/referrals/stats', keeper.token)).json().data, { signups: 0, paid_conversions: 0 })
  })
})
