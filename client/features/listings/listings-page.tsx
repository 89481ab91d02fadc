import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import {
  data,
  Form,
  Link,
  redirect,
  useLoaderData,
  useLocation,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { GENDER_PREFS, LISTING_SORTS } from '../../../shared/constants.ts'
import { currencyUnit, formatNumber, pageCurrency, parseWholeAmount } from '../../../shared/money.ts'
import { JsonLd } from '../../components/json-ld.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { listingsData } from '../seo/structured-data.ts'
import { keepAfterForm } from '../../lib/revalidation.ts'
import { SaveSearch } from '../alerts/save-search.tsx'
import { AiSearchPanel } from '../ai-search/ai-search-panel.tsx'
import { listingsApi } from '../../lib/api/listings.ts'
import { centreOf, locationsApi } from '../../lib/api/locations.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { Place } from '../../lib/api/locations.ts'
import { apiContext, localeContext, useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { PlaceChoice } from './place-choice.tsx'
import { PlaceFields } from './place-fields.tsx'
import { GENDER_LABELS, SORT_LABELS } from './labels.ts'
import { TermSelect } from './term-select.tsx'
import { TypeSelect } from './type-select.tsx'
import { ListingCard, toCard, useListingTitle } from './listing-card.tsx'
import { Pagination } from './pagination.tsx'
import { toApiQuery } from './search-params.ts'
import { boxOf } from '../map/geo.ts'
import { MapToggle, SearchArea } from '../map/map-toggle.tsx'
import { ResultsMap } from '../map/results-map.tsx'

/** This search's URL for a place instead of the typed one, keeping the other filters (from the first page). */
function placeUrl(url: URL, place: Place): string {
  const params = new URLSearchParams(url.search)
  params.delete('page')
  params.set('country', place.countryCode)
  if (place.cityKey) params.set('city', place.cityKey)
  else params.delete('city')
  return `${url.pathname}?${params.toString()}`
}

/**
 * The page's one form that writes: "Save this search" (it changes nothing the page lists, so the listings are
 * not read again). Its code comes with the signed-in form that sends it (save-search-form.tsx), not with every visit.
 */
export const action = async (args: ActionFunctionArgs) =>
  (await import('../alerts/save-search-action.ts')).saveSearchAction(args)
/** Nor is switching between the list and the map (`view`): the same results. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('view')
    return `${url.pathname}?${params.toString()}`
  }
  if (args.formMethod === undefined && withoutView(args.currentUrl) === withoutView(args.nextUrl)) return false
  return keepAfterForm(args)
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const language = context.get(localeContext)
  const api = context.get(apiContext)
  const filters = toApiQuery(url.searchParams)
  const typedCity = typeof filters.city === 'string' ? filters.city : undefined
  const country = typeof filters.country === 'string' ? filters.country : undefined
  const [page, countries, resolution] = await Promise.all([
    listingsApi(api)
      .search({ ...filters, language }, request.signal)
      .catch((err: unknown) => {
        // a hand-edited URL with impossible filters is the visitor's mistake, not ours: 400 with a way out
        if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
          throw data({ message: 'Invalid filters' }, { status: 400 })
        throw err
      }),
    locationsApi(api).countries(language, request.signal),
    // a typed name (the search box sends what was typed when nothing was picked) is resolved here, on
    // the server's render too, so a shared or reloaded URL and a form sent before hydration all work
    // (when that fails, the words are searched as a city's key, as before: the page still answers)
    typedCity
      ? locationsApi(api)
          .resolve(typedCity, language, country, request.signal)
          .catch(() => undefined)
      : undefined,
  ])
  const found = resolution?.status === 'found' ? resolution.places[0] : undefined
  // a name (not already the city's key) goes to the place's own URL: what a city's link would give
  if (found && found.cityKey !== typedCity) throw redirect(placeUrl(url, found))
  const unresolved =
    typedCity && resolution && resolution.status !== 'found'
      ? {
          status: resolution.status,
          text: typedCity,
          places: resolution.places.map((place) => ({ ...place, to: placeUrl(url, place) })),
        }
      : undefined
  return {
    listings: unresolved ? [] : page.listings.map(toCard),
    pagination: page.pagination,
    cityName: page.listings.find((l) => l.city === filters.city)?.cityName ?? found?.name,
    unresolved,
    filters,
    countries: countries.map((c) => ({ code: c.code, name: c.name, flag: c.flag, currency: c.currency })),
    // where the map opens when it has nothing to frame (a popular city's centre, when the search names one)
    cityCentre:
      centreOf(
        countries.filter((c) => !country || c.code === country.toUpperCase()).flatMap((c) => c.popularCities),
        typedCity ?? '',
      ) ?? undefined,
  }
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
  const { t, i18n } = useLingui()
  const to = useLocalePath()
  const locale = useLocale()
  const location = useLocation()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  const countryCurrency = countries.find((c) => c.code === filters.country)?.currency
  const hasPrice = filters.min_price !== undefined || filters.max_price !== undefined
  // Prices are taken and shown in the page's currency (rials in fa); a URL's prices keep the currency they
  // were given in: its price_currency, else, for links from before it, the country's or EUR (docs/decisions/005).
  const priceCurrency =
    typeof filters.price_currency === 'string'
      ? filters.price_currency
      : hasPrice
        ? (countryCurrency ?? 'EUR')
        : pageCurrency(locale, countryCurrency)
  const unit = currencyUnit(priceCurrency, locale)
  const amount = (key: 'min_price' | 'max_price') =>
    typeof filters[key] === 'number' ? formatNumber(filters[key], locale) : ''
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
          key={location.search}
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
          <label>
            <span>
              <Trans>Property type</Trans>
            </span>
            <TypeSelect defaultValue={value('type')} />
          </label>
          <label>
            <span>
              <Trans>Rental term</Trans>
            </span>
            <TermSelect defaultValue={value('term')} />
          </label>
          <fieldset className="price-range">
            <legend>
              <Trans>Monthly rent ({unit})</Trans>
            </legend>
            {/* text, not number: a number input refuses Persian digits and thousands separators */}
            <input type="hidden" name="price_currency" value={priceCurrency} />
            <input
              type="text"
              name="min_price"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t`Min (${unit})`}
              aria-label={t`Minimum rent (${unit})`}
              defaultValue={amount('min_price')}
            />
            <input
              type="text"
              name="max_price"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t`Max (${unit})`}
              aria-label={t`Maximum rent (${unit})`}
              defaultValue={amount('max_price')}
            />
          </fieldset>
          <label>
            <span>
              <Trans>Gender preference</Trans>
            </span>
            <select name="gender_pref" defaultValue={value('gender_pref')}>
              <option value="">{t`Anyone`}</option>
              {GENDER_PREFS.map((g) => (
                <option key={g} value={g}>
                  {i18n._(GENDER_LABELS[g])}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>
              <Trans>Available by</Trans>
            </span>
            <input type="date" name="start_date" defaultValue={value('start_date')} />
          </label>
          <label className="check">
            <input type="checkbox" name="has_contract" value="true" defaultChecked={filters.has_contract === 'true'} />
            <span>
              <Trans>Official contract</Trans>
            </span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="include_discussable"
              value="true"
              defaultChecked={filters.include_discussable === 'true'}
            />
            <span>
              <Trans>Include negotiable rents</Trans>
            </span>
          </label>
          <label>
            <span>
              <Trans>Sort by</Trans>
            </span>
            <select name="sort" defaultValue={value('sort') || 'boosted'}>
              {LISTING_SORTS.map((s) => (
                <option key={s} value={s}>
                  {i18n._(SORT_LABELS[s])}
                </option>
              ))}
            </select>
          </label>
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
          <PlaceChoice unresolved={unresolved} countryName={countries.find((c) => c.code === filters.country)?.name} />
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
