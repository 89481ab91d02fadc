import { z } from 'zod'

/** A referral code as typed. */
export const ReferralCode = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -')

/** POST /referrals/signup, once per account, soon after sign-up. */
export const ReferralSignupBody = z.object({ referrer_code: ReferralCode })
export const ReferralSignupSchema = z.object({ referrer_first_name: z.string(), ai_credits: z.number().int() })

/** GET /referrals/stats: the user's code and link, and what it brought. */
export const ReferralStatsSchema = z.object({
  referral_code: z.string(),
  referral_link: z.string(),
  signups: z.number().int(),
  paid_conversions: z.number().int(),
  rewards: z.object({ ai_credits: z.number().int(), premium_days: z.number().int() }),
})

/** GET /referrals/leaderboard: first names only, by successful (paid) referrals (`referrals`), then sign-ups. */
export const ReferralLeaderboardSchema = z.object({
  items: z.array(
    z.object({
      rank: z.number().int(),
      first_name: z.string(),
      referrals: z.number().int(),
      signups: z.number().int(),
      is_me: z.boolean(),
    }),
  ),
})
