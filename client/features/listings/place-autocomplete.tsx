import { Plural, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { comboboxKeyDown } from '../../components/combobox-keys.ts'
import { normalizeSearchText } from '../../../shared/text.ts'
import { locationsApi } from '../../lib/api/locations.ts'
import { browserTransport } from '../../lib/api/browser.ts'
import { createApi } from '../../lib/api/index.ts'
import type { City } from '../../lib/api/locations.ts'
import { useLocale } from '../../lib/locale.ts'
import { usePlaceInput } from './place-field.tsx'

const api = createApi(browserTransport)

/** A country the visitor may pick as a whole (its names are already on the page). */
export interface CountryChoice {
  code: string
  name: string
  englishName: string
  flag: string
  totalListings: number
}

type Option = { kind: 'country'; country: CountryChoice } | { kind: 'city'; city: City }

const optionKey = (o: Option) =>
  o.kind === 'country' ? `country-${o.country.code}` : `city-${o.city.countryCode}-${o.city.key}`

/**
 * A place combobox (WAI-ARIA 1.2 pattern): type a city — or, when `countries` are given, a
 * country — in any script and pick with the arrows and Enter. The choice goes into the form as
 * `city` (a city's key) and, with `withCountry`, `country` (its code); until something is picked, the
 * field itself is `city`, so what was typed is sent as it is (the listings page resolves it), by a form
 * sent before the page hydrated too. With `onPick`, a chosen city is handed over instead and the field
 * empties for the next one (a list of cities kept by the caller). With `country`, only that country's
 * cities are suggested. A country picked from `countries` stays beside the field as a removable chip
 * (its button, or Backspace in the empty field) and is the `country` the city suggestions come from:
 * what is typed next searches within it.
 */
export interface PlaceAutocompleteProps {
  defaultKey?: string
  defaultLabel?: string
  withCountry?: boolean
  countries?: CountryChoice[]
  onPick?: (city: City) => void
  label?: string
  country?: string
  /** `defaultLabel` was typed (in the plain field before the combobox came, ./place-field.tsx): search it. */
  typed?: boolean
  /** Takes the focus when it appears, the caret after the text. */
  autoFocus?: boolean
}

export function PlaceAutocomplete({
  defaultKey,
  defaultLabel,
  withCountry = false,
  countries,
  onPick,
  label,
  country: withinCountry,
  typed: typedAtFirst = false,
  autoFocus = false,
}: PlaceAutocompleteProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [text, setText] = useState(defaultLabel ?? '')
  const [cityKey, setCityKey] = useState(defaultKey ?? '')
  // the picked city's country, and a country picked as a whole (the chip)
  const [cityCountry, setCityCountry] = useState('')
  const [chosenCountry, setChosenCountry] = useState<CountryChoice>()
  const within = withinCountry ?? chosenCountry?.code
  const input = useRef<HTMLInputElement>(null)
  const [options, setOptions] = useState<Option[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  // the text was typed (not chosen): search it, and send it as the city if nothing is chosen
  const [typed, setTyped] = useState(typedAtFirst)
  // before the browser hands the next keystroke to anyone (./place-field.tsx swaps this in for a plain field)
  useLayoutEffect(() => {
    const field = input.current
    if (!autoFocus || !field) return
    field.focus()
    field.setSelectionRange(field.value.length, field.value.length)
  }, [autoFocus])

  useEffect(() => {
    const q = text.trim()
    // an emptied field clears its options where it is emptied (onChange)
    if (!typed || q.length < 1) return
    const needle = normalizeSearchText(q)
    const countryOptions: Option[] = (chosenCountry ? [] : (countries ?? []))
      .filter(
        (c) => normalizeSearchText(c.name).includes(needle) || normalizeSearchText(c.englishName).includes(needle),
      )
      .map((c) => ({ kind: 'country', country: c }))
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setBusy(true)
      locationsApi(api)
        .searchCities(q, locale, controller.signal, within)
        .then((cities) => {
          const next = [...countryOptions, ...cities.map((city): Option => ({ kind: 'city', city }))]
          setOptions(next)
          setActive(next.length > 0 ? 0 : -1)
          setOpen(true)
        })
        .catch(() => setOptions(countryOptions))
        .finally(() => setBusy(false))
    }, 150)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [typed, text, locale, countries, chosenCountry, within])

  function choose(option: Option) {
    setTyped(false)
    if (onPick && option.kind === 'city') {
      onPick(option.city)
      setText('')
      setOptions([])
    } else if (option.kind === 'country') {
      setChosenCountry(option.country)
      setText('')
      setCityKey('')
      setCityCountry('')
      setOptions([])
    } else {
      setText(option.city.name)
      setCityKey(option.city.key)
      setCityCountry(option.city.countryCode)
    }
    setOpen(false)
  }

  function removeCountry() {
    setChosenCountry(undefined)
    setOptions([])
    setOpen(false)
    // what is still typed is searched again, now everywhere
    setTyped(cityKey === '')
    input.current?.focus()
  }

  const country = chosenCountry?.code ?? cityCountry
  const name = chosenCountry?.name
  const expanded = open && options.length > 0
  const inputProps = usePlaceInput(id, label, countries, name)
  return (
    <div className="combobox">
      <div className="combobox-field">
        {chosenCountry && (
          <span className="chip place-chip">
            <span aria-hidden="true">{chosenCountry.flag}</span>
            <bdi>{name}</bdi>
            <button type="button" className="chip-remove" aria-label={t`Remove ${name}`} onClick={removeCountry}>
              <span aria-hidden="true">×</span>
            </button>
          </span>
        )}
        <input
          ref={input}
          {...inputProps}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-busy={busy}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          value={text}
          name={onPick || cityKey ? undefined : 'city'}
          onChange={(event) => {
            setTyped(true)
            setText(event.target.value)
            // an edited name is no longer the city picked (a country picked as a whole stays)
            setCityKey('')
            setCityCountry('')
            if (event.target.value.trim() === '') setOptions([])
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && chosenCountry && event.currentTarget.value === '') removeCountry()
            else comboboxKeyDown(event, { options, active, expanded, setActive, setOpen, choose })
          }}
        />
      </div>
      {!onPick && cityKey && <input type="hidden" name="city" value={cityKey} />}
      {withCountry && country && <input type="hidden" name="country" value={country} />}
      {expanded && (
        <ul id={`${id}-list`} role="listbox" className="combobox-list" aria-label={countries ? t`Places` : t`Cities`}>
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
            >
              {option.kind === 'country' ? (
                <>
                  <span>
                    <span aria-hidden="true">{option.country.flag}</span> {option.country.name}
                  </span>
                  <small>
                    <Plural value={option.country.totalListings} one="# listing" other="# listings" />
                  </small>
                </>
              ) : (
                <>
                  <span>{option.city.name}</span>
                  <small>
                    {option.city.countryName} ·{' '}
                    <Plural value={option.city.listingsCount} one="# listing" other="# listings" />
                  </small>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
