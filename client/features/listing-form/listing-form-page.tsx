import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { data, Link, useLoaderData, useNavigate, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import { locationsApi } from '../../lib/api/locations.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { User } from '../../lib/api/users.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/guards.ts'
import { STATUS_LABELS } from '../listings/labels.ts'
import {
  drafts,
  emptyValues,
  fieldOf,
  toBody,
  validate,
  valuesOf,
  type ListingField,
  type ListingFormValues,
} from './form-values.ts'
import { fieldId, ListingFormFields } from './listing-form.tsx'

export const loader = signedIn(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const language = context.get(localeContext)
  const id = params.id === undefined ? null : Number(params.id)
  if (id !== null && (!Number.isInteger(id) || id <= 0)) throw data({ message: 'Listing not found' }, { status: 404 })
  try {
    const [countries, listing, photos] = await Promise.all([
      locationsApi(api).countries(language, request.signal),
      id === null ? null : ownListingsApi(api).get(id, language, request.signal),
      id === null ? [] : ownListingsApi(api).photos(id, request.signal),
    ])
    return { id, countries, listing, photos }
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_FOUND')
      throw data({ message: 'Listing not found' }, { status: 404 })
    throw err
  }
})

const ORDER: ListingField[] = [
  'type',
  'country',
  'city',
  'size_m2',
  'rooms',
  'rent',
  'currency',
  'term',
  'start_date',
  'description',
  'photos',
  'contact',
  'verification_number',
]

/** /dashboard/listings/create and /dashboard/listings/{id}: one form for a new listing and an edit. */
export function Component() {
  const { id, countries, listing, photos } = useLoaderData<typeof loader>()
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const navigate = useNavigate()
  // the dashboard layout's loader holds the signed-in user
  const userId = (useRouteLoaderData(`${locale}:dashboard-layout`) as { user: User } | undefined)?.user.id ?? 0
  const initial = listing ? valuesOf(listing, photos, listing.verificationNumber) : emptyValues(locale)
  const [values, setValues] = useState<ListingFormValues>(initial)
  const [invalid, setInvalid] = useState<Set<ListingField>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [restored, setRestored] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const touched = useRef(false)

  // the draft lives in this browser only, so it is read after hydration
  useEffect(() => {
    const draft = drafts.read(userId, id)
    const { contact: _contact, verificationNumber: _verification, ...stored } = initial
    if (draft && JSON.stringify(draft) !== JSON.stringify(stored)) {
      setValues({ ...initial, ...draft })
      setRestored(true)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [id, userId])

  useEffect(() => {
    if (!touched.current) return
    const timer = setTimeout(() => drafts.write(userId, id, values), 300)
    return () => clearTimeout(timer)
  }, [id, userId, values])

  const set = (change: Partial<ListingFormValues>) => {
    touched.current = true
    setValues((current) => {
      const next = { ...current, ...change }
      if (submitted) setInvalid(validate(next))
      return next
    })
  }

  const messages: Record<ListingField, string> = {
    type: t`Choose a property type.`,
    country: t`Choose a country.`,
    city: t`Choose a city of this country from the list.`,
    rent: t`Enter the monthly rent, or mark the rent as negotiable.`,
    currency: t`Choose a currency.`,
    term: t`Choose a rental term this country offers.`,
    description: t`Write a description of 20 to 5,000 characters.`,
    start_date: t`Enter a valid date.`,
    size_m2: t`Enter a whole number.`,
    rooms: t`Enter a whole number of rooms (1–100).`,
    contact: t`Enter a phone number, e-mail or Telegram username (3–200 characters).`,
    verification_number: t`Use at most 50 characters.`,
    photos: t`Some photos could not be used. Remove them and upload them again.`,
  }
  const errors = Object.fromEntries([...invalid].map((f) => [f, messages[f]])) as Partial<Record<ListingField, string>>

  function focusFirst(fields: Set<ListingField>) {
    const first = ORDER.find((f) => fields.has(f))
    if (first === 'photos')
      document.querySelector<HTMLElement>('.photo-uploader button, .photo-uploader input')?.focus()
    else if (first) document.getElementById(fieldId(first))?.focus()
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setFailure(null)
    const problems = validate(values)
    setInvalid(problems)
    if (problems.size > 0) {
      focusFirst(problems)
      return
    }
    setSaving(true)
    try {
      const api = ownListingsApi(browserApi())
      const saved =
        id === null ? await api.create(toBody(values), locale) : await api.update(id, toBody(values), locale)
      drafts.clear(userId, id)
      navigate(`${to('/dashboard/listings')}?saved=${id === null ? 'created' : 'updated'}&id=${saved.id}`)
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && Array.isArray(err.details)) {
        const fields = new Set(err.fields.flatMap((d) => fieldOf(d.path) ?? []))
        setInvalid(fields)
        focusFirst(fields)
        if (fields.size === 0) setFailure(t`Some of the details are not valid. Please check the form.`)
      } else if (err instanceof ApiError && err.code === 'NOT_FOUND') {
        setFailure(t`This listing no longer exists.`)
      } else if (err instanceof ApiError && err.code === 'NETWORK_ERROR') {
        setFailure(t`Network error. Please check your connection.`)
      } else {
        setFailure(t`The listing could not be saved. Please try again.`)
      }
    } finally {
      setSaving(false)
    }
  }

  const title = id === null ? t`Post a listing` : t`Edit listing`
  const count = invalid.size
  const reason = listing?.statusReason ? <bdi>{listing.statusReason}</bdi> : null
  return (
    <section className="listing-form-page" aria-labelledby="listing-form-title">
      <PageHead title={title} noindex />
      <p className="breadcrumbs">
        <Link to={to('/dashboard/listings')}>
          <Trans>My listings</Trans>
        </Link>
      </p>
      <h1 id="listing-form-title">{title}</h1>
      {listing && (
        <p className="hint">
          <span className={`status-chip status-${listing.status}`}>{i18n._(STATUS_LABELS[listing.status])}</span>{' '}
          <Trans>Saving your changes sends the listing to review again; it is public once approved.</Trans>
        </p>
      )}
      {reason && (
        <p className="alert" role="status">
          <Trans>Reason given by the moderators: {reason}</Trans>
        </p>
      )}
      {id === null && (
        <p className="hint">
          <Trans>New listings are reviewed by our moderators before they appear in search, usually within a day.</Trans>
        </p>
      )}
      {restored && (
        <div className="notice" role="status">
          <Trans>We restored the draft you were writing.</Trans>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              drafts.clear(userId, id)
              setValues(initial)
              setRestored(false)
            }}
          >
            <Trans>Discard draft</Trans>
          </button>
        </div>
      )}
      <form className="listing-form" noValidate onSubmit={submit} aria-busy={saving}>
        {submitted && count > 0 && (
          <p className="alert" role="alert">
            <Trans>Please correct the highlighted fields.</Trans>
          </p>
        )}
        <ListingFormFields values={values} set={set} errors={errors} countries={countries} />
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? (
              <Trans>Saving…</Trans>
            ) : id === null ? (
              <Trans>Send for review</Trans>
            ) : (
              <Trans>Save and send for review</Trans>
            )}
          </button>
          <Link className="button button-ghost" to={to('/dashboard/listings')}>
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </form>
    </section>
  )
}
