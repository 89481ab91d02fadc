// AI search options as plain values: pages import them without zod (docs/decisions/012-wire-contract.md).

/** AI search: `limit` default 5, at most 20 (docs/decisions/021-ai-search-and-credits.md). */
export const AI_SEARCH_DEFAULT_LIMIT = 5
export const AI_SEARCH_MAX_LIMIT = 20
/** The longest query an AI search reads. */
export const AI_QUERY_MAX_LENGTH = 500
/** What a reader may insist on beyond the filters. */
export const MUST_HAVES = ['furnished', 'contract', 'photos'] as const
export type MustHave = (typeof MUST_HAVES)[number]
