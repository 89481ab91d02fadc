import type { LocaleCode } from '../../../shared/locales.ts'
import { EUR_PER_UNIT, formatNumber, formatRent } from '../../../shared/money.ts'
import type { AiFilters, AiSearchResult } from '../../../shared/schemas/ai.ts'
import type { Listing } from '../../../shared/schemas/listing.ts'
import { aiText } from './ai-texts.ts'

export interface SearchContext {
  language: LocaleCode
  filters: AiFilters
  total: number
  limit: number
  /** The listings ranked (the first page of the normal search). */
  pool: Listing[]
  countryName: string | undefined
  /** The currency prices of the search are in (the country's, else EUR). */
  currency: string
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
/** A round price a person would type: to 50 (or to 1000 above 10 000, for lira, krona and rial). */
const round = (value: number) => {
  const step = value > 10_000 ? 1000 : 50
  return Math.max(step, Math.round(value / step) * step)
}

/** What the results say, in a few sentences written from templates in the reader's language. */
export function searchInsights(c: SearchContext, ranked: Array<{ score: number | null }>): string[] {
  const { language } = c
  const out: string[] = []
  if (Object.keys(c.filters).length === 0) out.push(aiText(language, 'nothingUnderstood'))
  if (c.total === 0) return [...out, aiText(language, 'none')]
  out.push(aiText(language, 'found', { n: formatNumber(c.total, language) }, c.total))
  // Prices are said as the cards show them: the listing's own rent through formatRent, rounded once there.
  const priced = c.pool.filter((l): l is Listing & { rent: number } => l.rent !== null && l.rent !== 0)
  const eurOf = (l: { rent: number; currency: string }) => l.rent * (EUR_PER_UNIT[l.currency] ?? 1)
  if (priced.length >= 3) {
    const currencies = new Set(priced.map((l) => l.currency))
    const [only] = currencies
    const price =
      currencies.size === 1 && only
        ? formatRent(median(priced.map((l) => l.rent)), only, language)
        : formatRent(median(priced.map(eurOf)) / (EUR_PER_UNIT[c.currency] ?? 1), c.currency, language)
    out.push(aiText(language, 'median', { price }))
  }
  const cheapest = priced.reduce<(typeof priced)[number] | undefined>(
    (low, l) => (low === undefined || eurOf(l) < eurOf(low) ? l : low),
    undefined,
  )
  if (cheapest)
    out.push(aiText(language, 'cheapest', { price: formatRent(cheapest.rent, cheapest.currency, language) }))
  const good = ranked.filter((r) => r.score !== null && r.score >= 80).length
  if (ranked.some((r) => r.score !== null))
    out.push(aiText(language, 'bestFit', { n: formatNumber(good, language) }, good))
  return out
}

type Refinement = AiSearchResult['search_summary']['suggested_refinements'][number]

/** One-click changes: looser ones when there are few results, narrower ones when there are many; at most four. */
export function searchRefinements(c: SearchContext): Refinement[] {
  const { filters: f, language } = c
  const out: Refinement[] = []
  const without = (...names: Array<keyof AiFilters>) =>
    Object.fromEntries(Object.entries(f).filter(([k]) => !names.includes(k as keyof AiFilters))) as AiFilters
  const price = (value: number) => formatRent(value, c.currency, language)
  if (c.total < c.limit) {
    if (f.max_price !== undefined) {
      const raised = round(f.max_price * 1.25)
      out.push({
        label: aiText(language, 'raiseBudget', { price: price(raised) }),
        filters: { ...f, max_price: raised },
      })
    }
    if (f.city && f.country && c.countryName)
      out.push({ label: aiText(language, 'wholeCountry', { country: c.countryName }), filters: without('city') })
    if (f.start_date) out.push({ label: aiText(language, 'anyMoveIn'), filters: without('start_date') })
    if (f.gender_pref) out.push({ label: aiText(language, 'anyGender'), filters: without('gender_pref') })
    if (f.has_contract !== undefined)
      out.push({ label: aiText(language, 'anyContract'), filters: without('has_contract') })
    if (f.term) out.push({ label: aiText(language, 'anyTerm'), filters: without('term') })
    if (f.type === 'apartment')
      out.push({ label: aiText(language, 'roomsOnly'), filters: { ...f, type: 'private_room' } })
    else if (f.type) out.push({ label: aiText(language, 'anyType'), filters: without('type') })
  } else if (c.total > c.limit * 4) {
    if (f.has_contract === undefined)
      out.push({ label: aiText(language, 'onlyContract'), filters: { ...f, has_contract: true } })
    const rents = c.pool.flatMap((l) => (l.rent && l.currency === c.currency ? [l.rent] : []))
    const cap = f.max_price !== undefined ? f.max_price * 0.85 : rents.length >= 3 ? median(rents) : undefined
    if (cap !== undefined && (f.min_price === undefined || round(cap) > f.min_price))
      out.push({
        label: aiText(language, 'lowerBudget', { price: price(round(cap)) }),
        filters: { ...f, max_price: round(cap) },
      })
    if (!f.type) out.push({ label: aiText(language, 'roomsOnly'), filters: { ...f, type: 'private_room' } })
  }
  return out.slice(0, 4)
}
