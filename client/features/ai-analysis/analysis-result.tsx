import { Trans } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { AiAnalysis } from '../../lib/api/ai.ts'
import { CreditsLeft, FitChecks, PriceVerdict } from './analysis-parts.tsx'
import { RedFlagList } from './red-flags.tsx'

/** The analysis: red flags first (they matter most), then the price, the fit and the credits left. */
export function AnalysisResult({ analysis }: { analysis: AiAnalysis }) {
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
