import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants.ts'
import { LOCALE_CODES, type LocaleCode } from '../locales.ts'

/** A query-string boolean: true/false/1/0. */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const LanguageParam = z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]])

export const PageParam = z.coerce.number().int().min(1).max(10_000).default(1)
export const LimitParam = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)

/** The pagination object of SPEC §3. */
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

/** The SPEC §7 error object. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().nullable(),
})

/** Wraps a data schema in the SPEC §7 success envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, error: z.null(), timestamp: z.string() })
}
