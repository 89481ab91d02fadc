import type { LocaleCode } from '../../../shared/locales.ts'
import { EUR_PER_UNIT, formatNumber, formatRent } from '../../../shared/money.ts'
import type { AiAnalysis, AiComparison, AiPreferences } from '../../../shared/schemas/ai.ts'
import type { Listing } from '../../../shared/schemas/listing.ts'
import { aiText, type AiTextKey } from './ai-texts.ts'
import type { aiRepo } from './ai.repo.ts'
import { FAR_BELOW_MEDIAN, MIN_SAMPLE, redFlagsOf } from './red-flags.ts'

type AiRepo = ReturnType<typeof aiRepo>
type Fit = AiAnalysis['fit']
type Price = AiAnalysis['price']
export type Analysis = Omit<AiAnalysis, 'remaining_credits'>

/** A listing's monthly rent in EUR (prices of every currency compared alike), null when negotiable. */
export function rentEurOf(listing: Listing): number | null {
  if (listing.rent === null || listing.rent === 0) return null
  return Math.round(listing.rent * (EUR_PER_UNIT[listing.currency] ?? 1))
}

const euros = (amount: number, language: LocaleCode) => formatRent(amount, 'EUR', language)

/** Whether the reader set any preference `fitOf` checks: without one, no listing is said to match "your preferences". */
export function hasPreferences(p: AiPreferences): boolean {
  return (
    p.budget_min !== null ||
    p.budget_max !== null ||
    p.cities.length > 0 ||
    p.type !== null ||
    p.term !== null ||
    (p.gender !== null && p.gender !== 'any') ||
    p.move_in !== null ||
    p.must_haves.length > 0
  )
}

/** How well a listing fits the reader's preferences: one check per preference set, the score the share that pass. */
export function fitOf(listing: Listing, prefs: AiPreferences, language: LocaleCode): Fit {
  const checks: Fit['checks'] = []
  const check = (criterion: string, ok: boolean, yes: AiTextKey, no: AiTextKey, values: Record<string, string> = {}) =>
    checks.push({ criterion, ok, reason: aiText(language, ok ? yes : no, values) })
  const rent = rentEurOf(listing)
  if (rent !== null && prefs.budget_max !== null && rent > prefs.budget_max)
    check('budget', false, 'budgetOk', 'budgetOver', { price: euros(prefs.budget_max, language) })
  else if (rent !== null && prefs.budget_min !== null && rent < prefs.budget_min)
    check('budget', false, 'budgetOk', 'budgetUnder', { price: euros(prefs.budget_min, language) })
  else if (rent !== null && (prefs.budget_max !== null || prefs.budget_min !== null))
    check('budget', true, 'budgetOk', 'budgetOver')
  if (prefs.cities.length > 0) check('city', prefs.cities.includes(listing.city), 'cityOk', 'cityOther')
  if (prefs.type) check('type', listing.type === prefs.type, 'typeOk', 'typeOther')
  if (prefs.term) check('term', listing.term === prefs.term, 'termOk', 'termOther')
  if (prefs.gender && prefs.gender !== 'any')
    check('gender', listing.gender_pref === 'any' || listing.gender_pref === prefs.gender, 'genderOk', 'genderOther')
  if (prefs.move_in)
    check('move_in', listing.start_date === null || listing.start_date <= prefs.move_in, 'moveInOk', 'moveInLate')
  for (const must of prefs.must_haves) {
    if (must === 'furnished') check('furnished', listing.furnished, 'furnishedOk', 'furnishedNo')
    if (must === 'contract') check('contract', listing.has_contract, 'contractOk', 'contractNo')
    if (must === 'photos') check('photos', listing.photos.length > 0, 'photosOk', 'photosNo')
  }
  const score = checks.length ? Math.round((100 * checks.filter((c) => c.ok).length) / checks.length) : null
  return { score, checks }
}

/** The fair-price verdict: the rent against the median of the same city, type and term in our data. */
export function priceOf(
  listing: Listing,
  comparables: { medianEur: number | null; sampleSize: number },
  language: LocaleCode,
): Price {
  const rent = rentEurOf(listing)
  const { medianEur, sampleSize } = comparables
  const base = { rent_eur: rent, median_eur: medianEur, sample_size: sampleSize }
  if (rent === null) return { ...base, verdict: 'unknown', reason: aiText(language, 'priceNegotiable') }
  if (medianEur === null || sampleSize < MIN_SAMPLE)
    return {
      ...base,
      verdict: 'unknown',
      reason: aiText(language, 'priceUnknown', { n: formatNumber(sampleSize, language) }),
    }
  const ratio = rent / medianEur
  const verdict =
    ratio < FAR_BELOW_MEDIAN
      ? 'suspiciously_low'
      : ratio < 0.9
        ? 'below_market'
        : ratio <= 1.1
          ? 'fair'
          : ratio <= 1.3
            ? 'above_market'
            : 'overpriced'
  const values = {
    pct: formatNumber(Math.round(Math.abs(1 - ratio) * 100), language),
    median: euros(medianEur, language),
    n: formatNumber(sampleSize, language),
  }
  return { ...base, verdict, reason: aiText(language, verdict, values) }
}

/** Price, fit and red flags of one listing (no credit taken here: the caller charges). */
export async function analyse(
  repo: AiRepo,
  listing: Listing,
  prefs: AiPreferences,
  language: LocaleCode,
): Promise<Analysis> {
  const comparables = await repo.comparables(listing.id)
  const copies = await repo.copies(listing.id)
  const price = priceOf(listing, comparables, language)
  const red_flags = redFlagsOf(
    {
      texts: [listing.description, listing.original_description ?? ''].filter(Boolean),
      rentEur: price.rent_eur,
      medianEur: comparables.medianEur,
      sampleSize: comparables.sampleSize,
      duplicateText: copies.text,
      duplicatePhotos: copies.photos,
    },
    language,
  )
  const summary = red_flags.length
    ? aiText(language, 'flags', { n: formatNumber(red_flags.length, language) }, red_flags.length)
    : aiText(language, 'noFlags')
  return { listing_id: listing.id, price, fit: fitOf(listing, prefs, language), red_flags, summary }
}

type Side = 1 | 2 | null
const better = (a: number | null, b: number | null, higher: boolean): Side =>
  a === null || b === null || a === b ? null : a > b === higher ? 1 : 2

/** Two listings side by side, and which is the better choice for this reader (or neither). */
export function comparison(
  pair: [Listing, Listing],
  analyses: [Analysis, Analysis],
  prefs: AiPreferences,
  language: LocaleCode,
): Omit<AiComparison, 'remaining_credits'> {
  const t = (key: AiTextKey) => aiText(language, key)
  const yesNo = (v: boolean) => t(v ? 'yes' : 'no')
  const num = (v: number | null) => (v === null ? null : formatNumber(v, language))
  const [a, b] = pair
  const row = (key: string, label: AiTextKey, values: Array<string | null>, side: Side) => ({
    key,
    label: t(label),
    values,
    better: side,
  })
  const facts = [
    row(
      'rent',
      'factRent',
      pair.map((l) => (l.rent ? formatRent(l.rent, l.currency, language) : null)),
      better(rentEurOf(a), rentEurOf(b), false),
    ),
    row(
      'price',
      'factPrice',
      analyses.map((x) => x.price.reason),
      null,
    ),
    row(
      'type',
      'factType',
      pair.map((l) => t(l.type)),
      null,
    ),
    row(
      'city',
      'factCity',
      pair.map((l) => l.city_name),
      null,
    ),
    row(
      'term',
      'factTerm',
      pair.map((l) => t(l.term)),
      null,
    ),
    row(
      'move_in',
      'factMoveIn',
      pair.map((l) => l.start_date ?? t('now')),
      null,
    ),
    row(
      'contract',
      'factContract',
      pair.map((l) => yesNo(l.has_contract)),
      better(+a.has_contract, +b.has_contract, true),
    ),
    row(
      'furnished',
      'factFurnished',
      pair.map((l) => yesNo(l.furnished)),
      null,
    ),
    row(
      'size',
      'factSize',
      pair.map((l) => num(l.size_m2)),
      better(a.size_m2, b.size_m2, true),
    ),
    row(
      'rooms',
      'factRooms',
      pair.map((l) => num(l.rooms)),
      better(a.rooms, b.rooms, true),
    ),
    row(
      'photos',
      'factPhotos',
      pair.map((l) => num(l.photos.length)),
      better(a.photos.length, b.photos.length, true),
    ),
    row(
      'red_flags',
      'factFlags',
      analyses.map((x) => num(x.red_flags.length)),
      better(analyses[0].red_flags.length, analyses[1].red_flags.length, false),
    ),
  ]
  // one point per way a listing is clearly better: price for its area, fewer red flags, fit to the reader
  const points = [0, 0]
  const reasons: string[] = []
  const ratio = (x: Analysis) =>
    x.price.rent_eur !== null && x.price.median_eur && x.price.sample_size >= MIN_SAMPLE
      ? x.price.rent_eur / x.price.median_eur
      : null
  const [ra, rb] = [ratio(analyses[0]), ratio(analyses[1])]
  const award = (side: Side, key: AiTextKey) => {
    if (!side) return
    points[side - 1]!++
    reasons.push(aiText(language, key, { n: formatNumber(side, language) }))
  }
  // the cheaper one, unless it is so cheap it is itself a warning sign
  if (ra !== null && rb !== null && Math.abs(ra - rb) > 0.05 && Math.min(ra, rb) >= FAR_BELOW_MEDIAN)
    award(ra < rb ? 1 : 2, 'cheaperForArea')
  award(better(analyses[0].red_flags.length, analyses[1].red_flags.length, false), 'fewerFlags')
  const [fa, fb] = [fitOf(a, prefs, language).score, fitOf(b, prefs, language).score]
  if (fa !== null && fb !== null && Math.abs(fa - fb) >= 10) award(fa > fb ? 1 : 2, 'fitsBetter')
  const winner: Side = points[0] === points[1] ? null : points[0]! > points[1]! ? 1 : 2
  if (!reasons.length) reasons.push(t('even'))
  return {
    listings: pair,
    facts,
    price: analyses.map((x) => x.price),
    red_flags: analyses.map((x) => x.red_flags),
    verdict: { winner, reasons },
  }
}
