import { Trans } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import { onDemand } from '../../lib/on-demand.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'
import { BellIcon } from './bell-icon.tsx'

/** What the saved alert is named after: the page's place and currency, as the reader sees them. */
export interface SaveSearchProps {
  cityName?: string
  country?: { name: string; currency: string }
}

/** The form's first look while its script loads: the same button, disabled. */
function SaveSearchStandIn() {
  return (
    <div className="save-search" aria-busy="true">
      <div className="inline-form">
        <button type="button" className="button button-ghost" disabled>
          <BellIcon /> <Trans>Save this search</Trans>
        </button>
      </div>
    </div>
  )
}

// a signed-in reader's form comes on demand (docs/decisions/040-script-budget-per-page.md)
const SaveSearchForm = onDemand(() => import('./save-search-form.tsx').then((m) => m.SaveSearchForm), SaveSearchStandIn)

/** "Save this search" on /listings: a signed-in reader's form, or, signed out, sign-in and back to this very search. */
export function SaveSearch(props: SaveSearchProps) {
  const signIn = useSignInHere()
  if (!signIn) return <SaveSearchForm {...props} />
  return (
    <div className="save-search">
      <AppLink to={signIn} className="button button-ghost">
        <BellIcon /> <Trans>Sign in to save this search</Trans>
      </AppLink>
    </div>
  )
}
