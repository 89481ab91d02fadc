import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import { browserTransport, createApi, type City } from '../../lib/api.ts'
import { useLocale } from '../../lib/locale.ts'

const api = createApi(browserTransport)

/**
 * A city combobox (WAI-ARIA 1.2 pattern): type in any script, pick with the arrows and Enter.
 * The chosen city's key goes into the form as `city` (and its country as `country`).
 */
export function CityAutocomplete({ defaultKey, defaultLabel, withCountry = false }: { defaultKey?: string; defaultLabel?: string; withCountry?: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [text, setText] = useState(defaultLabel ?? '')
  const [cityKey, setCityKey] = useState(defaultKey ?? '')
  const [country, setCountry] = useState('')
  const [options, setOptions] = useState<City[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const typed = useRef(false)

  useEffect(() => {
    if (!typed.current) return
    const q = text.trim()
    if (q.length < 1) {
      setOptions([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setBusy(true)
      api.locations
        .searchCities(q, locale, controller.signal)
        .then((cities) => {
          setOptions(cities)
          setActive(cities.length > 0 ? 0 : -1)
          setOpen(true)
        })
        .catch(() => setOptions([]))
        .finally(() => setBusy(false))
    }, 150)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text, locale])

  function choose(city: City) {
    typed.current = false
    setText(city.name)
    setCityKey(city.key)
    setCountry(city.countryCode)
    setOpen(false)
  }

  return (
    <div className="combobox">
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-label={t`City`}
        placeholder={t`City, e.g. Berlin or برلین`}
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-busy={busy}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={text}
        onChange={(event) => {
          typed.current = true
          setText(event.target.value)
          setCityKey(event.target.value.trim() === '' ? '' : cityKey)
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
            setActive((i) => Math.min(options.length - 1, i + 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((i) => Math.max(0, i - 1))
          } else if (event.key === 'Enter' && open && options[active]) {
            event.preventDefault()
            choose(options[active])
          } else if (event.key === 'Escape') {
            setOpen(false)
          }
        }}
      />
      <input type="hidden" name="city" value={cityKey || (typed.current ? text.trim() : '')} />
      {withCountry && country && <input type="hidden" name="country" value={country} />}
      {open && options.length > 0 && (
        <ul id={`${id}-list`} role="listbox" className="combobox-list" aria-label={t`Cities`}>
          {options.map((city, index) => (
            <li
              key={`${city.countryCode}-${city.key}`}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(city)
              }}
            >
              <span>{city.name}</span>
              <small>
                {city.countryName} · {city.listingsCount}
              </small>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
