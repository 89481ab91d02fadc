import type { I18n } from '@lingui/core'
import type { AiFilters } from '../../../shared/schemas/ai.ts'
import { filterPieces, searchPath, type FilterNames } from '../alerts/alert-filters.ts'

/** AI filters as GET /listings query values ("600", "true"), the shape the alert helpers read. */
export function filterValues(filters: AiFilters): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) out[name] = String(value)
  return out
}

/** A removable chip: its words, and the filter names removing it drops. */
export interface FilterChip {
  label: string
  names: Array<keyof AiFilters>
}

/**
 * What the AI understood, as chips in the reader's language (the alert summary's words). A city
 * stands for its country: removing it widens the search to the country, as the "whole country"
 * refinement does (docs/decisions/021-ai-search-and-credits.md).
 */
export function filterChips(filters: AiFilters, i18n: I18n, names: FilterNames): FilterChip[] {
  return filterPieces(filterValues(filters), i18n, names).flatMap((piece) => {
    const own = piece.names.filter((name): name is keyof AiFilters => name in filters)
    return own.length ? [{ label: piece.label, names: own }] : []
  })
}

/** The filters without a chip's names: the whole set the next search is sent with. */
export function withoutChip(filters: AiFilters, chip: FilterChip): AiFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([name]) => !chip.names.includes(name as keyof AiFilters)),
  ) as AiFilters
}

/** The free /listings?… address of the same filters, to page through every result (unlocalized). */
export function fullSearchPath(filters: AiFilters): string {
  return searchPath(filterValues(filters))
}
