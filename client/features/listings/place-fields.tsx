import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { PlaceField } from './place-field.tsx'

/** The listings filter's country and city: the city's suggestions come from the chosen country. */
export function PlaceFields({
  countries,
  defaultCountry,
  defaultCity,
  defaultCityLabel,
}: {
  countries: Array<{ code: string; name: string; flag: string }>
  defaultCountry: string
  defaultCity: string
  defaultCityLabel: string
}) {
  const { t } = useLingui()
  const [country, setCountry] = useState(defaultCountry)
  return (
    <>
      <label>
        <span>
          <Trans>Country</Trans>
        </span>
        <select name="country" defaultValue={defaultCountry} onChange={(event) => setCountry(event.target.value)}>
          <option value="">{t`All countries`}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.flag} ${c.name}`}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <span>
          <Trans>City</Trans>
        </span>
        <PlaceField defaultKey={defaultCity} defaultLabel={defaultCityLabel} country={country || undefined} />
      </div>
    </>
  )
}
