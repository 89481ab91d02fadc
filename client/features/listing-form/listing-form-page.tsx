import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import { MAX_PIN_DISTANCE_KM } from '../../../shared/constants.ts'
import { formatNumber } from '../../../shared/money.ts'
import { locationsApi } from '../../lib/api/locations.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { User } from '../../lib/api/users.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { keepAfterForm } from '../../lib/revalidation.ts'
import { signedIn } from '../auth/signed-in.ts'
import { STATUS_LABELS } from '../listings/status-labels.ts'
import { drafts, emptyValues, validate, valuesOf, type ListingField, type ListingFormValues } from './form-values.ts'
import { listingIdOf, type action } from './listing-form-action.ts'
import { fieldId, ListingFormFields } from './listing-form.tsx'

export { action } from './listing-form-action.ts'
// a refusal changes nothing the loader reads; a saved listing leaves the page
export const shouldRevalidate = keepAfterForm

export const loader = signedIn(async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const language = context.get(localeContext)
  const id = listingIdOf(params.id)
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
  'location',
  'rent',
  'currency',
  'term',
  'start_date',
  'description',
  'photos',
  'contact',
  'verification_number',
]

/** The first field to correct takes the focus. */
function focusFirst(fields: Set<ListingField>) {
  const first = ORDER.find((f) => fields.has(f))
  if (first === 'photos') document.querySelector<HTMLElement>('.photo-uploader button, .photo-uploader input')?.focus()
  // the pin: its map with the app, its first coordinate without
  else if (first === 'location')
    document.querySelector<HTMLElement>('.pin-field .map-canvas, #listing-location-lat, .pin-field button')?.focus()
  else if (first) document.getElementById(fieldId(first))?.focus()
}

/** /dashboard/listings/create and /dashboard/listings/{id}: one form for a new listing and an edit. */
export function Component() {
  const { id, countries, listing, photos } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  // the dashboard layout's loader holds the signed-in user
  const userId = (useRouteLoaderData(`${locale}:dashboard-layout`) as { user: User } | undefined)?.user.id ?? 0
  const stored = listing ? valuesOf(listing, photos, listing.verificationNumber) : emptyValues(locale)
  // a form sent without the app comes back with what was typed (its photos are the listing's own: none can be added without the app)
  const initial: ListingFormValues = refused
    ? {
        ...refused.values,
        photos: stored.photos.filter((p) => refused.values.photos.some((s) => s.fileId === p.fileId)),
      }
    : stored
  const [values, setValues] = useState<ListingFormValues>(initial)
  const [invalid, setInvalid] = useState<Set<ListingField>>(new Set(refused?.fields))
  const [submitted, setSubmitted] = useState(Boolean(refused))
  const [restored, setRestored] = useState(false)
  const touched = useRef(false)
  const saving = navigation.state !== 'idle' && navigation.formMethod !== undefined
  const failure = refused?.failure ?? null

  // the draft lives in this browser only, so it is read after hydration
  useEffect(() => {
    const draft = drafts.read(userId, id)
    const { contact: _contact, verificationNumber: _verification, ...kept } = stored
    if (!refused && draft && JSON.stringify(draft) !== JSON.stringify(kept)) {
      setValues({ ...stored, ...draft })
      setRestored(true)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [id, userId])

  useEffect(() => {
    if (!touched.current) return
    const timer = setTimeout(() => drafts.write(userId, id, values), 300)
    return () => clearTimeout(timer)
  }, [id, userId, values])

  // the API's refusal marks its fields; a saved listing (the action's redirect to the owner's listings) ends the draft
  useEffect(() => {
    if (!refused) return
    setInvalid(new Set(refused.fields))
    focusFirst(new Set(refused.fields))
  }, [refused])
  useEffect(() => {
    if (navigation.state === 'loading' && navigation.formMethod && navigation.location.search.includes('saved='))
      drafts.clear(userId, id)
  }, [navigation, userId, id])

  const set = (change: Partial<ListingFormValues>) => {
    touched.current = true
    setValues((current) => {
      const next = { ...current, ...change }
      if (submitted) setInvalid(validate(next))
      return next
    })
  }

  const pinReach = formatNumber(MAX_PIN_DISTANCE_KM, locale)
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
    location: t`Put the pin within ${pinReach} km of the city's centre (latitude −90 to 90, longitude −180 to 180), or remove it.`,
  }
  const failures = {
    invalid: t`Some of the details are not valid. Please check the form.`,
    'not-found': t`This listing no longer exists.`,
    network: t`Network error. Please check your connection.`,
    failed: t`The listing could not be saved. Please try again.`,
  }
  const errors = Object.fromEntries([...invalid].map((f) => [f, messages[f]])) as Partial<Record<ListingField, string>>

  // the form's own checks first (the action runs them again, for a form sent without the app); then the action sends it
  function submit(event: React.FormEvent) {
    setSubmitted(true)
    const problems = validate(values)
    setInvalid(problems)
    if (problems.size === 0) return
    event.preventDefault()
    focusFirst(problems)
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
              setValues(stored)
              setRestored(false)
            }}
          >
            <Trans>Discard draft</Trans>
          </button>
        </div>
      )}
      <Form method="post" className="listing-form" noValidate onSubmit={submit} aria-busy={saving}>
        {submitted && count > 0 && (
          <p className="alert" role="alert">
            <Trans>Please correct the highlighted fields.</Trans>
          </p>
        )}
        <ListingFormFields values={values} set={set} errors={errors} countries={countries} />
        {failure && !saving && (
          <p className="alert" role="alert">
            {failures[failure]}
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
      </Form>
    </section>
  )
}
