import type { LocaleCode } from '../../../../shared/locales.ts'
import places from './places.json' with { type: 'json' }

/** A seeded city: localized names, rent ranges in the country's currency (major units) and listing share. */
export interface SeedCity {
  key: string
  names: Record<LocaleCode, string>
  /** The city's centre (its historic or administrative heart), where its map opens. */
  centre: { lat: number; lng: number }
  /** Bearings (degrees clockwise from north, from → to) where water lies near the centre: the seed puts no pin there. */
  sea?: [number, number]
  popular: boolean
  rent: { room: [number, number]; apartment: [number, number] }
  weight: number
}

/** A seeded country with its currency, supported rental terms and cities. */
export interface SeedCountry {
  code: string
  flag: string
  currency: string
  supportedTerms: Array<'short' | 'long'>
  names: Record<LocaleCode, string>
  cities: SeedCity[]
}

/**
 * The demo countries and cities (`places.json`); rents are 2026 monthly asking rents (Iran: full
 * monthly rent without deposit, in rials). The Netherlands has long terms only: since the 2024
 * Affordable Rent Act new Dutch leases are open-ended by default.
 */
export const SEED_COUNTRIES: SeedCountry[] = places satisfies Loose<SeedCountry>[] as SeedCountry[]

/** A type as TypeScript reads it from JSON (tuples as arrays, words as strings): every field is still checked. */
type Loose<T> = T extends string
  ? string
  : T extends readonly (infer E)[]
    ? Loose<E>[]
    : T extends object
      ? { [K in keyof T]: Loose<T[K]> }
      : T
