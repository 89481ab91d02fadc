import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Form, Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { JsonLd } from '../../components/json-ld.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { useShell } from '../../lib/context.ts'
import { siteData } from '../seo/structured-data.ts'
import { cityPath } from '../../../shared/seo.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { PlaceField } from '../listings/place-field.tsx'
import { TypeSelect } from '../listings/type-select.tsx'
import { ListingCard, toCard } from '../listings/listing-card.tsx'
import { HowItWorks, SafetySection } from './home-sections.tsx'
import { listingsApi } from '../../lib/api/listings.ts'
import { locationsApi } from '../../lib/api/locations.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = context.get(localeContext)
  const api = context.get(apiContext)
  const [featured, countries] = await Promise.all([
    listingsApi(api).search({ sort: 'boosted', limit: 8, language }, request.signal),
    locationsApi(api).countries(language, request.signal),
  ])
  const cities = countries
    .flatMap((country) =>
      country.popularCities.map((city) => ({
        ...city,
        countryCode: country.code,
        countryName: country.name,
        flag: country.flag,
      })),
    )
    .sort((a, b) => b.listingsCount - a.listingsCount)
    .slice(0, 12)
  const choices = countries.map(({ code, name, englishName, flag, totalListings }) => ({
    code,
    name,
    englishName,
    flag,
    totalListings,
  }))
  return {
    featured: featured.listings.map(toCard),
    cities,
    countries: choices,
    totalListings: countries.reduce((sum, c) => sum + c.totalListings, 0),
  }
}

export function Component() {
  const { featured, cities, countries, totalListings } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const { publicBaseUrl } = useShell()
  const [params] = useSearchParams()
  return (
    <>
      {/* where the account page sends a reader whose account it deleted */}
      {params.get('account') === 'deleted' && (
        <div className="container">
          <p role="status" className="notice account-deleted">
            <Trans>Your account is deleted: your personal data is erased and you are signed out everywhere.</Trans>
          </p>
        </div>
      )}
      <PageHead
        title={t`Rent a home or a room, in your language`}
        description={t`Apartments and rooms for Persian speakers in Germany, Turkey, Canada and beyond.`}
      />
      <JsonLd data={__KHANEH_BROWSER_BUILD__ ? null : siteData(publicBaseUrl, locale, t`Khaneh`)} />
      <section className="hero">
        <div className="container">
          <h1>
            <Trans>Find your next home, in your language</Trans>
          </h1>
          <p className="hero-lead">
            <Plural
              value={totalListings}
              one="# home from Persian-speaking hosts, from Berlin to Toronto."
              other="# apartments and rooms from Persian-speaking hosts, from Berlin to Toronto."
            />
          </p>
          <Form
            method="get"
            action={to('/listings')}
            className="search-box"
            role="search"
            aria-label={t`Search listings`}
          >
            <PlaceField withCountry countries={countries} />
            <TypeSelect label={t`Property type`} />
            <button type="submit" className="button">
              <Trans>Search</Trans>
            </button>
          </Form>
        </div>
      </section>

      <section className="container section" aria-labelledby="featured-title">
        <div className="section-head">
          <h2 id="featured-title">
            <Trans>Featured listings</Trans>
          </h2>
          <Link to={to('/listings')}>
            <Trans>See all listings</Trans>
          </Link>
        </div>
        {featured.length === 0 ? (
          <p className="empty">
            <Trans>No listings yet. Check back soon.</Trans>
          </p>
        ) : (
          <div className="listing-grid">
            {featured.map((listing, index) => (
              <ListingCard key={listing.id} listing={listing} eager={index < 4} priority={index === 0} />
            ))}
          </div>
        )}
      </section>

      <section className="container section" aria-labelledby="cities-title">
        <h2 id="cities-title">
          <Trans>Popular cities</Trans>
        </h2>
        <ul className="city-grid" role="list">
          {cities.map((city) => (
            <li key={`${city.countryName}-${city.key}`}>
              <Link to={to(cityPath(city.countryCode, city.key))} className="city-tile">
                <span className="city-flag" aria-hidden="true">
                  {city.flag}
                </span>
                <span className="city-name">{city.name}</span>
                <span className="city-count">
                  <Plural value={city.listingsCount} one="# listing" other="# listings" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <HowItWorks />
      <SafetySection />
    </>
  )
}
