import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import { comboboxKeyDown } from '../../components/combobox-keys.ts'
import { normalizeSearchText } from '../../../shared/text.ts'
import { locationsApi } from '../../lib/api/locations.ts'
import type { City } from '../../lib/api/locations.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale } from '../../lib/locale.ts'

/**
 * The city of the chosen country (WAI-ARIA 1.2 combobox): the country's cities load once and
 * filter as the owner types, in any script; arrows and Enter pick one. The form sends the picked
 * city's key as `name` and the text as `name_name`; before the script runs there is no list and no
 * key: the owner types the name, and the action finds the city by it (listing-form-action.ts).
 */
export function CityCombobox({
  inputId,
  name,
  country,
  value,
  label,
  onChange,
  invalid,
  describedBy,
}: {
  inputId: string
  name: string
  country: string
  value: string
  label: string
  onChange: (city: { key: string; name: string }) => void
  invalid: boolean
  describedBy?: string
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const hydrated = useHydrated()
  const id = useId()
  // the cities loaded, with the country and language asked: another country's never show
  const [loaded, setLoaded] = useState<{ country: string; locale: string; cities: City[] }>({
    country: '',
    locale: '',
    cities: [],
  })
  const cities = country && loaded.country === country ? loaded.cities : []
  const loading = country !== '' && (loaded.country !== country || loaded.locale !== locale)
  const [text, setText] = useState(label)
  const [shownLabel, setShownLabel] = useState(label)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  // a chosen city (or a restored draft) shows its name; clearing the choice while typing keeps the text
  if (label !== shownLabel) {
    setShownLabel(label)
    if (label) setText(label)
  }
  useEffect(() => {
    if (!country) return
    const controller = new AbortController()
    locationsApi(browserApi())
      .citiesOf(country, locale, controller.signal)
      .then((list) => setLoaded({ country, locale, cities: list }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ country, locale, cities: [] })
      })
    return () => controller.abort()
  }, [country, locale])

  const needle = normalizeSearchText(text)
  const options = cities
    .filter(
      (c) =>
        !needle || normalizeSearchText(c.name).includes(needle) || normalizeSearchText(c.englishName).includes(needle),
    )
    .slice(0, 12)
  const expanded = open && options.length > 0

  function choose(city: City) {
    setText(city.name)
    setOpen(false)
    onChange({ key: city.key, name: city.name })
  }

  return (
    <div className="combobox">
      {/* without the script the text alone is sent (an edited name must not keep the old city's key) */}
      {hydrated && <input type="hidden" name={name} value={value} />}
      <input
        id={inputId}
        name={`${name}_name`}
        type="text"
        role="combobox"
        autoComplete="off"
        disabled={hydrated && !country}
        placeholder={country || !hydrated ? t`Start typing a city` : t`Choose the country first`}
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-busy={loading}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={expanded ? `${id}-opt-${active}` : undefined}
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
          setOpen(true)
          if (value) onChange({ key: '', name: '' })
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => comboboxKeyDown(event, { options, active, expanded, setActive, setOpen, choose })}
      />
      {expanded && (
        <ul id={`${id}-list`} role="listbox" className="combobox-list" aria-label={t`Cities`}>
          {options.map((city, index) => (
            <li
              key={city.key}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(city)
              }}
            >
              <span>{city.name}</span>
              {city.englishName !== city.name && <small>{city.englishName}</small>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
