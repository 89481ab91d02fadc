import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { GENDER_PREFS, PROPERTY_TYPES, TERMS } from '../../../shared/constants.ts'
import { formatGregorianDate } from '../../../shared/dates.ts'
import { LOCALES } from '../../../shared/locales.ts'
import { EUR_PER_UNIT, formatNumber } from '../../../shared/money.ts'
import type { Country } from '../../lib/api/locations.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale } from '../../lib/locale.ts'
import { GENDER_LABELS, TERM_LABELS, TYPE_LABELS } from '../listings/labels.ts'
import { CityCombobox } from './city-combobox.tsx'
import type { ListingField, ListingFormValues } from './form-values.ts'
import { PersianDatePicker } from './persian-date-picker.tsx'
import { PhotoUploader } from './photo-uploader.tsx'
import { PinField } from './pin-field.tsx'

const CURRENCIES = Object.keys(EUR_PER_UNIT)
const DESCRIPTION_MAX = 5000

export const fieldId = (field: ListingField) => `listing-${field.replace('_', '-')}`

/** One labelled field with its error under it; the error is tied to the input for screen readers. */
function Field({
  field,
  label,
  error,
  children,
  hint,
}: {
  field: ListingField
  label: ReactNode
  error?: string
  children: ReactNode
  hint?: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {children}
      {hint && <span className="hint">{hint}</span>}
      {error && (
        <span id={`${fieldId(field)}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  )
}

/** Every field of a listing, controlled; errors come from the page's validation. */
export function ListingFormFields({
  values,
  set,
  errors,
  countries,
}: {
  values: ListingFormValues
  set: (change: Partial<ListingFormValues>) => void
  errors: Partial<Record<ListingField, string>>
  countries: Country[]
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const hydrated = useHydrated()
  // every field carries the name the action reads it by (form-values.ts, sentValues)
  const aria = (field: ListingField) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  })
  // the terms the chosen country offers, and the listing's own even if it no longer does (so an edit shows it)
  const termsOf = (code: string) => {
    const offered = countries.find((c) => c.code === code)?.supportedTerms ?? TERMS
    return TERMS.filter((term) => offered.includes(term) || term === values.term)
  }
  const length = formatNumber(values.description.length, locale)
  const max = formatNumber(DESCRIPTION_MAX, locale)
  return (
    <>
      <fieldset className="form-section">
        <legend>
          <Trans>The place</Trans>
        </legend>
        <Field field="type" label={t`Property type`} error={errors.type}>
          <select
            {...aria('type')}
            value={values.type}
            onChange={(e) => set({ type: e.target.value as ListingFormValues['type'] })}
          >
            <option value="">{t`Choose…`}</option>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(TYPE_LABELS[type])}
              </option>
            ))}
          </select>
        </Field>
        <div className="form-row">
          <Field field="country" label={t`Country`} error={errors.country}>
            <select
              {...aria('country')}
              value={values.country}
              onChange={(e) => {
                const country = countries.find((c) => c.code === e.target.value)
                const terms = country?.supportedTerms ?? TERMS
                set({
                  country: e.target.value,
                  city: '',
                  cityLabel: '',
                  ...(country && values.rent === '' && { currency: country.currency }),
                  // a country offering only some terms (the Netherlands: long) keeps the form to them
                  ...(!terms.includes(values.term) && terms[0] && { term: terms[0] }),
                })
              }}
            >
              <option value="">{t`Choose…`}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.flag} {c.name}
                </option>
              ))}
            </select>
          </Field>
          <div className="field">
            <label htmlFor={fieldId('city')}>
              <Trans>City</Trans>
            </label>
            <CityCombobox
              key={values.country}
              inputId={fieldId('city')}
              name="city"
              country={values.country}
              value={values.city}
              label={values.cityLabel}
              invalid={Boolean(errors.city)}
              describedBy={errors.city ? `${fieldId('city')}-error` : undefined}
              onChange={(city) => set({ city: city.key, cityLabel: city.name })}
            />
            {errors.city && (
              <span id={`${fieldId('city')}-error`} className="field-error">
                {errors.city}
              </span>
            )}
          </div>
        </div>
        <div className="form-row">
          <Field field="size_m2" label={t`Size (m²)`} error={errors.size_m2}>
            <input
              {...aria('size_m2')}
              inputMode="numeric"
              dir="ltr"
              value={values.sizeM2}
              onChange={(e) => set({ sizeM2: e.target.value })}
            />
          </Field>
          <Field field="rooms" label={t`Rooms`} error={errors.rooms}>
            <input
              {...aria('rooms')}
              inputMode="numeric"
              dir="ltr"
              value={values.rooms}
              onChange={(e) => set({ rooms: e.target.value })}
            />
          </Field>
        </div>
        <label className="check">
          <input
            type="checkbox"
            name="furnished"
            checked={values.furnished}
            onChange={(e) => set({ furnished: e.target.checked })}
          />
          <Trans>Furnished</Trans>
        </label>
      </fieldset>

      <PinField values={values} set={set} error={errors.location} />

      <fieldset className="form-section">
        <legend>
          <Trans>Rent and terms</Trans>
        </legend>
        <label className="check">
          <input
            type="checkbox"
            name="is_negotiable"
            checked={values.isNegotiable}
            onChange={(e) => set({ isNegotiable: e.target.checked })}
          />
          <Trans>The rent is negotiable (no price shown)</Trans>
        </label>
        {!values.isNegotiable && (
          <div className="form-row">
            <Field field="rent" label={t`Monthly rent`} error={errors.rent}>
              <input
                {...aria('rent')}
                inputMode="decimal"
                dir="ltr"
                value={values.rent}
                onChange={(e) => set({ rent: e.target.value })}
              />
            </Field>
            <Field field="currency" label={t`Currency`} error={errors.currency}>
              <select {...aria('currency')} value={values.currency} onChange={(e) => set({ currency: e.target.value })}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        )}
        <div className="form-row">
          <Field field="term" label={t`Rental term`} error={errors.term}>
            <select
              {...aria('term')}
              value={values.term}
              onChange={(e) => set({ term: e.target.value as ListingFormValues['term'] })}
            >
              {termsOf(values.country).map((term) => (
                <option key={term} value={term}>
                  {i18n._(TERM_LABELS[term])}
                </option>
              ))}
            </select>
          </Field>
          {locale === 'fa' && hydrated ? (
            // fa readers pick in the Persian calendar (a script: before it runs, the plain date field below); the Gregorian date is shown beside it
            <div className="field">
              <span id={`${fieldId('start_date')}-label`}>
                <Trans>Available from</Trans>
              </span>
              <input type="hidden" name="start_date" value={values.startDate} />
              <PersianDatePicker
                id={fieldId('start_date')}
                value={values.startDate}
                onChange={(startDate) => set({ startDate })}
                labelledBy={`${fieldId('start_date')}-label`}
              />
              <span className="hint">
                {values.startDate
                  ? formatGregorianDate(values.startDate, 'fa')
                  : t`Leave empty if it is available now.`}
              </span>
              {errors.start_date && (
                <span id={`${fieldId('start_date')}-error`} className="field-error">
                  {errors.start_date}
                </span>
              )}
            </div>
          ) : (
            <Field
              field="start_date"
              label={t`Available from`}
              error={errors.start_date}
              hint={t`Leave empty if it is available now.`}
            >
              <input
                {...aria('start_date')}
                type="date"
                dir="ltr"
                value={values.startDate}
                onChange={(e) => set({ startDate: e.target.value })}
              />
            </Field>
          )}
        </div>
        <div className="field">
          <label htmlFor="listing-gender">
            <Trans>Gender preference</Trans>
          </label>
          <select
            id="listing-gender"
            name="gender_pref"
            value={values.genderPref}
            onChange={(e) => set({ genderPref: e.target.value as ListingFormValues['genderPref'] })}
          >
            {GENDER_PREFS.map((g) => (
              <option key={g} value={g}>
                {i18n._(GENDER_LABELS[g])}
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input
            type="checkbox"
            name="has_contract"
            checked={values.hasContract}
            onChange={(e) => set({ hasContract: e.target.checked })}
          />
          <Trans>Comes with an official contract (registration possible)</Trans>
        </label>
      </fieldset>

      <fieldset className="form-section">
        <legend>
          <Trans>Description</Trans>
        </legend>
        <div className="field">
          <label htmlFor="listing-language">
            <Trans>Written in</Trans>
          </label>
          <select
            id="listing-language"
            name="original_language"
            value={values.originalLanguage}
            onChange={(e) => set({ originalLanguage: e.target.value as ListingFormValues['originalLanguage'] })}
          >
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <Field
          field="description"
          label={t`Description`}
          error={errors.description}
          hint={t`${length} / ${max} characters, at least 20.`}
        >
          <textarea
            {...aria('description')}
            rows={8}
            maxLength={DESCRIPTION_MAX}
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
          />
        </Field>
      </fieldset>

      <PhotoUploader value={values.photos} onChange={(photos) => set({ photos })} invalid={errors.photos} />

      <fieldset className="form-section">
        <legend>
          <Trans context="how tenants reach the owner of a listing">Contact</Trans>
        </legend>
        <Field
          field="contact"
          label={t`How tenants reach you`}
          error={errors.contact}
          hint={t`A phone number, e-mail or Telegram username. It is never shown publicly.`}
        >
          <input
            {...aria('contact')}
            dir="ltr"
            maxLength={200}
            value={values.contact}
            onChange={(e) => set({ contact: e.target.value })}
          />
        </Field>
        <Field
          field="verification_number"
          label={t`Verification number (optional)`}
          error={errors.verification_number}
          hint={t`A contract or registration number; only moderators see it.`}
        >
          <input
            {...aria('verification_number')}
            dir="ltr"
            maxLength={50}
            value={values.verificationNumber}
            onChange={(e) => set({ verificationNumber: e.target.value })}
          />
        </Field>
      </fieldset>
    </>
  )
}
