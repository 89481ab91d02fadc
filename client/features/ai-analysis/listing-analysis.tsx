import { Trans, useLingui } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import { onDemand } from '../../lib/on-demand.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'

/** The actions' first look while their script loads: the same buttons, disabled. */
function AnalysisStandIn() {
  const { t } = useLingui()
  return (
    <>
      <div className="ai-actions" aria-busy="true">
        <button type="button" className="button" disabled>
          {t`Analyze with AI`}
        </button>
        <span className="hint">
          <Trans>Uses 1 AI credit</Trans>
        </span>
      </div>
      <div className="ai-status" />
      <div className="compare-with" aria-busy="true">
        <button type="button" className="button button-ghost" disabled>
          {t`Compare with a favorite…`}
        </button>
      </div>
    </>
  )
}

// a signed-in reader's analysis and comparison come on demand (docs/decisions/040-script-budget-per-page.md)
const AnalysisActions = onDemand(() => import('./analysis-actions.tsx').then((m) => m.AnalysisActions), AnalysisStandIn)

/**
 * "Check with AI" on someone else's listing: for a signed-in reader, an analysis and a comparison with one of
 * their favourites, one AI credit each (analysis-actions.tsx); a guest is led to sign in and back here.
 */
export function ListingAiTools({ listingId }: { listingId: number }) {
  const signIn = useSignInHere()
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
      {signIn ? (
        <AppLink to={signIn} className="button button-ghost">
          <Trans>Sign in to analyze with AI</Trans>
        </AppLink>
      ) : (
        <AnalysisActions listingId={listingId} />
      )}
    </section>
  )
}
