import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { MAX_PIN_DISTANCE_KM } from '../../../shared/constants.ts'
import type { LatLng } from '../../../shared/geo.ts'
import { formatNumber } from '../../../shared/money.ts'
import { comboboxKeyDown } from '../../components/combobox-keys.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError, type ApiErrorCode } from '../../lib/api/call.ts'
import { placesApi, type GeocodeAnswer } from '../../lib/api/places.ts'
import { useLocale } from '../../lib/locale.ts'

type Found = GeocodeAnswer['results'][number]

type Search =
  | { kind: 'idle' }
  | { kind: 'short' }
  | { kind: 'loading' }
  | { kind: 'found'; answer: GeocodeAnswer }
  | { kind: 'failed'; code: ApiErrorCode }

/**
 * Finding a street for the listing form's pin (docs/decisions/047-the-listing-form-pin.md): a
 * combobox whose list comes when the owner presses Enter or Search (each search may ask an outside
 * geocoder, so none is made while typing). Arrows and Enter choose a place; the map, and so the pin,
 * moves there. A place farther than the 50 km of decision 046 is shown, and cannot be chosen.
 */
export function StreetSearch({
  country,
  city,
  cityName,
  onChoose,
}: {
  country: string
  city: string
  cityName: string
  onChoose: (point: LatLng) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [text, setText] = useState('')
  // the search belongs to the city it was made in: another city's places are never shown
  const [search, setSearch] = useState<{ where: string; state: Search }>({ where: '', state: { kind: 'idle' } })
  const where = `${country}/${city}`
  const state: Search = search.where === where ? search.state : { kind: 'idle' }
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  // who answered last: once the embedded default has (our cities only), the help says so
  const [source, setSource] = useState<GeocodeAnswer['source'] | null>(null)
  const pending = useRef<AbortController | null>(null)
  useEffect(() => () => pending.current?.abort(), [])

  const results = state.kind === 'found' ? state.answer.results : []
  const expanded = open && results.length > 0
  const km = formatNumber(MAX_PIN_DISTANCE_KM, locale)

  async function find() {
    const q = text.trim()
    pending.current?.abort()
    if ([...q].length < 2) return setSearch({ where, state: { kind: 'short' } })
    const controller = new AbortController()
    pending.current = controller
    setSearch({ where, state: { kind: 'loading' } })
    try {
      const answer = await placesApi(browserApi()).geocode(q, { country, city }, locale, controller.signal)
      if (controller.signal.aborted) return
      setSearch({ where, state: { kind: 'found', answer } })
      setSource(answer.source)
      setActive(
        Math.max(
          0,
          answer.results.findIndex((place) => place.withinReach),
        ),
      )
      setOpen(true)
    } catch (err) {
      if (controller.signal.aborted) return
      setSearch({ where, state: { kind: 'failed', code: err instanceof ApiError ? err.code : 'NETWORK_ERROR' } })
    }
  }

  function choose(place: Found) {
    if (!place.withinReach) return
    setOpen(false)
    onChoose({ lat: place.lat, lng: place.lng })
  }

  const citiesOnly = source === 'places'
  let status: string | null = null
  if (state.kind === 'loading') status = t`Searching…`
  else if (state.kind === 'short') status = t`Type at least two letters.`
  else if (state.kind === 'found' && results.length === 0)
    status =
      state.answer.source === 'places'
        ? t`None of our cities has that name.`
        : t`Nothing found near ${cityName}. Try other words, or move the map.`
  else if (state.kind === 'found')
    status = t({ message: plural(results.length, { one: '# place found', other: '# places found' }) })
  else if (state.kind === 'failed')
    status =
      state.code === 'RATE_LIMITED'
        ? t`Too many searches: wait a minute, then try again.`
        : state.code === 'UPSTREAM_TIMEOUT'
          ? t`The search took too long. Try again, or move the map.`
          : t`The search is unavailable right now. Try again later, or move the map.`

  return (
    <div className="street-search">
      <label htmlFor={`${id}-input`}>
        <Trans>Find a street or a place</Trans>
      </label>
      <div className="street-search-row">
        <div className="combobox">
          <input
            id={`${id}-input`}
            type="search"
            role="combobox"
            enterKeyHint="search"
            autoComplete="off"
            aria-expanded={expanded}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={expanded ? `${id}-opt-${active}` : undefined}
            aria-describedby={`${id}-help ${id}-status`}
            value={text}
            dir="auto"
            onChange={(event) => {
              // new words: the places found for the last ones go (an answer still coming is dropped)
              setText(event.target.value)
              setOpen(false)
              pending.current?.abort()
              if (state.kind !== 'idle') setSearch({ where, state: { kind: 'idle' } })
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(event) => {
              // Enter searches (it would send the listing's form otherwise), or chooses the place marked in the list
              if (event.key === 'Enter' && !(expanded && results[active])) {
                event.preventDefault()
                void find()
                return
              }
              comboboxKeyDown(event, { options: results, active, expanded, setActive, setOpen, choose })
            }}
          />
          {expanded && (
            <ul
              id={`${id}-list`}
              role="listbox"
              className="combobox-list street-search-list"
              aria-label={t`Places found`}
            >
              {results.map((place, index) => (
                <li
                  key={`${place.lat},${place.lng},${index}`}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={place.withinReach ? undefined : true}
                  onMouseDown={(event) => {
                    event.preventDefault()
                    choose(place)
                  }}
                >
                  <bdi className="street-search-name">{place.name}</bdi>
                  {place.detail && <small dir="auto">{place.detail}</small>}
                  {!place.withinReach && (
                    <small className="street-search-far">
                      <Trans>
                        More than {km} km from the centre of {cityName}: the pin cannot go there.
                      </Trans>
                    </small>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <button type="button" className="button button-ghost" onClick={() => void find()}>
          <Trans>Search</Trans>
        </button>
      </div>
      <p id={`${id}-help`} className="hint">
        {citiesOnly ? (
          <Trans>
            This site's search knows only the cities of its list, not their streets: it finds a city's centre. Move the
            map to find the street.
          </Trans>
        ) : (
          <Trans>
            Type a street or a place in {cityName}, press Enter, and choose one of the places found: the map and its pin
            move there.
          </Trans>
        )}
      </p>
      {/* announced as it changes; not a second role=status in the section, whose one status is the pin's */}
      <p id={`${id}-status`} className="street-search-status" aria-live="polite">
        {status}
      </p>
    </div>
  )
}
