import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import {
  Form,
  Link,
  useLoaderData,
  useLocation,
  useNavigation,
  type ActionFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { formatNumber, parseWholeAmount } from '../../../shared/money.ts'
import { JsonLd } from '../../components/json-ld.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { listingsData } from '../seo/structured-data.ts'
import { keepAfterForm } from '../../lib/revalidation.ts'
import { SaveSearch } from '../alerts/save-search.tsx'
import { AiSearchPanel } from '../ai-search/ai-search-panel.tsx'
import { useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { PlaceFields } from './place-fields.tsx'
import { FilterFields, PlaceChoice } from './kept-parts.ts'
import { ListingCard, useListingTitle } from './listing-card.tsx'
import type { loader } from './listings-loader.ts'
import { Pagination } from './pagination.tsx'
import { boxOf } from '../map/geo.ts'
import { MapToggle, SearchArea } from '../map/map-toggle.tsx'
import { ResultsMap } from '../map/results-map.tsx'

/**
 * The page's one form that writes: "Save this search" (it changes nothing the page lists, so the listings are
 * not read again). Its code comes with the signed-in form that sends it (save-search-form.tsx), not with every visit.
 */
export const action = async (args: ActionFunctionArgs) =>
  (await import('../alerts/save-search-action.ts')).saveSearchAction(args)
/** A search's query without the list or the map (`view`): the same results. */
function withoutView(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('view')
  return params.toString()
}

/** Nor is switching between the list and the map (`view`): the same results. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const same =
    args.currentUrl.pathname === args.nextUrl.pathname &&
    withoutView(args.currentUrl.search) === withoutView(args.nextUrl.search)
  if (args.formMethod === undefined && same) return false
  return keepAfterForm(args)
}

/** Prices typed in Persian digits or with separators ("۵۰٬۰۰۰٬۰۰۰") go into the address as plain digits. */
function latinPrices(event: FormEvent<HTMLFormElement>) {
  for (const name of ['min_price', 'max_price']) {
    const input = event.currentTarget.elements.namedItem(name)
    if (input instanceof HTMLInputElement && input.value.trim())
      input.value = String(parseWholeAmount(input.value) ?? input.value.trim())
  }
}

export function Component() {
  const { listings, pagination, cityName, unresolved, filters, countries, cityCentre } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const to = useLocalePath()
  const locale = useLocale()
  const location = useLocation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  const countryCurrency = countries.find((c) => c.code === filters.country)?.currency
  // a typed place that named no one place titles nothing, but stays in the box
  const cityLabel = typeof filters.city === 'string' && !unresolved ? (cityName ?? filters.city) : undefined
  const total = pagination.totalItems
  const totalText = formatNumber(total, locale)
  const value = (key: string) => (filters[key] === undefined ? '' : String(filters[key]))
  const { publicBaseUrl } = useShell()
  const listingTitle = useListingTitle()
  // a city's landing page (docs/decisions/022-seo.md): its own title, description and heading
  const heading = cityLabel ? t`Apartments and rooms for rent in ${cityLabel}` : t`Apartments and rooms for rent`
  const firstPosition = (pagination.currentPage - 1) * pagination.itemsPerPage + 1
  const params = new URLSearchParams(location.search)
  const mapView = params.get('view') === 'map'
  const box = boxOf(typeof filters.bbox === 'string' ? filters.bbox : null)
  const [highlighted, setHighlighted] = useState<number | null>(null)
  const { page: _page, ...mapQuery } = filters
  const layout = ['container', 'listings-layout', 'with-map']
  if (unresolved) layout.push('has-place-choice')
  if (mapView) layout.push('shows-map')
  return (
    <div className={layout.join(' ')}>
      <PageHead
        title={heading}
        // typed words that name no one place make no page of their own
        noindex={Boolean(unresolved)}
        description={
          cityLabel
            ? t`Apartments and rooms for rent in ${cityLabel}: compare prices, rental terms and move-in dates.`
            : t`Search apartments and rooms by city, price, type and move-in date.`
        }
      />
      <JsonLd
        key={location.search}
        data={
          __KHANEH_BROWSER_BUILD__
            ? null
            : listingsData(
                publicBaseUrl,
                locale,
                heading,
                listings.map((l) => ({ slug: l.slug, title: listingTitle(l) })),
                firstPosition,
              )
        }
      />
      <details className="filters" open={unresolved ? true : undefined}>
        <summary>
          <Trans>Filters</Trans>
        </summary>
        <Form
          method="get"
          className="filters-form"
          aria-label={t`Filter listings`}
          // afresh for each search (switching between the list and the map keeps what is being edited)
          key={withoutView(location.search)}
          onSubmit={latinPrices}
        >
          {/* the map's area and view stay with the other filters */}
          {box && <input type="hidden" name="bbox" value={value('bbox')} />}
          {mapView && <input type="hidden" name="view" value="map" />}
          <PlaceFields
            countries={countries}
            defaultCountry={value('country')}
            defaultCity={value('city')}
            defaultCityLabel={cityName ?? value('city')}
          />
          <FilterFields.Kept filters={filters} countryCurrency={countryCurrency} />
          <div className="filters-actions">
            <button type="submit" className="button">
              <Trans>Show results</Trans>
            </button>
            <Link to={to('/listings')} className="button button-ghost">
              <Trans>Clear</Trans>
            </Link>
          </div>
        </Form>
      </details>

      <section className="results" aria-labelledby="results-title" aria-busy={loading}>
        <div className="section-head">
          <h1 id="results-title">{heading}</h1>
          <p className="results-count" role="status">
            {pagination.totalIsCapped ? (
              <Trans>More than {totalText} listings</Trans>
            ) : (
              <Plural value={total} _0="No listings" one="# listing" other="# listings" />
            )}
          </p>
        </div>
        {box && <SearchArea />}
        {unresolved && (
          <PlaceChoice.Kept
            unresolved={unresolved}
            countryName={countries.find((c) => c.code === filters.country)?.name}
          />
        )}
        <AiSearchPanel
          countries={countries}
          city={typeof filters.city === 'string' && cityName ? { key: filters.city, name: cityName } : undefined}
        />
        {!unresolved && (
          <SaveSearch
            key={location.search}
            cityName={cityLabel}
            country={countries.find((c) => c.code === filters.country)}
          />
        )}
        {unresolved ? null : listings.length === 0 ? (
          <div className="empty">
            <p>
              <Trans>No listings match these filters. Try a wider price range or another city.</Trans>
            </p>
            <Link to={to('/listings')} className="button">
              <Trans>Clear all filters</Trans>
            </Link>
          </div>
        ) : (
          <div className={loading ? 'listing-grid is-loading' : 'listing-grid'}>
            {listings.map((listing, index) => (
              <ListingCard
                key={listing.id}
                listing={listing}
                eager={index < 4}
                priority={index === 0}
                headingLevel={2}
                highlighted={highlighted === listing.id}
                onHighlight={setHighlighted}
              />
            ))}
          </div>
        )}
        <Pagination pagination={pagination} />
      </section>
      {!unresolved && (
        <ResultsMap
          query={mapQuery}
          box={box}
          start={cityCentre}
          shown={mapView}
          highlighted={highlighted}
          onHighlight={setHighlighted}
        />
      )}
      <MapToggle mapView={mapView} />
    </div>
  )
}
