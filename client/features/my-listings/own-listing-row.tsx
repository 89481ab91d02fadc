import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Form, Link, useActionData, useLocation, useNavigation, useSearchParams } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import type { ListingStatus } from '../../../shared/constants.ts'
import { asApiError, type ActionFailure } from '../../lib/action-failure.ts'
import type { OwnListing } from '../../lib/api/own-listings.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { TYPE_LABELS } from '../listings/labels.ts'
import { STATUS_LABELS } from '../listings/status-labels.ts'
import { Price } from '../listings/price.tsx'
import { formatNumber } from '../../../shared/money.ts'
import { ListingStats, Sparkline } from './listing-stats.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { useStepSwitch, withoutSteps } from '../../components/step-switch.tsx'
import { BoostButton } from './boost-button.tsx'
import type { OwnListingActed, OwnListingIntent } from './own-listing-action.ts'

/** The line for a row's refused form: the listing gone (or another's), the network, or anything else. */
export function useOwnListingErrorText() {
  const { t } = useLingui()
  return (refusal: ActionFailure | null | undefined): string | null => {
    const failure = asApiError(refusal)
    if (!failure) return null
    if (failure.code === 'NETWORK_ERROR') return t`Network error. Please check your connection.`
    if (failure.code === 'NOT_FOUND' || failure.code === 'FORBIDDEN')
      return t`This listing is no longer yours to change.`
    return t`That did not work. Please reload the page and try again.`
  }
}

/**
 * One of the owner's listings with the actions its flags and status allow (docs/decisions/014-listing-statuses-and-moderation.md).
 * Each button is a form of the page's action (own-listing-action.ts), so each works without JavaScript;
 * "Remove" first asks, a step of the page (`?remove=`) when the app does not run
 * (docs/decisions/041-forms-without-javascript.md).
 */
export function OwnListingRow({ listing }: { listing: OwnListing }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const location = useLocation()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const acted = useActionData() as Partial<OwnListingActed> | undefined
  const [confirming, setConfirming] = useState(params.get('remove') === String(listing.id))
  const steps = useStepSwitch({ status: params.get('status'), page: params.get('page') })
  const action = withoutSteps(location, ['remove'])
  const busy = navigation.state !== 'idle' && navigation.formData?.get('listing') === String(listing.id)
  const errorText = useOwnListingErrorText()
  const error = acted?.listing === listing.id ? errorText(acted.failure) : null
  const status = listing.status as ListingStatus
  const type = i18n._(TYPE_LABELS[listing.propertyType])
  const city = listing.cityName
  const title = t`${type} in ${city}`
  const photo = listing.photos[0]
  const canRenew = status === 'expired' || status === 'rented'
  const updated = formatDate(listing.updatedAt, locale)
  const reason = <bdi>{listing.statusReason ?? '—'}</bdi>
  const weekViews = listing.analytics?.views7d ?? 0
  const saves = formatNumber(listing.analytics?.favorites ?? listing.favoriteCount, locale)
  /** A button of the row: a form naming this listing and what to do with it. */
  const act = (intent: Exclude<OwnListingIntent, 'boost' | 'pay-boost'>, label: string, danger = false) => (
    <Form method="post" action={action} className="inline-form">
      <input type="hidden" name="listing" value={listing.id} />
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={`button button-small ${danger ? 'button-danger' : 'button-ghost'}`}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  )

  return (
    <li className="own-listing" aria-busy={busy}>
      <div className="own-listing-photo">
        {photo ? (
          <img src={photo.thumbUrl} alt="" width={120} height={90} loading="lazy" />
        ) : (
          <span className="photo-missing" aria-hidden="true" />
        )}
      </div>
      <div className="own-listing-body">
        <h2 className="own-listing-title">
          {status === 'active' ? <Link to={to(listingPath(listing.slug))}>{title}</Link> : title}
        </h2>
        <p className="own-listing-meta">
          <span className={`status-chip status-${status}`}>{i18n._(STATUS_LABELS[status])}</span>
          {listing.isBoosted && !listing.canBoost && (
            <span className="badge badge-boost">
              <Trans>Boosted</Trans>
            </span>
          )}
          <Price rent={listing.price} currency={listing.currency} />
          <span className="hint">
            <Trans>Updated {updated}</Trans>
          </span>
        </p>
        {status === 'pending' && (
          <p className="hint">
            <Trans>Waiting for a moderator. It appears in search once approved.</Trans>
          </p>
        )}
        {status === 'rejected' && (
          <p className="alert">
            <Trans>Not approved: {reason}</Trans> <Trans>Edit the listing to send it for review again.</Trans>
          </p>
        )}
        {status === 'expired' && (
          <p className="hint">
            <Trans>This listing expired after 60 days. Renew it to show it again after review.</Trans>
          </p>
        )}
        {listing.analytics && (status !== 'pending' || listing.analytics.viewsTotal > 0) && (
          <p className="own-listing-numbers">
            <Sparkline days={listing.analytics.views14d.map((views) => ({ views }))} />
            <span>
              <Trans>
                <Plural value={weekViews} one="# view this week" other="# views this week" /> · saved by {saves}
              </Trans>
            </span>
          </p>
        )}
        <ListingStats listingId={listing.id} />
        <div className="own-listing-actions">
          {listing.canEdit && (
            <Link className="button button-small" to={to(`/dashboard/listings/${listing.id}`)}>
              <Trans>Edit</Trans>
            </Link>
          )}
          {listing.canBoost && (
            <BoostButton listingId={listing.id} boostUntil={listing.boostExpires} isBoosted={listing.isBoosted} />
          )}
          {status === 'active' && act('rented', t`Mark as rented`)}
          {canRenew && act('renew', t`Renew`)}
          {status !== 'removed' && act('duplicate', t`Duplicate`)}
          {listing.canRemove &&
            (confirming ? (
              <span className="confirm" role="group" aria-label={t`Remove this listing?`}>
                <span>
                  <Trans>Remove this listing?</Trans>
                </span>
                {act('remove', t`Yes, remove`, true)}
                <button
                  {...steps.button(null, () => setConfirming(false))}
                  className="button button-small button-ghost"
                >
                  <Trans>Keep it</Trans>
                </button>
              </span>
            ) : (
              <button
                {...steps.button({ name: 'remove', value: String(listing.id) }, () => setConfirming(true))}
                className="button button-small button-ghost"
                disabled={busy}
              >
                <Trans>Remove</Trans>
              </button>
            ))}
        </div>
        {steps.form}
        <ErrorLine message={error} />
      </div>
    </li>
  )
}
