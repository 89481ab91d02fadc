import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { useState } from 'react'
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { formatNumber } from '../../../shared/money.ts'
import { REFERRAL_PREMIUM_DAYS, REFERRAL_SIGNUP_CREDITS, REFERRAL_SIGNUP_WINDOW_DAYS } from '../../../shared/plans.ts'
import { CodeEntry, type CodeOutcome } from '../../components/code-entry.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { referralsApi } from '../../lib/api/referrals.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError, errorReasonOf } from '../../lib/api/call.ts'
import { apiContext } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request)
  const api = context.get(apiContext)
  const [stats, leaders] = await Promise.all([
    referralsApi(api).stats(request.signal),
    referralsApi(api).leaderboard(request.signal),
  ])
  // the API has the last word; the form is offered only while a code may still count
  const mayEnterCode = Date.parse(user.createdAt) + REFERRAL_SIGNUP_WINDOW_DAYS * DAY_MS > Date.now()
  return { stats, leaders, mayEnterCode }
})

/** /dashboard/referrals: the link to share (copy, Telegram), what it brought, the leaderboard, a friend's code. */
export function Component() {
  const { stats, leaders, mayEnterCode } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const revalidator = useRevalidator()
  const [copied, setCopied] = useState<boolean | null>(null)
  const n = (value: number) => formatNumber(value, locale)
  const signups = n(stats.signups)
  const paid = n(stats.paidConversions)
  const bonus = n(REFERRAL_SIGNUP_CREDITS)
  const premiumDays = n(REFERRAL_PREMIUM_DAYS)
  const shareText = t`Find a home on Khaneh with my link`
  const telegram = `https://t.me/share/url?url=${encodeURIComponent(stats.referralLink)}&text=${encodeURIComponent(shareText)}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(stats.referralLink)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  const enterCode = async (code: string): Promise<CodeOutcome> => {
    try {
      const { referrerFirstName, aiCredits } = await referralsApi(browserApi()).signup(code)
      await revalidator.revalidate()
      const friend = referrerFirstName
      return {
        ok: true,
        message: t({
          message: plural(aiCredits, {
            one: `Thank you! ${friend} invited you. You now have # AI credit.`,
            other: `Thank you! ${friend} invited you. You now have # AI credits.`,
          }),
        }),
      }
    } catch (err) {
      const reason = errorReasonOf(err)
      if (reason === 'self_referral') return { ok: false, message: t`You cannot use your own code.` }
      if (reason === 'mutual_referral')
        return { ok: false, message: t`This person joined through your invitations, so they cannot invite you.` }
      if (reason === 'window_closed')
        return { ok: false, message: t`A friend's code can only be entered soon after signing up.` }
      if (err instanceof ApiError && err.code === 'NOT_FOUND')
        return { ok: false, message: t`There is no one with this code.` }
      if (err instanceof ApiError && err.code === 'CONFLICT')
        return { ok: false, message: t`A friend's code has already been used for your account.` }
      if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
        return { ok: false, message: t`A code is 4 to 40 letters, digits, _ or -.` }
      return { ok: false, message: t`That did not work. Please reload the page and try again.` }
    }
  }

  return (
    <section className="referrals-page" aria-labelledby="referrals-title">
      <PageHead title={t`Referrals`} noindex />
      <h1 id="referrals-title">
        <Trans>Invite friends</Trans>
      </h1>
      <p className="hint">
        <Trans>
          A friend who signs up with your link gets {bonus} AI credits, and so do you. When they first pay, you get{' '}
          {premiumDays} days of premium.
        </Trans>
      </p>
      <div className="referral-link">
        <label htmlFor="referral-link">
          <Trans>Your link</Trans>
        </label>
        <div className="code-entry-row">
          <input id="referral-link" readOnly dir="ltr" value={stats.referralLink} onFocus={(e) => e.target.select()} />
          <button type="button" className="button" onClick={copy}>
            <Trans>Copy</Trans>
          </button>
          <a className="button button-ghost" href={telegram} target="_blank" rel="noopener noreferrer">
            <Trans>Share on Telegram</Trans>
          </a>
        </div>
        <p role="status" className={copied === false ? 'field-error' : 'code-entry-ok'}>
          {copied === true && t`Link copied.`}
          {copied === false && t`Could not copy. Select the link and copy it yourself.`}
        </p>
      </div>

      <div className="summary-grid">
        <article className="summary-card">
          <h2>
            <Trans>Sign-ups</Trans>
          </h2>
          <p className="summary-figure">{signups}</p>
        </article>
        <article className="summary-card">
          <h2>
            <Trans>Paid</Trans>
          </h2>
          <p className="summary-figure">{paid}</p>
        </article>
        <article className="summary-card">
          <h2>
            <Trans>Your rewards</Trans>
          </h2>
          <p className="hint">
            <Plural value={stats.rewards.aiCredits} one="# AI credit" other="# AI credits" /> ·{' '}
            <Plural value={stats.rewards.premiumDays} one="# premium day" other="# premium days" />
          </p>
        </article>
      </div>

      <section className="subscription-section" aria-labelledby="leaders-title">
        <h2 id="leaders-title">
          <Trans>Leaderboard</Trans>
        </h2>
        {leaders.length === 0 ? (
          <p className="empty-state">
            <Trans>No paid referrals yet. Be the first!</Trans>
          </p>
        ) : (
          <ol className="leaderboard">
            {leaders.map((leader) => (
              <li key={leader.rank} className={leader.isMe ? 'leader-me' : undefined}>
                <span className="leader-rank">{n(leader.rank)}</span>
                <bdi className="leader-name">{leader.firstName}</bdi>
                <span className="leader-count">{n(leader.referrals)}</span>
                {leader.isMe && (
                  <span className="badge">
                    <Trans>You</Trans>
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>

      {mayEnterCode && (
        <section className="subscription-section" aria-labelledby="friend-code-title">
          <h2 id="friend-code-title">
            <Trans>Invited by a friend?</Trans>
          </h2>
          <CodeEntry label={t`Your friend's code`} submitLabel={t`Send`} onSubmit={enterCode} />
        </section>
      )}
    </section>
  )
}
