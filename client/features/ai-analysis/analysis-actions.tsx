import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { aiApi } from '../../lib/api/ai.ts'
import type { AiAnalysis } from '../../lib/api/ai.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale } from '../../lib/locale.ts'
import { aiProblemOf, useAiProblemText, type AiProblem } from './ai-errors.ts'
import { CompareWith } from './compare-with.tsx'

// The result and the way to more credits come on demand: only a signed-in reader who asks for an analysis sees
// them (docs/decisions/025-catalogs-by-route-group.md). The module starts loading with the analysis itself.
const loadResult = () => import('./analysis-result.tsx')
const AnalysisResult = lazy(() => loadResult().then((m) => ({ default: m.AnalysisResult })))
const NoCredits = lazy(() => import('./analysis-parts.tsx').then((m) => ({ default: m.NoCredits })))

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; analysis: AiAnalysis }
  | { kind: 'failed'; problem: AiProblem }

/**
 * "Check with AI" of a signed-in reader of someone else's listing: an analysis (price against similar
 * listings, red flags, fit to the reader's preferences) and a comparison with one of their favourites, one
 * AI credit each. It comes on demand (listing-analysis.tsx).
 */
export function AnalysisActions({ listingId }: { listingId: number }) {
  const { t } = useLingui()
  const locale = useLocale()
  const problemText = useAiProblemText()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const hydrated = useHydrated()

  const analyze = async () => {
    setState({ kind: 'running' })
    void loadResult()
    try {
      setState({ kind: 'done', analysis: await aiApi(browserApi()).analyze(listingId, locale) })
    } catch (err) {
      setState({ kind: 'failed', problem: aiProblemOf(err) })
    }
  }

  return (
    <>
      {state.kind === 'done' ? (
        <Suspense fallback={null}>
          <AnalysisResult analysis={state.analysis} />
        </Suspense>
      ) : state.kind === 'failed' && state.problem === 'no_credits' ? (
        <Suspense fallback={null}>
          <NoCredits />
        </Suspense>
      ) : (
        <div className="ai-actions">
          <button
            type="button"
            className="button"
            // a script's button: pressed before its part runs it would do nothing (decision 041)
            disabled={!hydrated || state.kind === 'running'}
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
      <CompareWith listingId={listingId} />
    </>
  )
}
