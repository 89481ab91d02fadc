import { Trans, useLingui } from '@lingui/react/macro'
import { AppLink } from '../../components/app-link.tsx'
import type { Listing } from '../../lib/api/listings.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { BoostButton } from '../my-listings/boost-button.tsx'
import { STATUS_LABELS } from './status-labels.ts'

export interface OwnListingPanelProps {
  listingId: number
  status: Listing['status']
  boostUntil: string | null
  isBoosted: boolean
}

/**
 * What a listing's owner sees on its page instead of the contact and the heart: its state, the ways to
 * edit it and the boost. Only its owner sees it: a signed-in part, on demand (listing-page.tsx,
 * docs/decisions/040-script-budget-per-page.md). Its links are the app's, and the boost's form is sent
 * as a page's before and without scripts (docs/decisions/041-forms-without-javascript.md).
 */
export function OwnListingPanel({ listingId, status, boostUntil, isBoosted }: OwnListingPanelProps) {
  const { i18n } = useLingui()
  const to = useLocalePath()
  return (
    <div className="own-listing-panel" role="note">
      <p>
        <Trans>This is your listing.</Trans>{' '}
        {status !== 'active' && <span className={`status-chip status-${status}`}>{i18n._(STATUS_LABELS[status])}</span>}
      </p>
      <div className="listing-actions">
        <AppLink to={to(`/dashboard/listings/${listingId}`)} className="button">
          <Trans>Edit listing</Trans>
        </AppLink>
        <AppLink to={to('/dashboard/listings')} className="button button-ghost">
          <Trans>My listings</Trans>
        </AppLink>
        {status === 'active' && <BoostButton listingId={listingId} boostUntil={boostUntil} isBoosted={isBoosted} />}
      </div>
    </div>
  )
}
