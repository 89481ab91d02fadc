import { Trans } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import { onDemand } from '../../lib/on-demand.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'

/** The button's first look while its script loads: the same, disabled. */
function ReportStandIn() {
  return (
    <button type="button" className="link-button report-link" disabled aria-busy="true">
      <Trans>Report this listing</Trans>
    </button>
  )
}

// a signed-in reader's button and dialog come on demand (docs/decisions/040-script-budget-per-page.md)
const ReportButton = onDemand(() => import('./report-button.tsx').then((m) => m.ReportButton), ReportStandIn)

/** "Report" on the listing page: a signed-in reader's dialog (report-button.tsx), or, signed out, sign-in and back. */
export function ReportDialog({ listingId }: { listingId: number }) {
  const signIn = useSignInHere()
  if (!signIn) return <ReportButton listingId={listingId} />
  return (
    <AppLink className="link-button report-link" to={signIn}>
      <Trans>Report this listing</Trans>
    </AppLink>
  )
}
