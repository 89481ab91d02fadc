import { normalizeSearchText, slugify } from '../../../shared/text.ts'
import type { CityRow, CountryRow } from './locations.repo.ts'

/** How many near names an unknown place offers. */
const NEAR_LIMIT = 6

/** A place's name folded to compare whole names: the search's folding, and punctuation between words read as a space ("Abu-Dhabi" is "abu dhabi"). */
const foldName = (text: string) => normalizeSearchText(text.replace(/[-‐–_.,'’"()]/g, ' '))

export type PlaceMatch = { kind: 'city'; city: CityRow } | { kind: 'country'; country: CountryRow }

export interface Resolved {
  status: 'found' | 'ambiguous' | 'unknown'
  matches: PlaceMatch[]
}

interface Gazetteer {
  countries: CountryRow[]
  cities: CityRow[]
  counts: Map<number, number>
}

/**
 * What a typed place names: a city (within `countryCode` when one is chosen) or a country whose name
 * in any language is the text, or a city's key. Several → ambiguous. None → unknown, with the places
 * whose names contain the text (the chosen country's first) as the nearest.
 */
export function resolvePlace(places: Gazetteer, text: string, countryCode?: string): Resolved {
  const needle = foldName(text)
  if (!needle) return { status: 'unknown', matches: [] }
  const slug = slugify(text)
  const code = countryCode?.toUpperCase()
  const inScope = (city: CityRow) => !code || city.country_code === code
  const named = (names: Record<string, string>) => Object.values(names).some((name) => foldName(name) === needle)

  const cityNamed = (city: CityRow) => city.key === slug || named(city.names)
  const countries: PlaceMatch[] = places.countries
    .filter((c) => named(c.names))
    .map((country) => ({ kind: 'country', country }))
  const exact: PlaceMatch[] = [
    ...places.cities.filter((c) => inScope(c) && cityNamed(c)).map((city): PlaceMatch => ({ kind: 'city', city })),
    ...countries,
  ]
  if (exact.length === 1) return { status: 'found', matches: exact }
  if (exact.length > 1) return { status: 'ambiguous', matches: exact }

  // Unknown here: the same name in another country first, then the names that begin with the text, then
  // those that contain it; the chosen country's cities before others, the places with more listings first.
  const contained = normalizeSearchText(text)
  const begins = (names: string[]) => names.some((name) => name.startsWith(contained))
  const near: Array<{ match: PlaceMatch; rank: number; count: number }> = []
  for (const city of places.cities) {
    const elsewhere = Boolean(code) && !inScope(city) && cityNamed(city)
    if (!elsewhere && !city.search_text.includes(contained)) continue
    const rank = (elsewhere ? 4 : 0) + (begins(city.search_text.split('|')) ? 2 : 0) + (inScope(city) ? 1 : 0)
    near.push({ match: { kind: 'city', city }, rank, count: places.counts.get(city.id) ?? 0 })
  }
  for (const country of places.countries) {
    const names = Object.values(country.names).map(foldName)
    if (!names.some((name) => name.includes(contained))) continue
    const count = places.cities
      .filter((c) => c.country_code === country.code)
      .reduce((sum, c) => sum + (places.counts.get(c.id) ?? 0), 0)
    near.push({ match: { kind: 'country', country }, rank: begins(names) ? 2 : 0, count })
  }
  near.sort((a, b) => b.rank - a.rank || b.count - a.count)
  return { status: 'unknown', matches: near.slice(0, NEAR_LIMIT).map((n) => n.match) }
}
