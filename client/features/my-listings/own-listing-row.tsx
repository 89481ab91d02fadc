import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import type { ListingStatus } from '../../../shared/constants.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { OwnListing } from '../../lib/api/own-listings.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { STATUS_LABELS, TYPE_LABELS } from '../listings/labels.ts'
import { Price } from '../listings/price.tsx'
import { formatNumber } from '../../../shared/money.ts'
import { ListingStats, Sparkline } from './listing-stats.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { BoostButton } from './boost-button.tsx'

type Action = 'rented' | 'renew' | 'duplicate' | 'remove'

/** One of the owner's listings with the actions its flags and status allow (docs/decisions/014-listing-statuses-and-moderation.md). */
export function OwnListingRow({ listing }: { listing: OwnListing }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState<Action | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
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

  async function run(action: Action) {
    setBusy(action)
    setError(null)
    const api = ownListingsApi(browserApi())
    try {
      if (action === 'rented') await api.setStatus(listing.id, 'rented')
      else if (action === 'renew') await api.setStatus(listing.id, 'pending')
      else if (action === 'remove') await api.remove(listing.id)
      else {
        const copy = await api.duplicate(listing.id)
        navigate(to(`/dashboard/listings/${copy.id}`))
        return
      }
      await revalidator.revalidate()
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'NETWORK_ERROR'
          ? t`Network error. Please check your connection.`
          : t`That did not work. Please reload the page and try again.`,
      )
    } finally {
      setBusy(null)
      setConfirming(false)
    }
  }

  return (
    <li className="own-listing" aria-busy={busy !== null}>
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
          {status === 'active' && (
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={busy !== null}
              onClick={() => run('rented')}
            >
              <Trans>Mark as rented</Trans>
            </button>
          )}
          {canRenew && (
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={busy !== null}
              onClick={() => run('renew')}
            >
              <Trans>Renew</Trans>
            </button>
          )}
          {status !== 'removed' && (
            <button
              type="button"
              className="button button-small button-ghost"
              disabled={busy !== null}
              onClick={() => run('duplicate')}
            >
              <Trans>Duplicate</Trans>
            </button>
          )}
          {listing.canRemove &&
            (confirming ? (
              <span className="confirm" role="group" aria-label={t`Remove this listing?`}>
                <span>
                  <Trans>Remove this listing?</Trans>
                </span>
                <button
                  type="button"
                  className="button button-small button-danger"
                  disabled={busy !== null}
                  onClick={() => run('remove')}
                >
                  <Trans>Yes, remove</Trans>
                </button>
                <button type="button" className="button button-small button-ghost" onClick={() => setConfirming(false)}>
                  <Trans>Keep it</Trans>
                </button>
              </span>
            ) : (
              <button
                type="button"
                className="button button-small button-ghost"
                disabled={busy !== null}
                onClick={() => setConfirming(true)}
              >
                <Trans>Remove</Trans>
              </button>
            ))}
        </div>
        <ErrorLine message={error} />
      </div>
    </li>
  )
}
