import { EUR_PER_UNIT } from '../../../shared/money.ts'
import type { AiFilters, MustHave } from '../../../shared/schemas/ai.ts'
import { normalizeSearchText as fold } from '../../../shared/text.ts'
import * as V from './query-vocabulary.ts'

/** The places a query may name: every name of the locations table (all six languages), folded by the parser. */
export interface Gazetteer {
  countries: Array<{ code: string; currency: string; names: string[] }>
  cities: Array<{ key: string; country_code: string; names: string[] }>
}

/** What a query was understood as: GET /listings filters and what the reader insists on beyond them. */
export interface UnderstoodQuery {
  filters: AiFilters
  must_haves: MustHave[]
}

const LETTER = '[\\p{L}\\p{N}]'
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
function alternation(words: Iterable<string>): string {
  // Persian compounds are written with a space, a ZWNJ (folded away) or nothing: "کوتاه مدت", "کوتاه‌مدت"
  const folded = [...words].map(fold)
  return [
    ...new Set([
      ...folded,
      ...folded.filter((w) => /[\u0600-\u06ff] [\u0600-\u06ff]/.test(w)).map((w) => w.replace(/ /g, '')),
    ]),
  ]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')
}
/** Whole words only: never inside another word (Persian and Latin letters alike). */
const words = (list: Iterable<string>) => `(?<!${LETTER})(?:${alternation(list)})(?!${LETTER})`
const wordRe = (list: Iterable<string>) => new RegExp(words(list), 'u')

const CURRENCY_OF = new Map<string, string>()
for (const [code, names] of Object.entries(V.CURRENCIES)) for (const name of names) CURRENCY_OF.set(fold(name), code)
const CURRENCY_NAMES = alternation(CURRENCY_OF.keys())
const CUR = `(?:${CURRENCY_NAMES})(?!\\p{L})`
/** A currency after the number may carry a Turkish case ending ("700 sterlinden az"). */
const CUR_AFTER = `(?:${CURRENCY_NAMES})(?=(?:'?(?:den|dan|ten|tan|ye|ya|e|a|in|un|nin|nun))?(?!${LETTER}))`
const SCALES = new Map(Object.entries(V.NUMBER_SCALES).map(([w, n]) => [fold(w), n]))
const NUM = `(\\d+(?:[.,'\\u066c]\\d+)*)(?:\\s?(${alternation(SCALES.keys())})(?!${LETTER}))?`
/** A price: an optional currency, the number (and scale), an optional currency — four groups. */
const PRICE = `(?:(${CUR})\\s*)?${NUM}(?:\\s*(${CUR_AFTER}))?`
const PRICE_GROUPS = 4

interface Price {
  value: number
  currency: string | undefined
}

function readNumber(digits: string, scale: string | undefined): number {
  const grouped = /^\d{1,3}(?:[.,'\u066c]\d{3})+$/.test(digits)
  const value = grouped ? Number(digits.replace(/[.,'\u066c]/g, '')) : Number(digits.replace(',', '.'))
  return value * (scale ? (SCALES.get(scale) ?? 1) : 1)
}

function priceAt(m: RegExpExecArray, first: number): Price | null {
  const digits = m[first + 1]
  if (!digits) return null
  const value = readNumber(digits, m[first + 2])
  const said = m[first] ?? m[first + 3]
  const currency = said ? CURRENCY_OF.get(said) : undefined
  if (!Number.isFinite(value)) return null
  // Without a currency a small number is a count or a day ("from 1 March", "3 rooms"), and a year is a year.
  if (!currency && (value < 50 || (value >= 2024 && value <= 2035))) return null
  return { value, currency }
}

const MAX_BEFORE = new RegExp(`(?<!${LETTER})(?:${alternation(V.MAX_BEFORE)})\\s*:?\\s*${PRICE}`, 'gu')
const MIN_BEFORE = new RegExp(`(?<!${LETTER})(?:${alternation(V.MIN_BEFORE)})\\s*:?\\s*${PRICE}`, 'gu')
const AFTER_SUFFIX = `(?:'?[a-z]{1,4})?`
const MAX_AFTER = new RegExp(`${PRICE}\\s*${AFTER_SUFFIX}\\s*(?:${alternation(V.MAX_AFTER)})(?!${LETTER})`, 'gu')
const MIN_AFTER = new RegExp(
  `${PRICE}(?:\\s*${AFTER_SUFFIX}\\s*(?:${alternation(V.MIN_AFTER)})(?!${LETTER})|\\s*\\+)`,
  'gu',
)
const RANGE_AROUND = V.RANGE_AROUND.map(
  ([before, middle]) =>
    new RegExp(`(?<!${LETTER})${escape(fold(before))}\\s+${PRICE}\\s*${escape(fold(middle))}\\s+${PRICE}`, 'gu'),
)
const RANGE_MIDDLE = new RegExp(
  `${PRICE}\\s*(?:[-–]|(?<!${LETTER})(?:${alternation(V.RANGE_MIDDLE.filter((w) => /\p{L}/u.test(w)))})(?!${LETTER}))\\s*${PRICE}`,
  'gu',
)
const BARE_PRICE = new RegExp(`(?:(${CUR})\\s*${NUM}|${NUM}\\s*(${CUR_AFTER}))`, 'gu')

const TYPES = {
  shared: wordRe(V.TYPE_WORDS.shared_room),
  private: wordRe(V.TYPE_WORDS.private_room),
  apartment: wordRe(V.TYPE_WORDS.apartment),
  room: wordRe(V.TYPE_WORDS.room),
  home: wordRe(V.TYPE_WORDS.home),
}
const FEMALE = wordRe(V.GENDER_WORDS.female)
const MALE = wordRe(V.GENDER_WORDS.male)
const SHORT = wordRe(V.TERM_WORDS.short)
const LONG = wordRe(V.TERM_WORDS.long)
const STAY = new RegExp(`(?<!${LETTER})(\\d{1,2})\\s*(?:${alternation(V.MONTHS_WORDS)})(?!${LETTER})`, 'u')
const WITHOUT_CONTRACT = wordRe(V.CONTRACT_WORDS.without)
const WITH_CONTRACT = wordRe(V.CONTRACT_WORDS.with)
const FURNISHED = wordRe(V.MUST_HAVE_WORDS.furnished)
const PHOTOS = wordRe(V.MUST_HAVE_WORDS.photos)
const NOW = wordRe(V.NOW_WORDS)
const CONTEXT = `(?<!${LETTER})(?:${alternation(V.MONTH_CONTEXT)})\\s+(?:\\d{1,2}\\.?\\s*)?`
const YEAR = `(?:\\s*(20\\d\\d))?`
const GREGORIAN = V.MONTH_NAMES.map((names, i) => {
  const inContext = V.MONTH_NAMES_IN_CONTEXT[i] ?? []
  const plain = names.length ? `${words(names)}` : null
  const ctx = inContext.length ? `${CONTEXT}${words(inContext)}` : null
  return new RegExp(`(?:${[plain, ctx].filter(Boolean).join('|')})${YEAR}`, 'u')
})
const SOLAR = V.SOLAR_MONTHS.map((m) => new RegExp(`${m.inContext ? CONTEXT : ''}${words(m.names)}`, 'u'))

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()

/** "from March": the listing must be free by the end of the next March (this one if it is still to come). */
function moveInDate(text: string, today: Date): string | undefined {
  const y = today.getUTCFullYear()
  const todayIso = iso(y, today.getUTCMonth() + 1, today.getUTCDate())
  let found: { at: number; date: string } | undefined
  const consider = (at: number, date: string) => {
    if (!found || at < found.at) found = { at, date }
  }
  GREGORIAN.forEach((re, i) => {
    const m = re.exec(text)
    if (!m) return
    const month = i + 1
    const year = m[1] ? Number(m[1]) : month < today.getUTCMonth() + 1 ? y + 1 : y
    consider(m.index, iso(year, month, lastDay(year, month)))
  })
  SOLAR.forEach((re, i) => {
    const m = re.exec(text)
    if (!m) return
    const [month, day] = V.SOLAR_MONTHS[i]!.ends
    const date = iso(y, month, day)
    consider(m.index, date < todayIso ? iso(y + 1, month, day) : date)
  })
  if (found) return found.date
  return NOW.test(text) ? todayIso : undefined
}

/** A price said in one currency, in the currency of the country searched (prices of GET /listings are in it). */
function inCurrency(price: Price, target: string): number {
  const from = price.currency === 'TOMAN' ? 'IRR' : price.currency
  const value = price.currency === 'TOMAN' ? price.value * 10 : price.value
  const a = from ? EUR_PER_UNIT[from] : undefined
  const b = EUR_PER_UNIT[target]
  return Math.round(a && b && from !== target ? (value * a) / b : value)
}

function readPrices(input: string): { min?: Price; max?: Price } {
  let text = input
  const out: { min?: Price; max?: Price } = {}
  // each match is blanked out, so a later, looser pattern cannot read the same number again
  const take = (re: RegExp, accept: (m: RegExpExecArray) => boolean) => {
    re.lastIndex = 0
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (accept(m)) text = text.slice(0, m.index) + ' '.repeat(m[0].length) + text.slice(m.index + m[0].length)
    }
  }
  const range = (m: RegExpExecArray) => {
    const low = priceAt(m, 1)
    const high = priceAt(m, 1 + PRICE_GROUPS)
    if (!low || !high || out.min || out.max) return false
    const currency = low.currency ?? high.currency
    // "400-700 €": the currency said once is both ends'
    out.min = { ...low, currency }
    out.max = { ...high, currency }
    return true
  }
  for (const re of RANGE_AROUND) take(re, range)
  take(RANGE_MIDDLE, range)
  const bound = (side: 'min' | 'max') => (m: RegExpExecArray) => {
    const price = priceAt(m, 1)
    if (!price || out[side]) return false
    out[side] = price
    return true
  }
  take(MAX_BEFORE, bound('max'))
  take(MAX_AFTER, bound('max'))
  take(MIN_AFTER, bound('min'))
  take(MIN_BEFORE, bound('min'))
  take(BARE_PRICE, (m) => {
    if (out.max) return false
    const said = m[1] ?? m[6]
    const digits = m[2] ?? m[4]
    if (!digits) return false
    out.max = { value: readNumber(digits, m[3] ?? m[5]), currency: said ? CURRENCY_OF.get(said) : undefined }
    return true
  })
  return out
}

interface PlaceName {
  city?: { key: string; country: string }
  country?: string
}

const placeIndexes = new WeakMap<Gazetteer, { re: RegExp; byName: Map<string, PlaceName[]> }>()
function placeIndex(places: Gazetteer) {
  let index = placeIndexes.get(places)
  if (index) return index
  const byName = new Map<string, PlaceName[]>()
  const add = (name: string, place: PlaceName) => {
    const key = fold(name)
    if (!key) return
    const list = byName.get(key) ?? []
    list.push(place)
    byName.set(key, list)
  }
  for (const c of places.countries)
    for (const name of [...c.names, ...(V.PLACE_ALIASES[c.code] ?? [])]) add(name, { country: c.code })
  for (const c of places.cities)
    for (const name of [...c.names, ...(V.PLACE_ALIASES[c.key] ?? [])])
      add(name, { city: { key: c.key, country: c.country_code } })
  // Turkish case endings join the name ("Berlin'de", "Berlinde")
  const re = new RegExp(
    `(?<!${LETTER})(${alternation(byName.keys())})(?:'?(?:da|de|ta|te|dan|den|tan|ten)|'[a-z]{1,4})?(?!${LETTER})`,
    'gu',
  )
  index = { re, byName }
  placeIndexes.set(places, index)
  return index
}

function readPlace(text: string, places: Gazetteer): { country?: string; city?: string } {
  const { re, byName } = placeIndex(places)
  re.lastIndex = 0
  const cities: Array<{ key: string; country: string; length: number }> = []
  const countries: string[] = []
  for (const m of text.matchAll(re)) {
    for (const place of byName.get(m[1]!) ?? []) {
      if (place.city) cities.push({ ...place.city, length: m[1]!.length })
      if (place.country) countries.push(place.country)
    }
  }
  const country = countries[0]
  // a city in the named country wins; else the longest name said
  const city =
    cities.find((c) => c.country === country) ?? [...cities].sort((a, b) => b.length - a.length)[0] ?? undefined
  if (city) return { country: city.country, city: city.key }
  return country ? { country } : {}
}

/** Turns a free-text query in any of the six languages into GET /listings filters; deterministic for a given `today`. */
export function parseQuery(query: string, places: Gazetteer, today: Date): UnderstoodQuery {
  const text = fold(query)
  const filters: AiFilters = {}
  const must: MustHave[] = []

  const place = readPlace(text, places)
  if (place.country) filters.country = place.country
  if (place.city) filters.city = place.city

  const prices = readPrices(text)
  const target = places.countries.find((c) => c.code === filters.country)?.currency ?? 'EUR'
  if (prices.min) filters.min_price = inCurrency(prices.min, target)
  if (prices.max) filters.max_price = inCurrency(prices.max, target)
  if (filters.min_price !== undefined && filters.max_price !== undefined && filters.min_price > filters.max_price)
    [filters.min_price, filters.max_price] = [filters.max_price, filters.min_price]

  if (TYPES.shared.test(text)) filters.type = 'shared_room'
  else if (TYPES.private.test(text)) filters.type = 'private_room'
  else if (TYPES.apartment.test(text)) filters.type = 'apartment'
  else if (TYPES.room.test(text)) filters.type = 'private_room'
  else if (TYPES.home.test(text)) filters.type = 'apartment'

  const female = FEMALE.test(text)
  const male = MALE.test(text)
  if (female !== male) filters.gender_pref = female ? 'female' : 'male'

  const stay = STAY.exec(text)
  if (SHORT.test(text)) filters.term = 'short'
  else if (LONG.test(text)) filters.term = 'long'
  else if (stay) filters.term = Number(stay[1]) <= V.SHORT_STAY_MAX_MONTHS ? 'short' : 'long'

  if (WITHOUT_CONTRACT.test(text)) filters.has_contract = false
  else if (WITH_CONTRACT.test(text)) {
    filters.has_contract = true
    must.push('contract')
  }
  if (FURNISHED.test(text)) must.push('furnished')
  if (PHOTOS.test(text)) must.push('photos')

  const moveIn = moveInDate(text, today)
  if (moveIn) filters.start_date = moveIn
  return { filters, must_haves: must }
}
