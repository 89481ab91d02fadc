import { parseWholeAmount } from '../../../shared/money.ts'
import { ALERT_FILTER_NAMES } from '../../../shared/alert-options.ts'
import type { ListingSort } from '../../../shared/constants.ts'

/** The query of GET /listings that the page keeps in its URL: the filters an alert can save (the map's area too), the sort and the page. */
export const FILTER_KEYS = [...ALERT_FILTER_NAMES, 'sort', 'page'] as const

/** sort_by/order of older links map to the API's sorts (created_at → newest, rent → price_asc, or price_desc with order=desc); none means the API's default, boosted. */
export function sortFrom(params: URLSearchParams): ListingSort | undefined {
  const sort = params.get('sort')
  if (sort === 'boosted' || sort === 'newest' || sort === 'price_asc' || sort === 'price_desc') return sort
  const by = params.get('sort_by')
  const order = params.get('order')
  if (by === 'created_at') return 'newest'
  if (by === 'rent') return order === 'desc' ? 'price_desc' : 'price_asc'
  return undefined
}

/**
 * The API query of a listings URL: known keys only, empty values dropped, status 'all'
 * dropped, prices parsed to whole numbers (Persian digits and thousands separators as typed), and
 * their currency kept only beside a price (docs/decisions/005-cross-currency-price-filters.md).
 */
export function toApiQuery(params: URLSearchParams): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim()
    if (!value || value === 'null' || value === 'undefined') continue
    if (key === 'min_price' || key === 'max_price') {
      const amount = parseWholeAmount(value)
      if (amount !== null) out[key] = amount
      continue
    }
    out[key] = key === 'price_currency' ? value.toUpperCase() : value
  }
  if (out.min_price === undefined && out.max_price === undefined) delete out.price_currency
  const sort = sortFrom(params)
  if (sort) out.sort = sort
  else delete out.sort
  return out
}
