import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import type { AiFilters } from '../../../shared/schemas/ai.ts'
import { AppLink } from '../../components/app-link.tsx'
import type { AiSearchResult } from '../../lib/api/ai.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { ListingCard, toCard } from '../listings/listing-card.tsx'
import { filterChips, fullSearchPath, withoutChip } from './ai-filters.ts'

/** One answer of the AI search: what it understood (removable chips), its insights, one-click refinements and the best listings. */
export function AiSearchAnswer({
  answer,
  cityName,
  country,
  disabled,
  onSearch,
}: {
  answer: AiSearchResult
  cityName?: string
  country?: { name: string; currency: string }
  /** A search is running or no credit is left: the chips wait. */
  disabled: boolean
  /** Runs the answer's query again with these filters as the whole set. */
  onSearch: (filters: AiFilters) => void
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const { filters, searchSummary: summary } = answer
  const chips = filterChips(filters, i18n, {
    locale,
    cityName,
    countryName: country?.name,
    currency: country?.currency,
  })
  const refinements = summary.suggestedRefinements
  const fits = new Map(answer.fit.map((f) => [f.listingId, f.score]))
  const ranked = answer.listings.length > 0 && answer.fit.some((f) => f.score !== null)

  return (
    <div className="ai-answer">
      <div className="ai-answer-block">
        <h3>
          <Trans>What the AI understood</Trans>
        </h3>
        {chips.length > 0 ? (
          <ul className="ai-chips">
            {chips.map((chip) => {
              const label = chip.label
              return (
                <li key={chip.names.join()}>
                  <button
                    type="button"
                    className="ai-chip"
                    disabled={disabled}
                    aria-label={t`Remove “${label}” and search again (1 credit)`}
                    onClick={() => onSearch(withoutChip(filters, chip))}
                  >
                    <bdi>{label}</bdi>
                    <span className="ai-chip-x" aria-hidden="true">
                      ×
                    </span>
                  </button>
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="ai-muted">
            <Trans>No filters: all listings.</Trans>
          </p>
        )}
      </div>

      {answer.listings.length === 0 ? (
        // the insights would only repeat that nothing was found
        <p className="ai-empty">
          {refinements.length > 0 ? (
            <Trans>No listing matches all of this yet. One of these changes may find some:</Trans>
          ) : (
            <Trans>No listing matches all of this yet. Try describing it in other words.</Trans>
          )}
        </p>
      ) : (
        summary.aiInsights.length > 0 && (
          <ul className="ai-insights">
            {summary.aiInsights.map((insight) => (
              <li key={insight}>{insight}</li>
            ))}
          </ul>
        )
      )}

      {refinements.length > 0 && (
        <div className="ai-answer-block">
          <h3>
            <Trans>Refine</Trans>
          </h3>
          <ul className="ai-chips">
            {refinements.map((refinement) => (
              <li key={refinement.label}>
                <button
                  type="button"
                  className="ai-chip ai-refinement"
                  disabled={disabled}
                  aria-describedby={`${id}-cost`}
                  onClick={() => onSearch(refinement.filters)}
                >
                  <bdi>{refinement.label}</bdi>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {(chips.length > 0 || refinements.length > 0) && (
        <p className="ai-muted" id={`${id}-cost`}>
          <Trans>Removing a filter or choosing a refinement runs a new AI search (1 credit).</Trans>
        </p>
      )}

      {answer.listings.length > 0 && (
        <div className="listing-grid ai-results">
          {answer.listings.map((listing) => {
            const score = fits.get(listing.id)
            const percent = typeof score === 'number' ? formatNumber(score, locale) : null
            return (
              <ListingCard
                key={listing.id}
                listing={toCard(listing)}
                note={percent && <p className="ai-fit">{t`${percent}% match with your preferences`}</p>}
              />
            )
          })}
        </div>
      )}

      <p className="ai-answer-links">
        <AppLink to={to(fullSearchPath(filters))}>
          <Trans>Show these filters in the full search</Trans>
        </AppLink>{' '}
        <span className="ai-muted">
          <Trans>(free)</Trans>
        </span>
        {answer.listings.length > 0 && !ranked && (
          <>
            {' · '}
            <AppLink to={to('/dashboard/ai-preferences')}>
              <Trans>Rank results by your preferences</Trans>
            </AppLink>
          </>
        )}
      </p>
    </div>
  )
}
