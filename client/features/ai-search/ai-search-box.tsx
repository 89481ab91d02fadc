import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { LocaleCode } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'
import type { AiFilters } from '../../../shared/schemas/ai.ts'
import { AI_QUERY_MAX_LENGTH } from '../../../shared/ai-options.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { locationsApi } from '../../lib/api/locations.ts'
import { aiApi } from '../../lib/api/ai.ts'
import type { AiSearchResult } from '../../lib/api/ai.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { isOutOfCredits, useAiSearchErrorText } from './ai-search-errors.ts'
import { AiSearchHeading, type AiSearchProps } from './ai-search-heading.tsx'

// shown once a search has answered: loaded then, not with the listings page
const AiSearchAnswer = lazy(() => import('./ai-search-answer.tsx').then((m) => ({ default: m.AiSearchAnswer })))

/** Listings an answer shows: two full rows of the results grid (the API's default is 5). */
const ANSWER_LIMIT = 6

/** The answered city's name in the reader's language: from the listings found, the page's own city, or the places search. */
async function cityNameOf(
  answer: AiSearchResult,
  language: LocaleCode,
  known: { key: string; name: string } | undefined,
  signal: AbortSignal,
): Promise<string | undefined> {
  const key = answer.filters.city
  if (!key) return undefined
  const shown = answer.listings.find((l) => l.city === key)?.cityName
  if (shown) return shown
  if (known?.key === key) return known.name
  const cities = await locationsApi(browserApi())
    .searchCities(key, language, signal)
    .catch(() => [])
  return cities.find((c) => c.key === key)?.name
}

/**
 * The AI search box of a signed-in reader on /listings (docs/decisions/021-ai-search-and-credits.md): a
 * query in the reader's words, one credit a search. The answer's filters come back as chips; removing
 * one, or choosing a refinement, searches again with those filters as the whole set. It comes on demand
 * (ai-search-panel.tsx).
 */
export function AiSearchBox({ countries, city }: AiSearchProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const errorText = useAiSearchErrorText()
  const [query, setQuery] = useState('')
  const [answer, setAnswer] = useState<{ result: AiSearchResult; cityName?: string } | null>(null)
  const [remaining, setRemaining] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [missingQuery, setMissingQuery] = useState(false)
  const running = useRef<AbortController | null>(null)
  const input = useRef<HTMLInputElement>(null)

  // leaving the page drops the search under way
  useEffect(() => () => running.current?.abort(), [])

  const outOfCredits = remaining === 0

  /** One AI search; a new one stops the one under way. */
  const search = async (body: { query: string; filters?: AiFilters }) => {
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    setBusy(true)
    setError(null)
    try {
      const result = await aiApi(browserApi()).search({ ...body, limit: ANSWER_LIMIT }, locale, controller.signal)
      const cityName = await cityNameOf(result, locale, city, controller.signal)
      if (controller.signal.aborted) return
      setAnswer({ result, cityName })
      setRemaining(result.remainingCredits)
    } catch (err) {
      if (controller.signal.aborted) return
      if (isOutOfCredits(err)) setRemaining(0)
      else setError(err)
    } finally {
      if (running.current === controller) {
        running.current = null
        setBusy(false)
      }
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = query.trim()
    setMissingQuery(!text)
    if (!text) {
      input.current?.focus()
      return
    }
    void search({ query: text })
  }

  const amount = formatNumber(600, locale)
  const shown = answer?.result
  return (
    <section className="ai-search" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <AiSearchHeading id={`${id}-title`} />
      {/* a search, and its query is no secret: GET (without the app it asks the page again; the answer
          and its credit are the app's, docs/decisions/041-forms-without-javascript.md) */}
      <form
        method="get"
        className="ai-search-form"
        role="search"
        aria-labelledby={`${id}-title`}
        onSubmit={submit}
        noValidate
      >
        <label htmlFor={`${id}-query`} className="ai-search-label">
          <Trans>Describe the home you are looking for</Trans>
        </label>
        <div className="ai-search-row">
          <input
            ref={input}
            id={`${id}-query`}
            name="query"
            type="text"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={AI_QUERY_MAX_LENGTH}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t`e.g. a room in Berlin under ${amount} euros from March`}
            aria-invalid={missingQuery || undefined}
            aria-describedby={missingQuery ? `${id}-missing` : undefined}
          />
          <button type="submit" className="button ai-search-submit" disabled={busy || outOfCredits}>
            {/* both labels take the same cell, so the button keeps its width while busy */}
            <span className="ai-submit-label" data-shown={!busy}>
              <Trans>Search with AI</Trans> <small className="ai-cost">{t`(1 credit)`}</small>
            </span>
            <span className="ai-submit-label" data-shown={busy}>
              <span className="ai-spinner" aria-hidden="true" /> <Trans>Searching…</Trans>
            </span>
          </button>
        </div>
        {missingQuery && (
          <p className="field-error" id={`${id}-missing`} role="alert">
            <Trans>Describe what you are looking for first, for example a city and a budget.</Trans>
          </p>
        )}
        {remaining !== null && remaining > 0 && (
          <p className="ai-credits" role="status">
            <Plural value={remaining} one="# AI credit left" other="# AI credits left" />
          </p>
        )}
      </form>
      {busy && <div className="ai-progress" role="progressbar" aria-label={t`Searching with AI`} />}
      <ErrorLine message={error ? errorText(error) : null} />
      {outOfCredits && (
        <div className="ai-out" role="status">
          <p>
            <Trans>You have used all your AI credits. Premium plans come with more.</Trans>
          </p>
          <AppLink to={to('/pricing')} className="button button-small">
            <Trans>Get more AI credits</Trans>
          </AppLink>
        </div>
      )}
      {shown && (
        <Suspense fallback={null}>
          <AiSearchAnswer
            answer={shown}
            cityName={answer.cityName}
            country={countries.find((c) => c.code === shown.filters.country)}
            disabled={busy || outOfCredits}
            onSearch={(filters) => void search({ query: shown.searchSummary.query, filters })}
          />
        </Suspense>
      )}
    </section>
  )
}
