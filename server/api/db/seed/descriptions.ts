import type { LocaleCode } from '../../../../shared/locales.ts'
import {
  type Amenity,
  type DescriptionInput,
  type Facts,
  type Feature,
  type LanguagePack,
  type Perk,
  type Text,
} from './descriptions/language-pack.ts'
import { de } from './descriptions/de.ts'
import { en } from './descriptions/en.ts'
import { es } from './descriptions/es.ts'
import { fa } from './descriptions/fa.ts'
import { it } from './descriptions/it.ts'
import { tr } from './descriptions/tr.ts'

export type { DescriptionInput, SeedPropertyType } from './descriptions/language-pack.ts'

const AMENITIES: readonly Feature[] = ['balcony', 'elevator', 'washing_machine', 'internet', 'parking', 'garden']
const isAmenity = (x: Feature): x is Amenity => AMENITIES.includes(x)

const pick = <T>(xs: readonly T[], rand: () => number): T => xs[Math.floor(rand() * xs.length)]!

const PACKS: Record<LocaleCode, LanguagePack> = { fa, en, tr, es, de, it }

function factsOf(input: DescriptionInput): Facts {
  const apt = input.type === 'apartment'
  const rooms = Math.max(1, Math.round(input.rooms))
  const n = apt ? rooms : Math.max(2, rooms)
  const s = Math.round(input.sizeM2)
  return {
    ...input,
    c: input.cityName,
    s,
    n,
    apt,
    shared: input.type === 'shared_room',
    studio: apt && n === 1,
    sized: !apt && s <= 35,
    short: input.term === 'short',
  }
}

/** Writes a natural one-paragraph listing description (2-5 sentences) in input.language. `rand` returns [0,1). */
export function describeListing(input: DescriptionInput, rand: () => number): string {
  const pack = PACKS[input.language]
  const f = factsOf(input)
  const say = (texts: readonly Text[]): string => {
    const text = pick(texts, rand)
    return typeof text === 'string' ? text : text(f)
  }
  const wanted = [...new Set(input.features)]
  const amenities = wanted.filter(isAmenity).map((x) => pack.amenity[x])
  const perks = wanted.filter((x): x is Perk => !isAmenity(x)).map((x) => pack.perk[x])
  const features = amenities.length + perks.length > 0 ? pack.features(f, amenities, perks) : undefined
  const gender = input.genderPref === 'any' ? undefined : input.genderPref
  // opening + term/furnished + contract + closing, plus features and gender when present: 4 to 6 sentences.
  const count = 4 + (features ? 1 : 0) + (gender ? 1 : 0)

  const details =
    count === 4 && rand() < 0.6
      ? [say(pack.term[input.term]), say(pack.furnished[input.furnished ? 'yes' : 'no'])]
      : [say(pack.termFurnished)]
  const contract = say(pack.contract[input.hasContract ? 'yes' : 'no'])
  if (rand() < 0.5) details.push(contract)
  else details.unshift(contract)

  const sentences = [say(pack.opening[input.type])]
  if (features) sentences.push(features)
  sentences.push(...details)
  if (gender && (count === 6 || rand() < 0.4)) {
    sentences.push(say(pack.genderClosing[gender]))
  } else {
    if (gender) sentences.push(say(pack.gender[gender]))
    sentences.push(say(pack.closing))
  }
  return sentences.join(' ')
}

/** First names of Persian speakers in Latin script; SEED_FIRST_NAMES_FA holds the same names in the same order. */
export const SEED_FIRST_NAMES: string[] = [
  'Sara',
  'Reza',
  'Niloofar',
  'Arash',
  'Mahsa',
  'Kian',
  'Maryam',
  'Ali',
  'Shirin',
  'Amir',
  'Parisa',
  'Babak',
  'Leila',
  'Farhad',
  'Nazanin',
  'Behnam',
  'Yasaman',
  'Dariush',
  'Golnaz',
  'Mohammad',
  'Elham',
  'Hamid',
  'Roya',
  'Kaveh',
  'Negar',
  'Saeed',
  'Ladan',
  'Pouya',
  'Tara',
  'Mehdi',
  'Bahar',
  'Omid',
  'Azadeh',
  'Siavash',
  'Fatemeh',
  'Hossein',
  'Mina',
  'Navid',
  'Ghazal',
  'Peyman',
]

export const SEED_FIRST_NAMES_FA: string[] = [
  'سارا',
  'رضا',
  'نیلوفر',
  'آرش',
  'مهسا',
  'کیان',
  'مریم',
  'علی',
  'شیرین',
  'امیر',
  'پریسا',
  'بابک',
  'لیلا',
  'فرهاد',
  'نازنین',
  'بهنام',
  'یاسمن',
  'داریوش',
  'گلناز',
  'محمد',
  'الهام',
  'حمید',
  'رویا',
  'کاوه',
  'نگار',
  'سعید',
  'لادن',
  'پویا',
  'تارا',
  'مهدی',
  'بهار',
  'امید',
  'آزاده',
  'سیاوش',
  'فاطمه',
  'حسین',
  'مینا',
  'نوید',
  'غزل',
  'پیمان',
]
