import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef } from 'react'
import {
  data,
  Form,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
} from 'react-router'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
} from '../../../shared/form-limits.ts'
import { localizePath } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { PageHead } from '../../components/page-head.tsx'
import type { FieldIssue } from '../../../shared/schemas/errors.ts'
import { ApiError } from '../../lib/api/call.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { contactMessagesApi } from '../../lib/api/contact-messages.ts'

type Field = 'name' | 'email' | 'subject' | 'message'
const FIELDS: Field[] = ['name', 'email', 'subject', 'message']
type Values = Record<Field, string>

/** The fields a 400's details name (`body.email` …). */
function fieldsOf(issues: FieldIssue[]): Field[] {
  return issues
    .map((issue) => issue.path.split('.')[1])
    .filter((f): f is Field => (FIELDS as string[]).includes(f ?? ''))
}

/** Why a message was not sent, as the page tells it; the values typed come back with it. */
type Refusal = { values: Values; fields: Field[]; failure?: 'rate-limited' | 'network' | 'failed' }

/**
 * The message checked by the API's own body schema (downloaded with zod when the form is first sent,
 * not with the page), then sent; a sent message shows the thanks at `?sent`, so a reload sends nothing
 * again. The same action runs in the browser and, for a form sent without the app, in the gateway
 * (docs/decisions/041-forms-without-javascript.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Values
  const refuse = (status: number, refusal: Omit<Refusal, 'values'>) => data<Refusal>({ values, ...refusal }, { status })
  const { ContactMessageBody } = await import('../../../shared/schemas/contact-message.ts')
  const checked = ContactMessageBody.safeParse(values)
  if (!checked.success) return refuse(400, { fields: checked.error.issues.map((issue) => issue.path[0] as Field) })
  const locale = context.get(localeContext)
  try {
    await contactMessagesApi(context.get(apiContext)).send(checked.data, locale)
  } catch (err) {
    if (!(err instanceof ApiError)) throw err
    if (err.code === 'VALIDATION_ERROR' && fieldsOf(err.fields).length > 0)
      return refuse(400, { fields: fieldsOf(err.fields) })
    if (err.code === 'RATE_LIMITED') return refuse(429, { fields: [], failure: 'rate-limited' })
    if (err.code === 'NETWORK_ERROR') return refuse(503, { fields: [], failure: 'network' })
    return refuse(err.status >= 400 ? err.status : 502, { fields: [], failure: 'failed' })
  }
  return redirect(`${localizePath('/contact-us', locale)}?sent`)
}

/** /contact-us: a message to the team (name, e-mail, subject, message), checked here and again by the API. */
export function ContactPage() {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const refused = useActionData<typeof action>()
  const [params] = useSearchParams()
  const sending = useNavigation().state === 'submitting'
  const sent = params.has('sent')
  const n = (value: number) => formatNumber(value, locale)

  const messages: Record<Field, string> = {
    name: t`Enter your name (up to ${n(CONTACT_NAME_MAX)} characters, one line).`,
    email: t`Enter a valid e-mail address, so we can answer you.`,
    subject: t`Enter a subject (up to ${n(CONTACT_SUBJECT_MAX)} characters, one line).`,
    message: t`Write a message of ${n(CONTACT_MESSAGE_MIN)} to ${n(CONTACT_MESSAGE_MAX)} characters.`,
  }
  const failures = {
    'rate-limited': t`You have sent several messages in a short time. Please try again in an hour.`,
    network: t`Network error. Please check your connection.`,
    failed: t`Your message could not be sent. Please try again.`,
  }
  const errors: Partial<Record<Field, string>> = Object.fromEntries(
    (refused?.fields ?? []).map((f) => [f, messages[f]]),
  )

  // the first field to correct takes the focus (with the app; without it, the page tells it in order)
  useEffect(() => {
    const first = FIELDS.find((f) => refused?.fields.includes(f))
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }, [refused])

  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    defaultValue: refused?.values[field] ?? '',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  })
  const fieldError = (field: Field) =>
    errors[field] && (
      <span id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </span>
    )

  return (
    <section className="container contact-page" aria-labelledby="contact-title">
      <PageHead
        title={t`Contact us`}
        description={t`Questions, a problem with a listing or an account, or an idea for Khaneh: write to the team.`}
      />
      <h1 id="contact-title">
        <Trans>Contact us</Trans>
      </h1>
      {sent ? (
        <div className="contact-thanks" role="status">
          <h2>
            <Trans>Thank you, your message has arrived</Trans>
          </h2>
          <p>
            <Trans>We read every message and answer by e-mail, usually within a few working days.</Trans>
          </p>
          <p className="form-actions">
            <AppLink to={to('/contact-us')} className="button button-ghost">
              <Trans>Write another message</Trans>
            </AppLink>
            <AppLink to={to('/listings')} className="button">
              <Trans>Browse listings</Trans>
            </AppLink>
          </p>
        </div>
      ) : (
        <>
          <p className="lead">
            <Trans>
              Questions about Khaneh, a problem with a listing or your account, or an idea? Write to us. To report a
              suspicious listing, the fastest way is the “Report this listing” button on the listing itself.
            </Trans>
          </p>
          <Form method="post" ref={form} className="contact-form" noValidate aria-busy={sending}>
            <div className="field">
              <label htmlFor={`${id}-name`}>
                <Trans>Your name</Trans>
              </label>
              <input {...bind('name')} type="text" autoComplete="name" maxLength={CONTACT_NAME_MAX} required />
              {fieldError('name')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-email`}>
                <Trans>E-mail</Trans>
              </label>
              <input {...bind('email')} type="email" dir="ltr" autoComplete="email" maxLength={254} required />
              {fieldError('email')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-subject`}>
                <Trans>Subject</Trans>
              </label>
              <input {...bind('subject')} type="text" maxLength={CONTACT_SUBJECT_MAX} required />
              {fieldError('subject')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-message`}>
                <Trans>Message</Trans>
              </label>
              <textarea {...bind('message')} rows={7} maxLength={CONTACT_MESSAGE_MAX} required />
              {fieldError('message')}
            </div>
            <ErrorLine message={refused?.failure ? failures[refused.failure] : null} />
            <p className="form-note">
              <Trans>
                We use your name and e-mail only to answer you; see the{' '}
                <AppLink to={to('/privacy-policy')}>privacy policy</AppLink>.
              </Trans>
            </p>
            <div className="form-actions">
              <button type="submit" className="button" disabled={sending}>
                {sending ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  )
}

export const Component = ContactPage
