import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import type { AiAnalysis } from '../../lib/api/ai.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { aiProblemOf, useAiProblemText, type AiProblem } from './ai-errors.ts'
import { CreditsLeft, FitChecks, NoCredits, PriceVerdict } from './analysis-parts.tsx'
import { CompareWith } from './compare-with.tsx'
import { RedFlagList } from './red-flags.tsx'

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; analysis: AiAnalysis }
  | { kind: 'failed'; problem: AiProblem }

/** The analysis: red flags first (they matter most), then the price, the fit and the credits left. */
function AnalysisResult({ analysis }: { analysis: AiAnalysis }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // the result replaces the button the reader pressed: focus goes to its heading, so reading goes on from there
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="ai-result">
      <h3 ref={heading} tabIndex={-1}>
        <Trans>AI analysis</Trans>
      </h3>
      <p className="ai-summary">{analysis.summary}</p>
      <section aria-labelledby="ai-flags-title">
        <h4 id="ai-flags-title">
          <Trans>Red flags</Trans>
        </h4>
        <RedFlagList flags={analysis.redFlags} announce />
      </section>
      <section aria-labelledby="ai-price-title">
        <h4 id="ai-price-title">
          <Trans>Price</Trans>
        </h4>
        <PriceVerdict price={analysis.price} />
      </section>
      <section aria-labelledby="ai-fit-title">
        <h4 id="ai-fit-title">
          <Trans>Fit to your preferences</Trans>
        </h4>
        <FitChecks fit={analysis.fit} />
      </section>
      <CreditsLeft remaining={analysis.remainingCredits} />
    </div>
  )
}

/**
 * "Check with AI" on someone else's listing: an analysis (price against similar listings, red flags, fit to the
 * reader's preferences) and a comparison with one of their favourites, one AI credit each. A guest is led to
 * sign in and back here.
 */
export function ListingAiTools({ listingId }: { listingId: number }) {
  const { t } = useLingui()
  const { hasSession } = useShell()
  const locale = useLocale()
  const to = useLocalePath()
  const location = useLocation()
  const problemText = useAiProblemText()
  const [state, setState] = useState<State>({ kind: 'idle' })

  const analyze = async () => {
    setState({ kind: 'running' })
    try {
      setState({ kind: 'done', analysis: await browserApi().ai.analyze(listingId, locale) })
    } catch (err) {
      setState({ kind: 'failed', problem: aiProblemOf(err) })
    }
  }

  return (
    <section className="ai-tools" aria-labelledby="ai-tools-title">
      <h2 id="ai-tools-title">
        <Trans>Check this listing with AI</Trans>
      </h2>
      <p className="hint">
        <Trans>
          A fair-price check against similar listings, warning signs of rental scams and how well it fits you. Each
          analysis or comparison uses one AI credit.
        </Trans>
      </p>
      {!hasSession ? (
        <AppLink to={`${to('/auth')}?next=${encodeURIComponent(location.pathname)}`} className="button button-ghost">
          <Trans>Sign in to analyze with AI</Trans>
        </AppLink>
      ) : state.kind === 'done' ? (
        <AnalysisResult analysis={state.analysis} />
      ) : state.kind === 'failed' && state.problem === 'no_credits' ? (
        <NoCredits />
      ) : (
        <div className="ai-actions">
          <button
            type="button"
            className="button"
            disabled={state.kind === 'running'}
            aria-describedby="ai-cost"
            onClick={analyze}
          >
            {state.kind === 'running' ? t`Analyzing…` : t`Analyze with AI`}
          </button>
          <span id="ai-cost" className="hint">
            <Trans>Uses 1 AI credit</Trans>
          </span>
        </div>
      )}
      <div aria-live="polite" className="ai-status">
        {state.kind === 'running' && <p className="hint">{t`Checking the price and the text of this listing…`}</p>}
      </div>
      {state.kind === 'failed' && state.problem !== 'no_credits' && (
        <p className="field-error" role="alert">
          {problemText(state.problem)}
        </p>
      )}
      {hasSession && <CompareWith listingId={listingId} />}
    </section>
  )
}
