import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useActionData, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router'
import type { ListingStatus } from '../../../shared/constants.ts'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { STATUS_LABELS } from '../listings/status-labels.ts'
import { Pagination } from '../listings/pagination.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { refusedCheckout } from '../checkout/checkout-action.ts'
import { boostCheckout, type OwnListingActed } from './own-listing-action.ts'
import { OwnListingRow, useOwnListingErrorText } from './own-listing-row.tsx'
import { ownListingsApi } from '../../lib/api/own-listings.ts'

const FILTERS: Array<ListingStatus | 'all'> = ['all', 'active', 'pending', 'rejected', 'rented', 'expired']

export { action } from './own-listing-action.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const url = new URL(request.url)
  const wanted = url.searchParams.get('status') ?? 'all'
  const status = (FILTERS as string[]).includes(wanted) ? wanted : 'all'
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
  const result = await ownListingsApi(api).list(
    { status, page, per_page: 20, include_analytics: true, language: context.get(localeContext) },
    request.signal,
  )
  return { status, ...result }
})

/** /dashboard/listings: the user's own listings by status, with their actions and statistics. */
export function Component() {
  const { status, listings, pagination, skipped } = useLoaderData<typeof loader>()
  const { t, i18n } = useLingui()
  const to = useLocalePath()
  const location = useLocation()
  const saved = new URLSearchParams(location.search).get('saved')
  // a refused form for a listing the page does not show (removed meanwhile, or another's) is said here
  const acted = useActionData() as Partial<OwnListingActed> | undefined
  const errorText = useOwnListingErrorText()
  const shown = (id: number) => acted?.listing === id || refusedCheckout(acted, boostCheckout(id)) !== null
  const unshown = acted?.failure && !listings.some((listing) => shown(listing.id)) ? acted.failure : null
  const filterLabel = (f: ListingStatus | 'all') => (f === 'all' ? t`All` : i18n._(STATUS_LABELS[f]))
  return (
    <section className="my-listings" aria-labelledby="my-listings-title">
      <PageHead title={t`My listings`} noindex />
      <div className="page-title-row">
        <h1 id="my-listings-title">
          <Trans>My listings</Trans>
        </h1>
        <Link className="button" to={to('/dashboard/listings/create')}>
          <Trans>Post a listing</Trans>
        </Link>
      </div>
      {saved && (
        <p className="notice" role="status">
          {saved === 'created' ? (
            <Trans>Your listing was sent for review. We will publish it once a moderator approves it.</Trans>
          ) : (
            <Trans>Your changes were saved and sent for review.</Trans>
          )}
        </p>
      )}
      <ErrorLine message={errorText(unshown)} />
      {skipped && (
        <p className="alert" role="status">
          <Trans>Some listings have data validation issues and were skipped</Trans>
        </p>
      )}
      <nav className="status-tabs" aria-label={t`Filter by status`}>
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={f === 'all' ? to('/dashboard/listings') : `${to('/dashboard/listings')}?status=${f}`}
            aria-current={f === status ? 'page' : undefined}
          >
            {filterLabel(f)}
          </Link>
        ))}
      </nav>
      {listings.length === 0 ? (
        <div className="empty-state">
          <p>
            {status === 'all' ? (
              <Trans>You have not posted a listing yet.</Trans>
            ) : (
              <Trans>No listings with this status.</Trans>
            )}
          </p>
          {status === 'all' && (
            <Link className="button" to={to('/dashboard/listings/create')}>
              <Trans>Post your first listing</Trans>
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul className="own-listings">
            {listings.map((listing) => (
              <OwnListingRow key={listing.id} listing={listing} />
            ))}
          </ul>
          <Pagination pagination={pagination} />
        </>
      )}
    </section>
  )
}
