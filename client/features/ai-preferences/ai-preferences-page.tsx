import { Trans, useLingui } from '@lingui/react/macro'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { GENDER_PREFS, PROPERTY_TYPES, TERMS } from '../../../shared/constants.ts'
import { formatRent } from '../../../shared/money.ts'
import { MUST_HAVES, type MustHave } from '../../../shared/ai-options.ts'
import { PageHead } from '../../components/page-head.tsx'
import type { AiPreferences, AiPreferencesInput } from '../../lib/api/ai.ts'
import { ApiError } from '../../lib/api/call.ts'
import { cityNamesOf } from '../../lib/city-names.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { numberOrNull } from '../listing-form/form-values.ts'
import { GENDER_LABELS } from '../listings/labels.ts'
import { TermSelect } from '../listings/term-select.tsx'
import { TypeSelect } from '../listings/type-select.tsx'
import { CityPicker, FieldError, MoveInField } from './preference-fields.tsx'
import { aiApi } from '../../lib/api/ai.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const preferences = await aiApi(api).preferences(request.signal)
  const cityNames = await cityNamesOf(api, preferences.cities, context.get(localeContext), request.signal)
  return { preferences, cityNames }
})

const FIELDS = ['budget_min', 'budget_max', 'cities', 'type', 'term', 'gender', 'move_in', 'must_haves'] as const
type Field = (typeof FIELDS)[number]
type SaveResult = { saved: true; preferences: AiPreferences; fields: [] } | { saved: false; fields: Field[] }

const oneOf = <T extends string>(values: readonly T[], value: string): T | null =>
  values.find((v) => v === value) ?? null

/** The form as PUT /ai/preferences takes it (the whole set); amounts typed in any digits, whole euros only. */
export function preferencesOf(form: FormData): { body: AiPreferencesInput; invalid: Field[] } {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const invalid: Field[] = []
  const euros = (name: 'budget_min' | 'budget_max') => {
    const amount = numberOrNull(text(name))
    if (amount === null) return null
    if (Number.isInteger(amount) && amount >= 0) return amount
    invalid.push(name)
    return null
  }
  const body: AiPreferencesInput = {
    budget_min: euros('budget_min'),
    budget_max: euros('budget_max'),
    cities: form.getAll('cities').map(String).filter(Boolean),
    type: oneOf(PROPERTY_TYPES, text('type')),
    term: oneOf(TERMS, text('term')),
    gender: oneOf(GENDER_PREFS, text('gender')),
    move_in: text('move_in') || null,
    must_haves: form
      .getAll('must_haves')
      .map((v) => oneOf(MUST_HAVES, String(v)))
      .filter((v): v is MustHave => v !== null),
  }
  return { body, invalid }
}

export const action = signedIn(async function action({ request, context }: ActionFunctionArgs): Promise<SaveResult> {
  const { body, invalid } = preferencesOf(await request.formData())
  if (invalid.length > 0) return { saved: false, fields: invalid }
  try {
    return { saved: true, preferences: await aiApi(context.get(apiContext)).savePreferences(body), fields: [] }
  } catch (err) {
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && Array.isArray(err.details)) {
      const named = err.fields.map((d) =>
        // "body.cities.10" → cities
        oneOf(FIELDS, d.path.replace(/^body\./, '').split('.')[0]!),
      )
      return { saved: false, fields: [...new Set(named.filter((f): f is Field => f !== null))] }
    }
    throw err
  }
})

/** /dashboard/ai-preferences: what the AI ranks search results by and checks an analysed listing against. */
export function Component() {
  const { preferences: loaded, cityNames } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const saving = navigation.state === 'submitting'
  const prefs = result?.saved ? result.preferences : loaded
  const invalid = (field: Field) => (result && !result.saved && result.fields.includes(field)) || false
  const errorOf = (field: Field, message: string) => (invalid(field) ? message : null)
  const aria = (field: Field) => ({
    'aria-invalid': invalid(field),
    'aria-describedby': invalid(field) ? `${field}-error` : undefined,
  })
  const rial = formatRent(1, 'EUR', 'fa')
  const mustHaveLabels: Record<MustHave, string> = {
    furnished: t`Furnished`,
    contract: t`An official rental contract`,
    photos: t`Photos in the listing`,
  }

  return (
    <section className="ai-preferences-page" aria-labelledby="prefs-title">
      <PageHead title={t`AI preferences`} noindex />
      <h1 id="prefs-title">
        <Trans>AI preferences</Trans>
      </h1>
      <div className="notice prefs-explainer">
        <p>
          <Trans>
            Tell Khaneh’s AI what you are looking for. It ranks AI search results by how well they fit these
            preferences, and an AI analysis or comparison checks each listing against them (budget, city, kind of place,
            move-in date and your must-haves).
          </Trans>
        </p>
        <p>
          <Trans>Everything is optional and only you can see it. Saving replaces all your preferences.</Trans>
        </p>
      </div>
      <Form method="post" className="prefs-form" aria-busy={saving}>
        <fieldset className="price-range prefs-budget">
          <legend>
            <Trans>Monthly budget in euros (€)</Trans>
          </legend>
          <div className="field">
            <label htmlFor="budget_min">
              <Trans>Minimum</Trans>
            </label>
            <input
              id="budget_min"
              name="budget_min"
              inputMode="numeric"
              dir="ltr"
              defaultValue={prefs.budgetMin ?? ''}
              {...aria('budget_min')}
            />
            <FieldError
              id="budget_min-error"
              message={errorOf('budget_min', t`Enter a whole number of euros, no more than the maximum.`)}
            />
          </div>
          <div className="field">
            <label htmlFor="budget_max">
              <Trans>Maximum</Trans>
            </label>
            <input
              id="budget_max"
              name="budget_max"
              inputMode="numeric"
              dir="ltr"
              defaultValue={prefs.budgetMax ?? ''}
              {...aria('budget_max')}
            />
            <FieldError id="budget_max-error" message={errorOf('budget_max', t`Enter a whole number of euros.`)} />
          </div>
          {locale === 'fa' && (
            <p className="hint">
              <Trans>On Khaneh each euro is shown as {rial}.</Trans>
            </p>
          )}
        </fieldset>

        <CityPicker
          initial={prefs.cities.map((key) => ({ key, name: cityNames[key] ?? key }))}
          error={errorOf('cities', t`Choose up to 10 cities from the list.`)}
        />

        <div className="form-row">
          <div className="field">
            <label htmlFor="pref-type">
              <Trans>Kind of place</Trans>
            </label>
            <TypeSelect id="pref-type" defaultValue={prefs.type ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="pref-term">
              <Trans>Rental term</Trans>
            </label>
            <TermSelect id="pref-term" defaultValue={prefs.term ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="pref-gender">
              <Trans>Your gender</Trans>
            </label>
            <select
              id="pref-gender"
              name="gender"
              defaultValue={prefs.gender === 'any' ? '' : (prefs.gender ?? '')}
              aria-describedby="gender-hint"
            >
              <option value="">{t`Rather not say`}</option>
              {GENDER_PREFS.filter((g) => g !== 'any').map((g) => (
                <option key={g} value={g}>
                  {i18n._(GENDER_LABELS[g])}
                </option>
              ))}
            </select>
            <span id="gender-hint" className="hint">
              <Trans>Some listings are for women or for men only.</Trans>
            </span>
          </div>
        </div>

        <MoveInField initial={prefs.moveIn ?? ''} error={errorOf('move_in', t`Enter a valid date.`)} />

        <fieldset className="prefs-must-haves">
          <legend>
            <Trans>Must-haves</Trans>
          </legend>
          {MUST_HAVES.map((must) => (
            <label key={must} className="check">
              <input type="checkbox" name="must_haves" value={must} defaultChecked={prefs.mustHaves.includes(must)} />
              <span>{mustHaveLabels[must]}</span>
            </label>
          ))}
        </fieldset>

        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? t`Saving…` : t`Save preferences`}
          </button>
          <span role="status" className="form-status">
            {result?.saved && !saving ? t`Your preferences are saved.` : ''}
          </span>
        </div>
        {result && !result.saved && !saving && (
          <p className="field-error" role="alert">
            <Trans>Please check the marked fields.</Trans>
          </p>
        )}
      </Form>
    </section>
  )
}
