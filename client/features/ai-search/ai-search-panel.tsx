import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import { SIGNUP_AI_CREDITS } from '../../../shared/plans.ts'
import { AppLink } from '../../components/app-link.tsx'
import { useLocale } from '../../lib/locale.ts'
import { onDemand } from '../../lib/on-demand.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'
import { AiSearchHeading, type AiSearchProps } from './ai-search-heading.tsx'

/** The box's first look while its script loads: the same form, disabled. */
function AiSearchStandIn() {
  const { t } = useLingui()
  const id = useId()
  return (
    <section className="ai-search" aria-labelledby={`${id}-title`} aria-busy="true">
      <AiSearchHeading id={`${id}-title`} />
      <div className="ai-search-form">
        <label htmlFor={`${id}-query`} className="ai-search-label">
          <Trans>Describe the home you are looking for</Trans>
        </label>
        <div className="ai-search-row">
          <input id={`${id}-query`} type="text" disabled />
          <button type="button" className="button ai-search-submit" disabled>
            <span className="ai-submit-label" data-shown="true">
              <Trans>Search with AI</Trans> <small className="ai-cost">{t`(1 credit)`}</small>
            </span>
          </button>
        </div>
      </div>
    </section>
  )
}

// a signed-in reader's search box comes on demand (docs/decisions/040-script-budget-per-page.md)
const AiSearchBox = onDemand(() => import('./ai-search-box.tsx').then((m) => m.AiSearchBox), AiSearchStandIn)

/**
 * The AI search on /listings (docs/decisions/021-ai-search-and-credits.md): a signed-in reader's box, or,
 * signed out, a way to sign in and back to this very search, as "Save this search" has.
 */
export function AiSearchPanel(props: AiSearchProps) {
  const signIn = useSignInHere()
  const locale = useLocale()
  const id = useId()
  if (!signIn) return <AiSearchBox {...props} />
  const credits = formatNumber(SIGNUP_AI_CREDITS, locale)
  return (
    <section className="ai-search" aria-labelledby={`${id}-title`}>
      <AiSearchHeading id={`${id}-title`} />
      <p className="ai-muted">
        <Trans>
          Describe the home you want and the AI turns it into filters. You get {credits} free AI searches when you sign
          up.
        </Trans>
      </p>
      <AppLink to={signIn} className="button button-ghost">
        <Trans>Sign in to search with AI</Trans>
      </AppLink>
    </section>
  )
}
