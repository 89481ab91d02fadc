import type { LocaleCode } from '../../../../../shared/locales.ts'

export type SeedPropertyType = 'apartment' | 'private_room' | 'shared_room'

/** What a seeded listing description talks about; cityName is already in `language`. */
export interface DescriptionInput {
  language: LocaleCode
  type: SeedPropertyType
  cityName: string
  sizeM2: number
  rooms: number
  term: 'short' | 'long'
  furnished: boolean
  hasContract: boolean
  genderPref: 'male' | 'female' | 'any'
  features: Array<
    | 'balcony'
    | 'elevator'
    | 'washing_machine'
    | 'near_metro'
    | 'near_university'
    | 'internet'
    | 'parking'
    | 'garden'
    | 'pets_ok'
    | 'quiet'
  >
}

export type Feature = DescriptionInput['features'][number]
export type Amenity = 'balcony' | 'elevator' | 'washing_machine' | 'internet' | 'parking' | 'garden'
export type Perk = Exclude<Feature, Amenity>
export type Gender = 'male' | 'female'

/** The input plus what the templates derive from it. */
export interface Facts extends DescriptionInput {
  c: string // city name
  s: number // size in m²
  n: number // rooms of the flat (at least 2 when a room of it is let)
  apt: boolean // the whole flat is let
  shared: boolean // a place in a shared room
  studio: boolean // a one-room flat
  sized: boolean // a room listing whose size is the room's own (small), not the flat's
  short: boolean
}

export type Text = string | ((f: Facts) => string)

export interface LanguagePack {
  opening: Record<SeedPropertyType, Text[]>
  term: Record<'short' | 'long', Text[]>
  furnished: Record<'yes' | 'no', Text[]>
  termFurnished: Text[]
  contract: Record<'yes' | 'no', Text[]>
  gender: Record<Gender, Text[]>
  genderClosing: Record<Gender, Text[]>
  closing: Text[]
  amenity: Record<Amenity, string>
  perk: Record<Perk, string>
  features: (f: Facts, amenities: string[], perks: string[]) => string
}

/** The first letter in upper case, by the language's rules (Turkish dotted İ). */
export const cap = (s: string, locale: string): string => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1)

/** "a, b and c" with the language's conjunction, which may depend on the next word (es y/e, it e/ed). */
export function list(items: readonly string[], and: string | ((next: string) => string), comma = ', '): string {
  const last = items[items.length - 1] ?? ''
  if (items.length < 2) return last
  return `${items.slice(0, -1).join(comma)} ${typeof and === 'string' ? and : and(last)} ${last}`
}
