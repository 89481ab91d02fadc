import type { Answer, Api } from './call.ts'

export type ReferralStats = Answer<'ReferralStatsSchema'>
export type ReferralLeaderboard = Answer<'ReferralLeaderboardSchema'>

/** The user's referral code and what it brought, the leaderboard, and entering a friend's code once. */
export const referralsApi = ({ call }: Api) => ({
  stats: (signal?: AbortSignal) => call('ReferralStatsSchema', '/referrals/stats', { signal }),
  leaderboard: async (signal?: AbortSignal) =>
    (await call('ReferralLeaderboardSchema', '/referrals/leaderboard', { signal })).items,
  signup: (referrerCode: string) =>
    call('ReferralSignupSchema', '/referrals/signup', { method: 'POST', body: { referrer_code: referrerCode } }),
})
