import type { LocaleCode } from '../../../shared/locales.ts'
import type { AiFilters } from '../../../shared/schemas/ai.ts'
import { snakeKeys } from '../camelize.ts'
import type { Answer, Api } from './call.ts'

export type AiSearchResult = Omit<Answer<'AiSearchResultSchema'>, 'filters' | 'searchSummary'> & {
  filters: AiFilters
  searchSummary: Omit<Answer<'AiSearchResultSchema'>['searchSummary'], 'suggestedRefinements'> & {
    suggestedRefinements: Array<{ label: string; filters: AiFilters }>
  }
}
export type AiAnalysis = Answer<'AiAnalysisSchema'>
export type AiComparison = Answer<'AiComparisonSchema'>
export type AiPreferences = Answer<'AiPreferencesSchema'>
export type AiRedFlag = Answer<'AiRedFlagSchema'>

/** What PUT /ai/preferences takes (the whole set, snake_case as on the wire). */
export interface AiPreferencesInput {
  budget_min: number | null
  budget_max: number | null
  cities: string[]
  type: AiFilters['type'] | null
  term: AiFilters['term'] | null
  gender: AiFilters['gender_pref'] | null
  move_in: string | null
  must_haves: AiPreferences['mustHaves']
}

/** Filters keep GET /listings' query names (min_price, gender_pref), which the client's camelCasing would rename. */
const filterNames = (filters: object) => snakeKeys(filters as Record<string, unknown>) as AiFilters

/** /ai: natural-language search, listing analysis, comparison and the reader's preferences; each call but the preferences takes one credit (docs/decisions/021-ai-search-and-credits.md). */
export const aiApi = ({ call }: Api) => ({
  search: async (
    body: { query: string; filters?: AiFilters; limit?: number },
    language: LocaleCode,
    signal?: AbortSignal,
  ): Promise<AiSearchResult> => {
    const result = await call('AiSearchResultSchema', '/ai/search', {
      method: 'POST',
      body: { ...body, language },
      signal,
    })
    return {
      ...result,
      filters: filterNames(result.filters),
      searchSummary: {
        ...result.searchSummary,
        suggestedRefinements: result.searchSummary.suggestedRefinements.map((r) => ({
          label: r.label,
          filters: filterNames(r.filters),
        })),
      },
    }
  },
  analyze: (listingId: number, language: LocaleCode, preferences?: AiPreferencesInput) =>
    call('AiAnalysisSchema', '/ai/analyze-listing', {
      method: 'POST',
      body: { listing_id: listingId, language, ...(preferences ? { user_preferences: preferences } : {}) },
    }),
  compare: (listing1Id: number, listing2Id: number, language: LocaleCode) =>
    call('AiComparisonSchema', '/ai/compare-listings', {
      method: 'POST',
      body: { listing_1_id: listing1Id, listing_2_id: listing2Id, language },
    }),
  preferences: (signal?: AbortSignal) => call('AiPreferencesSchema', '/ai/preferences', { signal }),
  savePreferences: (body: AiPreferencesInput) =>
    call('AiPreferencesSchema', '/ai/preferences', { method: 'PUT', body }),
})
