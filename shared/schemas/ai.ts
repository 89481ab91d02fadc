import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { GENDER_PREFS, PROPERTY_TYPES, TERMS } from '../constants.ts'
import { clampedInt, LanguageParam } from './common.ts'
import { BboxText, ListingSchema, ListListingsFields, pricesInOrder } from './listing.ts'

import { AI_SEARCH_DEFAULT_LIMIT, AI_SEARCH_MAX_LIMIT, AI_QUERY_MAX_LENGTH, MUST_HAVES } from '../ai-options.ts'

export { AI_SEARCH_DEFAULT_LIMIT, AI_SEARCH_MAX_LIMIT, AI_QUERY_MAX_LENGTH, MUST_HAVES }
export type { MustHave } from '../ai-options.ts'

const Price = z.number().int().min(0).max(1_000_000_000)
const IsoDate = z.iso.date()

/** The search filters the AI understood or was given: GET /listings's query names and meanings. */
export const AiFiltersSchema = z.object({
  country: z.string().optional(),
  city: z.string().optional(),
  type: z.enum(PROPERTY_TYPES).optional(),
  term: z.enum(TERMS).optional(),
  min_price: z.number().optional(),
  max_price: z.number().optional(),
  gender_pref: z.enum(GENDER_PREFS).optional(),
  has_contract: z.boolean().optional(),
  start_date: z.string().optional(),
  /** The map's area, as GET /listings writes it (minLng,minLat,maxLng,maxLat). */
  bbox: z.string().optional(),
})
export type AiFilters = z.infer<typeof AiFiltersSchema>

/**
 * Filters sent with a search (the chips the reader kept, or a refinement's): when given, they are the whole set, and the query adds only must-haves.
 * GET /listings's filters as JSON: its fields, with prices and `has_contract` as JSON numbers and booleans.
 */
export const AiFiltersInput = pricesInOrder(
  ListListingsFields.pick({ country: true, city: true, type: true, term: true, gender_pref: true, start_date: true })
    .extend({
      min_price: Price.optional(),
      max_price: Price.optional(),
      has_contract: z.boolean().optional(),
      bbox: BboxText.optional(),
    })
    .strict(),
)

/** The reader's standing preferences (GET/PUT /ai/preferences); prices in EUR. */
export const AiPreferencesSchema = z.object({
  budget_min: z.number().int().nullable(),
  budget_max: z.number().int().nullable(),
  cities: z.array(z.string()),
  type: z.enum(PROPERTY_TYPES).nullable(),
  term: z.enum(TERMS).nullable(),
  gender: z.enum(GENDER_PREFS).nullable(),
  move_in: z.string().nullable(),
  must_haves: z.array(z.enum(MUST_HAVES)),
})
export type AiPreferences = z.infer<typeof AiPreferencesSchema>

export const EMPTY_AI_PREFERENCES: AiPreferences = {
  budget_min: null,
  budget_max: null,
  cities: [],
  type: null,
  term: null,
  gender: null,
  move_in: null,
  must_haves: [],
}

/** PUT /ai/preferences (the whole set; what is left out is cleared) and `user_preferences` of an analysis. */
export const AiPreferencesInput = z
  .strictObject({
    budget_min: Price.nullable().default(null),
    budget_max: Price.nullable().default(null),
    cities: z
      .array(z.string().trim().min(1).max(80))
      .max(10)
      .default([])
      .transform((c) => [...new Set(c)]),
    type: z.enum(PROPERTY_TYPES).nullable().default(null),
    term: z.enum(TERMS).nullable().default(null),
    gender: z.enum(GENDER_PREFS).nullable().default(null),
    move_in: IsoDate.nullable().default(null),
    must_haves: z
      .array(z.enum(MUST_HAVES))
      .max(MUST_HAVES.length)
      .default([])
      .transform((m) => [...new Set(m)]),
  })
  .refine((p) => p.budget_min === null || p.budget_max === null || p.budget_min <= p.budget_max, {
    message: 'must not be above budget_max',
    path: ['budget_min'],
  })

/** POST /ai/search. */
export const AiSearchBody = z.strictObject({
  query: z.string().trim().min(1).max(AI_QUERY_MAX_LENGTH),
  filters: AiFiltersInput.optional(),
  language: LanguageParam.default(DEFAULT_LOCALE),
  limit: clampedInt(1, AI_SEARCH_MAX_LIMIT, AI_SEARCH_DEFAULT_LIMIT),
})
export type AiSearchBody = z.infer<typeof AiSearchBody>

/** A one-click change to the search: its label in the reader's language and the filters it leads to. */
export const AiRefinementSchema = z.object({ label: z.string(), filters: AiFiltersSchema })

export const AiSearchResultSchema = z.object({
  listings: z.array(ListingSchema),
  search_summary: z.object({
    query: z.string(),
    total_results: z.number().int(),
    ai_insights: z.array(z.string()),
    suggested_refinements: z.array(AiRefinementSchema),
  }),
  remaining_credits: z.number().int(),
  /** What the query was understood as, to show as removable chips. */
  filters: AiFiltersSchema,
  /** Each listing's fit to the reader's preferences (0–100; null with no preferences to fit), in the order shown. */
  fit: z.array(z.object({ listing_id: z.number().int(), score: z.number().int().nullable() })),
  /** Which model read the query: `local` also when the configured one failed. */
  provider: z.enum(['local', 'openai']),
})
export type AiSearchResult = z.infer<typeof AiSearchResultSchema>

/** POST /ai/analyze-listing. */
export const AiAnalyzeBody = z.strictObject({
  listing_id: z.number().int().positive().max(2_147_483_647),
  user_preferences: AiPreferencesInput.optional(),
  language: LanguageParam.default(DEFAULT_LOCALE),
})

export const PRICE_VERDICTS = [
  'suspiciously_low',
  'below_market',
  'fair',
  'above_market',
  'overpriced',
  'unknown',
] as const
export const RED_FLAGS = [
  'rent_far_below_median',
  'owner_abroad',
  'deposit_before_viewing',
  'contact_off_platform',
  'duplicate_text',
  'duplicate_photos',
] as const

export const AiPriceSchema = z.object({
  verdict: z.enum(PRICE_VERDICTS),
  rent_eur: z.number().nullable(),
  median_eur: z.number().nullable(),
  /** How many comparable listings (same city, type and term) the median is of. */
  sample_size: z.number().int(),
  reason: z.string(),
})

export const AiFitSchema = z.object({
  /** 0–100; null when there are no preferences to fit. */
  score: z.number().int().nullable(),
  checks: z.array(z.object({ criterion: z.string(), ok: z.boolean(), reason: z.string() })),
})

export const AiRedFlagSchema = z.object({
  code: z.enum(RED_FLAGS),
  severity: z.enum(['high', 'medium']),
  reason: z.string(),
})
export type AiRedFlag = z.infer<typeof AiRedFlagSchema>

export const AiAnalysisSchema = z.object({
  listing_id: z.number().int(),
  price: AiPriceSchema,
  fit: AiFitSchema,
  red_flags: z.array(AiRedFlagSchema),
  summary: z.string(),
  remaining_credits: z.number().int(),
})
export type AiAnalysis = z.infer<typeof AiAnalysisSchema>

/** POST /ai/compare-listings. */
export const AiCompareBody = z
  .strictObject({
    listing_1_id: z.number().int().positive().max(2_147_483_647),
    listing_2_id: z.number().int().positive().max(2_147_483_647),
    language: LanguageParam.default(DEFAULT_LOCALE),
  })
  .refine((b) => b.listing_1_id !== b.listing_2_id, { message: 'must be another listing', path: ['listing_2_id'] })

export const AiComparisonSchema = z.object({
  listings: z.array(ListingSchema),
  /** One row per fact: its label in the reader's language, each side's value, and the better side (1, 2) or null. */
  facts: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: z.array(z.string().nullable()),
      better: z.number().int().nullable(),
    }),
  ),
  price: z.array(AiPriceSchema),
  red_flags: z.array(z.array(AiRedFlagSchema)),
  verdict: z.object({ winner: z.number().int().nullable(), reasons: z.array(z.string()) }),
  remaining_credits: z.number().int(),
})
export type AiComparison = z.infer<typeof AiComparisonSchema>
