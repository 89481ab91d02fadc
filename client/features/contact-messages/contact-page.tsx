import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
} from '../../../shared/form-limits.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { contactMessagesApi } from '../../lib/api/contact-messages.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError } from '../../lib/api/call.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'

type Field = 'name' | 'email' | 'subject' | 'message'
const FIELDS: Field[] = ['name', 'email', 'subject', 'message']
type Values = Record<Field, string>
const EMPTY: Values = { name: '', email: '', subject: '', message: '' }

/** The fields a 400's details name (`body.email` …). */
function fieldsOf(details: unknown): Field[] {
  if (!Array.isArray(details)) return []
  return details
    .map((issue: unknown) => String((issue as { path?: unknown })?.path ?? '').split('.')[1])
    .filter((f): f is Field => (FIELDS as string[]).includes(f ?? ''))
}

/** /contact-us: a message to the team (name, e-mail, subject, message), checked here and again by the API. */
export function ContactPage() {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState<string | null>(null)
  const n = (value: number) => formatNumber(value, locale)

  const messages: Record<Field, string> = {
    name: t`Enter your name (up to ${n(CONTACT_NAME_MAX)} characters, one line).`,
    email: t`Enter a valid e-mail address, so we can answer you.`,
    subject: t`Enter a subject (up to ${n(CONTACT_SUBJECT_MAX)} characters, one line).`,
    message: t`Write a message of ${n(CONTACT_MESSAGE_MIN)} to ${n(CONTACT_MESSAGE_MAX)} characters.`,
  }

  function showErrors(fields: Field[]) {
    setErrors(Object.fromEntries(fields.map((f) => [f, messages[f]])))
    const first = FIELDS.find((f) => fields.includes(f))
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  async function send(event: React.FormEvent) {
    event.preventDefault()
    setFailure(null)
    // the API's own body schema, downloaded with zod when the form is first sent, not with the page
    const { ContactMessageBody } = await import('../../../shared/schemas/contact-message.ts')
    const checked = ContactMessageBody.safeParse(values)
    if (!checked.success) {
      showErrors(checked.error.issues.map((issue) => issue.path[0] as Field))
      return
    }
    setErrors({})
    setState('sending')
    try {
      await contactMessagesApi(browserApi()).send(checked.data, locale)
      setState('sent')
      setValues(EMPTY)
    } catch (err) {
      setState('idle')
      if (err instanceof ApiError && err.status === 400 && fieldsOf(err.details).length > 0)
        showErrors(fieldsOf(err.details))
      else if (err instanceof ApiError && err.status === 429)
        setFailure(t`You have sent several messages in a short time. Please try again in an hour.`)
      else if (err instanceof ApiError && err.code === 'NETWORK_ERROR')
        setFailure(t`Network error. Please check your connection.`)
      else setFailure(t`Your message could not be sent. Please try again.`)
    }
  }

  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value })),
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
      {state === 'sent' ? (
        <div className="contact-thanks" role="status">
          <h2>
            <Trans>Thank you, your message has arrived</Trans>
          </h2>
          <p>
            <Trans>We read every message and answer by e-mail, usually within a few working days.</Trans>
          </p>
          <p className="form-actions">
            <button type="button" className="button button-ghost" onClick={() => setState('idle')}>
              <Trans>Write another message</Trans>
            </button>
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
          <form ref={form} className="contact-form" onSubmit={send} noValidate>
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
            <ErrorLine message={failure} />
            <p className="form-note">
              <Trans>
                We use your name and e-mail only to answer you; see the{' '}
                <AppLink to={to('/privacy-policy')}>privacy policy</AppLink>.
              </Trans>
            </p>
            <div className="form-actions">
              <button type="submit" className="button" disabled={state === 'sending'}>
                {state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  )
}

export const Component = ContactPage
