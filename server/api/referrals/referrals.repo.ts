import type { Queryable } from '../db/client.ts'

export interface ReferralUserRow {
  id: number
  first_name: string
  referral_code: string
  referred_by: number | null
  referred_at: Date | null
  /** Still within the window after sign-up in which a referral code may be entered. */
  in_window: boolean
}

const COLUMNS = `id, first_name, referral_code, referred_by, referred_at,
  created_at > now() - make_interval(days => $2) AS in_window`

/** SQL of referrals: who brought whom, and what it brought (the rewards are in rewards.repo.ts). */
export function referralsRepo(db: Queryable) {
  return {
    /** The live user whose referral code this is (codes are upper-case; a lower-case one typed is found too). */
    async findByCode(code: string): Promise<{ id: number } | undefined> {
      const [row] = await db.query<{ id: number }>(
        `SELECT id FROM users WHERE referral_code = ANY(ARRAY[$1, upper($1)]) AND deleted_at IS NULL LIMIT 1`,
        [code],
      )
      return row
    },

    /**
     * Serializes every new referral, for the transaction: two referrals of four different people
     * at once can close a cycle, which no lock of their four rows would see. A referral happens
     * once per account at most, so the turns are short and rare.
     */
    async lockReferralGraph(): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('referral_graph', 0))`)
    },

    /** Whether `referrerId` was brought, directly or through others, by `refereeId` (then the referral would close a cycle). */
    async broughtBy(referrerId: number, refereeId: number): Promise<boolean> {
      const [row] = await db.query<{ cycle: boolean }>(
        `WITH RECURSIVE chain (id) AS (
           SELECT referred_by FROM users WHERE id = $1 AND referred_by IS NOT NULL
           UNION
           SELECT u.referred_by FROM users u JOIN chain c ON u.id = c.id WHERE u.referred_by IS NOT NULL
         )
         SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2) AS cycle`,
        [referrerId, refereeId],
      )
      return row!.cycle
    },

    /** The live users, locked in id order (two referrals between the same two people never deadlock). */
    async lockLive(ids: number[], windowDays: number): Promise<ReferralUserRow[]> {
      return db.query<ReferralUserRow>(
        `SELECT ${COLUMNS} FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL ORDER BY id FOR NO KEY UPDATE`,
        [ids, windowDays],
      )
    },

    async setReferrer(refereeId: number, referrerId: number): Promise<void> {
      await db.query(`UPDATE users SET referred_by = $2, referred_at = now(), updated_at = now() WHERE id = $1`, [
        refereeId,
        referrerId,
      ])
    },

    async aiCredits(userId: number): Promise<number> {
      const [row] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [userId])
      return row?.ai_credits ?? 0
    },

    /** The user's code, and the referees rewarded for their sign-up and for their first payment. */
    async counts(userId: number): Promise<{ referral_code: string; signups: number; paid: number } | undefined> {
      const [row] = await db.query<{ referral_code: string; signups: number; paid: number }>(
        `SELECT u.referral_code,
                (SELECT count(*)::int FROM referral_rewards WHERE referrer_id = u.id AND kind = 'signup') AS signups,
                (SELECT count(*)::int FROM referral_rewards WHERE referrer_id = u.id AND kind = 'first_payment') AS paid
           FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`,
        [userId],
      )
      return row
    },

    /** The live referrers with the most paid referrals, then sign-ups; the earlier to get there first. */
    async leaderboard(
      limit: number,
    ): Promise<Array<{ user_id: number; first_name: string; paid: number; signups: number }>> {
      return db.query(
        `SELECT u.id AS user_id, u.first_name,
                (count(*) FILTER (WHERE r.kind = 'first_payment'))::int AS paid,
                (count(*) FILTER (WHERE r.kind = 'signup'))::int AS signups
           FROM referral_rewards r JOIN users u ON u.id = r.referrer_id
          WHERE u.deleted_at IS NULL
          GROUP BY u.id, u.first_name
          ORDER BY paid DESC, signups DESC, max(r.granted_at), u.id
          LIMIT $1`,
        [limit],
      )
    },
  }
}
