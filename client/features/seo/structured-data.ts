import type { PropertyType } from '../../../shared/constants.ts'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { cityPath, listingPath } from '../../../shared/seo.ts'
import type { Listing } from '../../lib/api/listings.ts'

// schema.org shapes of our pages (docs/decisions/022-seo.md); pages pass their translated names.

const CONTEXT = 'https://schema.org'

/** An absolute address of an unprefixed path in a language. */
const at = (base: string, locale: LocaleCode, path: string) => {
  const [pathname = '/', query = ''] = path.split(/(?=\?)/)
  return `${base}${localizePath(pathname, locale)}${query}`
}

/** Home: who we are, and how to search the site. */
export function siteData(base: string, locale: LocaleCode, name: string) {
  return {
    '@context': CONTEXT,
    '@graph': [
      {
        '@type': 'Organization',
        '@id': `${base}/#organization`,
        name,
        url: at(base, locale, '/'),
        logo: `${base}/logo.svg`,
      },
      {
        '@type': 'WebSite',
        '@id': `${base}/#website`,
        name,
        url: at(base, locale, '/'),
        inLanguage: locale,
        publisher: { '@id': `${base}/#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${at(base, locale, '/listings')}?city={city}` },
          'query-input': 'required name=city',
        },
      },
    ],
  }
}

/** A listings page: the listings it shows, in order. */
export function listingsData(
  base: string,
  locale: LocaleCode,
  name: string,
  listings: Array<{ slug: string; title: string }>,
  firstPosition = 1,
) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: listings.length,
    itemListElement: listings.map((l, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      url: at(base, locale, listingPath(l.slug)),
      name: l.title,
    })),
  }
}

const SCHEMA_TYPES: Record<PropertyType, string> = {
  apartment: 'Apartment',
  private_room: 'Room',
  shared_room: 'Room',
}

/** The schema.org type of a property type: Apartment or Room, Accommodation for anything else. */
export const schemaType = (type: string): string => SCHEMA_TYPES[type as PropertyType] ?? 'Accommodation'

/** A listing page: the place with its offer to let, and the way to it. */
export function listingData(
  base: string,
  locale: LocaleCode,
  listing: Listing,
  names: { title: string; home: string; listings: string },
) {
  const url = at(base, locale, listingPath(listing.slug))
  const photo = listing.photos[0]?.url
  const image = photo ? (photo.startsWith('/') ? `${base}${photo}` : photo) : undefined
  const place = {
    '@type': schemaType(listing.type),
    '@id': `${url}#place`,
    name: names.title,
    description: listing.description,
    url,
    ...(image && { image }),
    ...(listing.rooms && { numberOfRooms: listing.rooms }),
    ...(listing.sizeM2 && { floorSize: { '@type': 'QuantitativeValue', value: listing.sizeM2, unitCode: 'MTK' } }),
    address: { '@type': 'PostalAddress', addressLocality: listing.cityName, addressCountry: listing.country },
    offers: {
      '@type': 'Offer',
      url,
      ...(listing.rent !== null && listing.rent > 0 && { price: listing.rent }),
      priceCurrency: listing.currency,
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: listing.status === 'active' ? `${CONTEXT}/InStock` : `${CONTEXT}/OutOfStock`,
      ...(listing.startDate && { availabilityStarts: listing.startDate }),
    },
  }
  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { name: names.home, item: at(base, locale, '/') },
      { name: names.listings, item: at(base, locale, '/listings') },
      { name: listing.cityName, item: at(base, locale, cityPath(listing.country, listing.city)) },
      { name: names.title, item: url },
    ].map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb })),
  }
  return { '@context': CONTEXT, '@graph': [place, breadcrumbs] }
}
