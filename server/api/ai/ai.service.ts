import type { LocaleCode } from '../../../shared/locales.ts'
import {
  type AiAnalysis,
  type AiComparison,
  type AiFilters,
  type AiPreferences,
  type AiSearchBody,
  type AiSearchResult,
  type MustHave,
} from '../../../shared/schemas/ai.ts'
import { ListListingsQuery, type Listing } from '../../../shared/schemas/listing.ts'
import type { AiProvider } from '../../integrations/ai/ai-provider.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import type { PublicListingsService } from '../listings/public/public.service.ts'
import type { LocationsService } from '../locations/locations.service.ts'
import type { Viewer } from '../policy.ts'
import { aiRepo } from './ai.repo.ts'
import { aiCreditsRepo, type AiCharge } from './credits.repo.ts'
import { analyse, comparison, fitOf, hasPreferences } from './listing-analysis.ts'
import { searchInsights, searchRefinements } from './search-summary.ts'

/** How many listings of the normal search are ranked by fit before the best `limit` are shown. */
export const RANKING_POOL = 50

export interface AiServiceOptions {
  listings: PublicListingsService
  locations: LocationsService
  provider: AiProvider
  /** Today, for move-in months (tests fix it). */
  now?: () => Date
}

/** GET /listings's query from the AI's filters: the same names, as query-string values, through the same schema. */
function searchQuery(filters: AiFilters, language: LocaleCode) {
  const raw: Record<string, string> = { language, limit: String(RANKING_POOL), page: '1', sort: 'boosted' }
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) raw[name] = String(value)
  const parsed = ListListingsQuery.safeParse(raw)
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_ERROR',
      'The filters are not valid',
      parsed.error.issues.map((i) => ({ path: `filters.${i.path.join('.')}`, code: i.code, message: i.message })),
    )
  return parsed.data
}

/** AI search, analysis and comparison (docs/decisions/021-ai-search-and-credits.md): one credit per call, given back if the call fails. */
export function aiService(db: Db, options: AiServiceOptions) {
  const repo = aiRepo(db)
  const credits = aiCreditsRepo(db)
  const now = options.now ?? (() => new Date())

  /** Takes a credit, runs the call, and gives the credit back if the call throws; none left: 402 and nothing run. */
  async function charged<T extends object>(
    userId: number,
    reason: AiCharge,
    work: () => Promise<T>,
  ): Promise<T & { remaining_credits: number }> {
    const taken = await credits.take(userId, reason)
    if (!taken) throw new AppError('INSUFFICIENT_CREDITS', undefined, { reason: 'no_credits', remaining_credits: 0 })
    try {
      return { ...(await work()), remaining_credits: taken.remaining }
    } catch (err) {
      await credits.refund(userId, taken.ledgerId)
      throw err
    }
  }

  /** A listing the viewer may see (404 otherwise, before any credit is taken). */
  const visible = (viewer: Viewer, id: number, language: LocaleCode): Promise<Listing> =>
    options.listings.getFor(viewer, String(id), language)

  return {
    async search(viewer: Viewer, body: AiSearchBody): Promise<AiSearchResult> {
      const { language, limit } = body
      return charged(viewer.userId, 'search', async () => {
        const places = await options.locations.gazetteer()
        const understood = await options.provider.understand(body.query, { language, places, today: now() })
        // once the reader has chips, they are the filters: a chip removed stays removed though the words say it
        const filters: AiFilters = body.filters ?? understood.filters
        const page = await options.listings.searchFor(viewer, searchQuery(filters, language))
        const stored = await repo.preferences(viewer.userId)
        const prefs: AiPreferences = {
          ...stored,
          must_haves: [...new Set<MustHave>([...stored.must_haves, ...understood.must_haves])],
        }
        // the query's must-haves rank the results too, but a "match with your preferences" is only
        // said to a reader who set preferences
        const said = hasPreferences(stored)
        const ranked = page.listings
          .map((listing, order) => ({ listing, order, fit: fitOf(listing, prefs, language).score }))
          .sort((x, y) => (y.fit ?? 0) - (x.fit ?? 0) || x.order - y.order)
          .slice(0, limit)
          .map(({ listing, fit }) => ({ listing, score: said ? fit : null }))
        const total = page.pagination.total_items
        const countryName = filters.country
          ? (await options.locations.countries(language)).find((c) => c.code === filters.country)?.name
          : undefined
        const currency = places.countries.find((c) => c.code === filters.country)?.currency ?? 'EUR'
        const context = { language, filters, total, limit, pool: page.listings, countryName, currency }
        return {
          listings: ranked.map((r) => r.listing),
          search_summary: {
            query: body.query,
            total_results: total,
            ai_insights: searchInsights(context, ranked),
            suggested_refinements: searchRefinements(context),
          },
          filters,
          fit: ranked.map((r) => ({ listing_id: r.listing.id, score: r.score })),
          provider: understood.provider,
        }
      })
    },

    async analyze(
      viewer: Viewer,
      body: { listing_id: number; user_preferences?: AiPreferences; language: LocaleCode },
    ): Promise<AiAnalysis> {
      const listing = await visible(viewer, body.listing_id, body.language)
      return charged(viewer.userId, 'analyze', async () => {
        const prefs = body.user_preferences ?? (await repo.preferences(viewer.userId))
        return analyse(repo, listing, prefs, body.language)
      })
    },

    async compare(
      viewer: Viewer,
      body: { listing_1_id: number; listing_2_id: number; language: LocaleCode },
    ): Promise<AiComparison> {
      const { language } = body
      const pair: [Listing, Listing] = [
        await visible(viewer, body.listing_1_id, language),
        await visible(viewer, body.listing_2_id, language),
      ]
      return charged(viewer.userId, 'compare', async () => {
        const prefs = await repo.preferences(viewer.userId)
        const analyses = [
          await analyse(repo, pair[0], prefs, language),
          await analyse(repo, pair[1], prefs, language),
        ] as const
        return comparison(pair, [analyses[0], analyses[1]], prefs, language)
      })
    },

    preferences: (viewer: Viewer) => repo.preferences(viewer.userId),
    savePreferences: (viewer: Viewer, prefs: AiPreferences) => repo.savePreferences(viewer.userId, prefs),
  }
}
export type AiService = ReturnType<typeof aiService>
