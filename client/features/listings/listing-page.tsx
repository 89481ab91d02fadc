import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLoaderData, type ActionFunctionArgs } from 'react-router'
import { formatDate, formatGregorianDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { JsonLd } from '../../components/json-ld.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { cityPath } from '../../../shared/seo.ts'
import { listingData } from '../seo/structured-data.ts'
import { useShell } from '../../lib/context.ts'
import { useEffect } from 'react'
import { publicBrowserApi } from '../../lib/api/browser.ts'
import { ListingAiTools } from '../ai-analysis/listing-analysis.tsx'
import { FavoriteButton } from '../favorites/favorite-button.tsx'
import { ContactButton } from './contact-button.tsx'
import { keepAfterForm } from '../../lib/revalidation.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { Gallery } from './gallery.tsx'
import { ListingDescription } from './listing-description.tsx'
import { ReportDialog } from './report-dialog.tsx'
import { GENDER_LABELS, TERM_LABELS, TYPE_LABELS } from './labels.ts'
import { useListingTitle } from './listing-card.tsx'
import { Price } from './price.tsx'
import { listingViewsApi } from '../../lib/api/listing-views.ts'
import type { loader } from './listing-loader.ts'
import ListingMap from '../map/listing-map.tsx'
import { onDemand } from '../../lib/on-demand.ts'

/** The owner's panel while its script loads (after a navigation): its first line, busy. */
function OwnListingPanelStandIn() {
  return (
    <div className="own-listing-panel" role="note" aria-busy="true">
      <p>
        <Trans>This is your listing.</Trans>
      </p>
    </div>
  )
}

// only the owner sees it: on demand, not part of a visitor's page (docs/decisions/040-script-budget-per-page.md)
const OwnListingPanel = onDemand(
  () => import('./own-listing-panel.tsx').then((m) => m.OwnListingPanel),
  OwnListingPanelStandIn,
)

/** "Show contact": its code comes with the signed-in reveal that sends it (contact-reveal.tsx), not with every visit. */
export const action = async (args: ActionFunctionArgs) => (await import('./contact-action.ts')).action(args)
export const shouldRevalidate = keepAfterForm

function DateText({ iso }: { iso: string }) {
  const locale = useLocale()
  return (
    <>
      <time dateTime={iso}>{formatDate(iso, locale)}</time>
      {locale === 'fa' && <small className="date-alt"> ({formatGregorianDate(iso, locale)})</small>}
    </>
  )
}

export function Component() {
  const { hasSession, publicBaseUrl } = useShell()
  const { listing } = useLoaderData<typeof loader>()
  const { t, i18n } = useLingui()
  const to = useLocalePath()
  const title = useListingTitle()(listing)
  const ownerName = listing.owner.firstName
  // one view per listing and browser tab session, counted after the page has loaded (the API never
  // counts plain reads); reloads and back-and-forth within the session are not new views
  const own = listing.isOwner === true
  useEffect(() => {
    if (own) return
    const key = `khaneh.viewed:${listing.id}`
    try {
      if (window.sessionStorage.getItem(key)) return
      window.sessionStorage.setItem(key, '1')
    } catch {
      // no storage: count the view
    }
    listingViewsApi(publicBrowserApi())
      .view(listing.id)
      .catch(() => undefined)
  }, [listing.id, own])
  const locale = useLocale()
  const city = listing.cityName
  const country = listing.countryName
  const facts: Array<[string, React.ReactNode]> = [
    [t`Property type`, i18n._(TYPE_LABELS[listing.type])],
    [t`Location`, t`${city}, ${country}`],
    [t`Rental term`, i18n._(TERM_LABELS[listing.term])],
    // a pair (label, value), not a list of elements
    // oxlint-disable-next-line react/jsx-key
    [t`Available from`, listing.startDate ? <DateText iso={listing.startDate} /> : t`Now`],
    [t`Official contract`, listing.hasContract ? t`Yes` : t`No`],
    [t`Gender preference`, i18n._(GENDER_LABELS[listing.genderPref])],
    [t`Furnished`, listing.furnished ? t`Yes` : t`No`],
  ]
  if (listing.sizeM2) {
    const size = formatNumber(listing.sizeM2, locale)
    facts.push([t`Size`, t`${size} m²`])
  }
  if (listing.rooms) facts.push([t`Rooms`, formatNumber(listing.rooms, locale)])
  return (
    <article className="container listing-detail">
      <PageHead
        title={title}
        description={listing.description.slice(0, 160)}
        image={listing.photos[0]?.url}
        // only its owner and admins see a listing that is not active: never indexed (docs/decisions/022-seo.md)
        noindex={listing.status !== 'active'}
      />
      <JsonLd
        key={listing.id}
        data={
          __KHANEH_BROWSER_BUILD__
            ? null
            : listingData(publicBaseUrl, locale, listing, { title, home: t`Home`, listings: t`Listings` })
        }
      />
      <nav className="breadcrumbs" aria-label={t`Breadcrumbs`}>
        <Link to={to('/listings')}>
          <Trans>Listings</Trans>
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={to(cityPath(listing.country, listing.city))}>{listing.cityName}</Link>
      </nav>
      <div className="listing-detail-grid">
        <Gallery photos={listing.photos} title={title} />
        <aside className="listing-summary">
          <h1>{title}</h1>
          <Price rent={listing.rent} currency={listing.currency} className="listing-price" />
          {listing.isNegotiable && listing.rent !== null && (
            <span className="badge">
              <Trans>Negotiable</Trans>
            </span>
          )}
          <dl className="facts">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="owner">
            <Trans>
              Posted by <bdi>{ownerName}</bdi>
            </Trans>{' '}
            · <DateText iso={listing.createdAt} />
          </p>
          {own ? (
            <OwnListingPanel
              listingId={listing.id}
              status={listing.status}
              boostUntil={listing.boostUntil}
              isBoosted={listing.isBoosted}
            />
          ) : (
            <>
              <div className="listing-actions">
                <ContactButton listingId={listing.id} contact={listing.contact} />
                <FavoriteButton listingId={listing.id} favorited={listing.isFavorited} variant="full" />
              </div>
              {!hasSession && (
                <p className="hint">
                  <Trans>Sign in to see the contact details and save listings.</Trans>
                </p>
              )}
              <ReportDialog listingId={listing.id} />
            </>
          )}
        </aside>
        <div className="listing-main">
          <ListingDescription listing={listing} />
          <ListingMap listing={listing} />
          {!own && <ListingAiTools listingId={listing.id} />}
        </div>
      </div>
    </article>
  )
}
