import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../constants.ts'
import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '../locales.ts'

/** A query-string boolean: true/false/1/0. */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const LanguageParam = z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]])

/** An empty query value is no value: it gets the default, as an absent one does. */
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value)
/** A query number read as a whole number: `300.7` is 300; anything that is not a number is refused. */
const wholeNumber = z.coerce.number().transform((n) => Math.trunc(n))

/**
 * A page number or page size in the query: read as a whole number and brought into min–max
 * (`limit=0` is 1, `limit=500` is 100), never refused for its size; the answer's pagination says
 * what was used. Not a number is still a 400.
 */
export function clampedInt(min: number, max: number, fallback: number) {
  return z.preprocess(emptyIsAbsent, wholeNumber.transform((n) => Math.min(max, Math.max(min, n))).default(fallback))
}

/** An optional whole-number filter in the query (a price): decimals dropped, empty is absent, outside min–max refused. */
export function queryInt(min: number, max: number) {
  return z.preprocess(emptyIsAbsent, wholeNumber.pipe(z.number().min(min).max(max)).optional())
}

export const PageParam = clampedInt(1, MAX_PAGE_NUMBER, 1)
export const LimitParam = clampedInt(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

/** The pagination object of every list answer (items_per_page defaults to 20). */
export const PaginationSchema = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
  items_per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
  /** True when counting stopped at the cap and total_items is a floor. */
  total_is_capped: z.boolean().optional(),
})
export type Pagination = z.infer<typeof PaginationSchema>

/** The pagination object of page `page` of `limit` items out of `total`. */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit))
  return {
    current_page: page,
    total_pages: totalPages,
    total_items: total,
    items_per_page: limit,
    has_next: page < totalPages,
    has_prev: page > 1,
  }
}

/** A numeric id in the path (a listing's, a report's): a positive 32-bit integer. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** `?language=` of the answers that carry text in the reader's language. */
export const LanguageQuery = z.object({ language: LanguageParam.default(DEFAULT_LOCALE) })

/** GET /health: the API is up and its database answers. */
export const HealthSchema = z.object({ status: z.literal('ok') })

/** Wraps a data schema in the success envelope {success, data, error: null, timestamp} (docs/decisions/013-error-envelope-and-codes.md). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, error: z.null(), timestamp: z.string() })
}
