import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatGregorianDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import type { City } from '../../lib/api/locations.ts'
import { useLocale } from '../../lib/locale.ts'
import { PersianDatePicker } from '../listing-form/persian-date-picker.tsx'
import { PlaceAutocomplete } from '../listings/place-autocomplete.tsx'

/** At most this many cities (the API's limit, shared/schemas/ai.ts). */
export const MAX_CITIES = 10

/** The error line under a field, named by the field's `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <span id={id} className="field-error">
      {message}
    </span>
  )
}

/**
 * The cities the reader would live in: picked one by one with the place search, shown as removable chips, sent
 * as `cities` (their keys), at most ten.
 */
export function CityPicker({
  initial,
  error,
}: {
  initial: Array<{ key: string; name: string }>
  error: string | null
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const [cities, setCities] = useState(initial)
  const [said, setSaid] = useState('')
  const full = cities.length >= MAX_CITIES
  const max = formatNumber(MAX_CITIES, locale)

  const add = (city: City) => {
    const name = city.name
    if (cities.some((c) => c.key === city.key)) setSaid(t`${name} is already in your list.`)
    else {
      setCities([...cities, { key: city.key, name }])
      setSaid(t`${name} added.`)
    }
  }
  const remove = (key: string, name: string) => {
    setCities(cities.filter((c) => c.key !== key))
    setSaid(t`${name} removed.`)
  }

  return (
    <fieldset className="pref-cities" aria-describedby={error ? 'cities-error' : 'cities-hint'}>
      <legend>
        <Trans>Cities</Trans>
      </legend>
      {cities.length > 0 && (
        <ul className="chip-list">
          {cities.map(({ key, name }) => (
            <li key={key} className="chip">
              <bdi>{name}</bdi>
              <input type="hidden" name="cities" value={key} />
              <button
                type="button"
                className="chip-remove"
                aria-label={t`Remove ${name}`}
                onClick={() => remove(key, name)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p id="cities-hint" className="hint">
          <Trans>You have chosen {max} cities, the most there can be. Remove one to add another.</Trans>
        </p>
      ) : (
        <>
          <PlaceAutocomplete onPick={add} label={t`Add a city`} />
          <span id="cities-hint" className="hint">
            <Trans>Type a city and pick it from the list; up to {max}. Leave empty for anywhere.</Trans>
          </span>
        </>
      )}
      <FieldError id="cities-error" message={error} />
      <span role="status" className="visually-hidden">
        {said}
      </span>
    </fieldset>
  )
}

/** The move-in date: the Persian calendar for fa readers (the value stays an ISO date), the browser's date field otherwise. */
export function MoveInField({ initial, error }: { initial: string; error: string | null }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [value, setValue] = useState(initial)
  const describedBy = error ? 'move_in-error' : 'move_in-hint'
  if (locale === 'fa')
    return (
      <div className="field">
        <span id="move_in-label">
          <Trans>Move-in date</Trans>
        </span>
        <PersianDatePicker id="move_in" value={value} onChange={setValue} labelledBy="move_in-label" />
        <input type="hidden" name="move_in" value={value} />
        <span id="move_in-hint" className="hint">
          {value ? formatGregorianDate(value, 'fa') : t`Leave empty if you are flexible.`}
        </span>
        <FieldError id="move_in-error" message={error} />
      </div>
    )
  return (
    <div className="field">
      <label htmlFor="move_in">
        <Trans>Move-in date</Trans>
      </label>
      <input
        id="move_in"
        type="date"
        name="move_in"
        dir="ltr"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      <span id="move_in-hint" className="hint">
        <Trans>Leave empty if you are flexible.</Trans>
      </span>
      <FieldError id="move_in-error" message={error} />
    </div>
  )
}
