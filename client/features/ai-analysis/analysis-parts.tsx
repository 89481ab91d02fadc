import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import type { PRICE_VERDICTS } from '../../../shared/schemas/ai.ts'
import { AppLink } from '../../components/app-link.tsx'
import type { AiAnalysis } from '../../lib/api/ai.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { OkIcon } from './red-flags.tsx'

type Verdict = (typeof PRICE_VERDICTS)[number]

export const VERDICT_LABELS: Record<Verdict, MessageDescriptor> = {
  suspiciously_low: msg`Suspiciously low`,
  below_market: msg`Below the market`,
  fair: msg`A fair price`,
  above_market: msg`Above the market`,
  overpriced: msg`Overpriced`,
  unknown: msg`Not enough data`,
}

/** The price verdict in words, the API's reason, and what it rests on: the median of similar listings and how many there are. */
export function PriceVerdict({ price }: { price: AiAnalysis['price'] }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const sample = formatNumber(price.sampleSize, locale)
  return (
    <div className="price-verdict">
      <p>
        <span className={`verdict-chip verdict-${price.verdict}`}>{i18n._(VERDICT_LABELS[price.verdict])}</span>
      </p>
      <p className="verdict-reason">{price.reason}</p>
      <dl className="facts verdict-facts">
        {price.medianEur !== null && (
          <div>
            <dt>
              <Trans>Median rent of similar listings</Trans>
            </dt>
            <dd>
              <bdi>{formatRent(price.medianEur, 'EUR', locale)}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Similar listings compared</Trans>
          </dt>
          <dd>{sample}</dd>
        </div>
      </dl>
      <p className="hint">
        <Trans>Similar listings: active listings of the same city, kind of place and rental term.</Trans>
      </p>
    </div>
  )
}

/** How well the listing fits the reader's saved preferences, one line per preference; a way to set them when there are none. */
export function FitChecks({ fit }: { fit: AiAnalysis['fit'] }) {
  const locale = useLocale()
  const to = useLocalePath()
  if (fit.score === null || fit.checks.length === 0)
    return (
      <p className="hint">
        <Trans>
          Tell us your budget, cities and must-haves to see how well listings fit you.{' '}
          <AppLink to={to('/dashboard/ai-preferences')}>Set your AI preferences</AppLink>
        </Trans>
      </p>
    )
  const score = formatNumber(fit.score, locale)
  return (
    <>
      <p className="fit-score">
        <Trans>Fits your preferences: {score}%</Trans>
      </p>
      <ul className="fit-checks">
        {fit.checks.map((check) => (
          <li key={check.criterion} className={check.ok ? 'fit-ok' : 'fit-miss'}>
            {check.ok ? (
              <OkIcon />
            ) : (
              <span className="miss-icon" aria-hidden="true">
                ✕
              </span>
            )}
            <span className="visually-hidden">{check.ok ? <Trans>Fits:</Trans> : <Trans>Does not fit:</Trans>}</span>{' '}
            {check.reason}
          </li>
        ))}
      </ul>
    </>
  )
}

/** The credits left after a call; at none, the way to more. */
export function CreditsLeft({ remaining }: { remaining: number }) {
  const to = useLocalePath()
  return (
    <p className="hint ai-credits-left">
      <Plural value={remaining} one="# AI credit left" other="# AI credits left" />
      {remaining === 0 && (
        <>
          {' · '}
          <AppLink to={to('/pricing')}>
            <Trans>Get more AI credits</Trans>
          </AppLink>
        </>
      )}
    </p>
  )
}

/** 402 INSUFFICIENT_CREDITS: what happened, and the way to more credits (the localized pricing page). */
export function NoCredits() {
  const to = useLocalePath()
  return (
    <div className="ai-no-credits" role="alert">
      <p>
        <strong>
          <Trans>You have no AI credits left.</Trans>
        </strong>{' '}
        <Trans>Every premium plan comes with AI credits for analyses, comparisons and AI search.</Trans>
      </p>
      <AppLink to={to('/pricing')} className="button button-small">
        <Trans>Get more AI credits</Trans>
      </AppLink>
    </div>
  )
}
