import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { useState } from 'react'
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '../../../shared/form-limits.ts'
import { formatNumber } from '../../../shared/money.ts'
import { useStepSwitch } from '../../components/step-switch.tsx'
import { useLocale } from '../../lib/locale.ts'
import type { EmailAuthResult, EmailIntent, EmailProblem } from './email-auth.ts'
import { EmailField, PasswordField } from './fields.tsx'

type Mode = 'sign-in' | 'sign-up' | 'reset'
const MODES: readonly string[] = ['sign-in', 'sign-up', 'reset'] satisfies Mode[]

export function ProblemMessage({ problem, email }: { problem: EmailProblem; email: string }) {
  const { t } = useLingui()
  let message: string
  switch (problem.kind) {
    case 'invalid_credentials':
      message = t`Wrong e-mail or password.`
      break
    case 'email_in_use':
      message = t`An account with ${email} already exists. Sign in instead.`
      break
    case 'too_many_emails':
      message = t`Too many e-mails were sent. Please try again in an hour.`
      break
    case 'too_many_attempts': {
      const minutes = Math.max(1, Math.ceil(problem.retryAfterS / 60))
      message = t({
        message: plural(minutes, {
          one: 'Too many failed attempts. Try again in # minute.',
          other: 'Too many failed attempts. Try again in # minutes.',
        }),
      })
      break
    }
    case 'network':
      message = t`Network error. Please check your connection.`
      break
    case 'fields':
      message = t`Please correct the marked fields.`
      break
    case 'failed': {
      const status = problem.status
      message = problem.message || t`Email login failed: ${status}`
      break
    }
  }
  return (
    <p role="alert" className="alert">
      {message}
    </p>
  )
}

/** "Check your inbox": the link went to `email`; it can be sent again with the identity's token. */
function CheckInbox({
  email,
  idToken,
  resent,
  busy,
}: {
  email: string
  idToken: string
  resent: boolean
  busy: boolean
}) {
  const { t } = useLingui()
  return (
    <div className="auth-card" aria-live="polite">
      <h2>
        <Trans>Confirm your e-mail</Trans>
      </h2>
      <p>
        <Trans>
          We sent a confirmation link to <bdi dir="ltr">{email}</bdi>. Open it, then sign in here.
        </Trans>
      </p>
      <Form method="post" className="auth-form">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="id_token" value={idToken} />
        <button type="submit" className="button button-ghost" disabled={busy}>
          {busy ? t`Sending…` : t`Send the link again`}
        </button>
        {resent && !busy && (
          <span role="status" className="form-status">
            <Trans>A new link is on its way.</Trans>
          </span>
        )}
      </Form>
    </div>
  )
}

/** E-mail sign-in, sign-up and password reset (the built-in provider, or Firebase with the same steps). */
export function EmailForms() {
  const { t } = useLingui()
  const minLength = formatNumber(PASSWORD_MIN_LENGTH, useLocale())
  const result = useActionData() as EmailAuthResult | undefined
  const navigation = useNavigation()
  const [params] = useSearchParams()
  const asked = params.get('mode') ?? ''
  const [mode, setMode] = useState<Mode>(
    result?.intent === 'sign-up' || result?.intent === 'reset'
      ? result.intent
      : MODES.includes(asked)
        ? (asked as Mode)
        : 'sign-in',
  )
  // the switches between the forms: with the app at once; without it, this page again with `?mode=`
  const steps = useStepSwitch({ next: params.get('next') })
  const switchTo = (to: Mode) => steps.button({ name: 'mode', value: to }, () => setMode(to))
  const busyWith = navigation.state === 'submitting' ? (navigation.formData?.get('intent') as EmailIntent | null) : null
  const problem = result?.status === 'error' ? result.problem : null
  const badFields = problem?.kind === 'fields' ? problem.fields : []
  const invalid = (field: string) => badFields.includes(field)
  const email = result?.email ?? params.get('email') ?? ''

  if (result && (result.status === 'check-inbox' || result.status === 'unverified')) {
    return (
      <CheckInbox
        email={result.email}
        idToken={result.idToken}
        resent={result.intent === 'resend'}
        busy={busyWith === 'resend'}
      />
    )
  }
  if (result?.intent === 'resend' && result.status === 'error' && result.idToken) {
    return (
      <>
        <ProblemMessage problem={result.problem} email={result.email} />
        <CheckInbox email={result.email} idToken={result.idToken} resent={false} busy={busyWith === 'resend'} />
      </>
    )
  }

  const emailField = (
    <EmailField defaultValue={email} error={invalid('email') ? t`Enter a valid e-mail address.` : undefined} />
  )

  return (
    <div className="auth-card">
      {steps.form}
      <div className="segmented" role="group" aria-label={t`Sign in or create an account`}>
        <button {...switchTo('sign-in')} aria-pressed={mode === 'sign-in'}>
          <Trans>Sign in</Trans>
        </button>
        <button {...switchTo('sign-up')} aria-pressed={mode === 'sign-up'}>
          <Trans>Create account</Trans>
        </button>
      </div>
      {problem && (result?.intent === mode || (result?.intent === 'sign-in-link' && mode === 'sign-in')) && (
        <ProblemMessage problem={problem} email={result.email} />
      )}
      {result?.status === 'error' && result.offerLink && mode === 'sign-in' && (
        <Form method="post" className="auth-form" aria-busy={busyWith === 'sign-in-link'}>
          <input type="hidden" name="intent" value="sign-in-link" />
          <input type="hidden" name="email" value={result.email} />
          <button type="submit" className="button button-ghost" disabled={busyWith !== null}>
            {busyWith === 'sign-in-link' ? t`Sending…` : t`E-mail me a sign-in link`}
          </button>
        </Form>
      )}
      {result?.status === 'link-sent' && mode === 'sign-in' && (
        <p role="status" className="notice">
          <Trans>
            If an account exists for <bdi dir="ltr">{email}</bdi>, a sign-in link is on its way.
          </Trans>
        </p>
      )}
      {result?.status === 'reset-sent' && mode === 'reset' && (
        <p role="status" className="notice">
          <Trans>
            If an account exists for <bdi dir="ltr">{email}</bdi>, a link to choose a new password is on its way.
          </Trans>
        </p>
      )}

      {mode === 'sign-in' && (
        <Form method="post" className="auth-form" aria-busy={busyWith === 'sign-in'}>
          <input type="hidden" name="intent" value="sign-in" />
          {emailField}
          <PasswordField label={<Trans>Password</Trans>} name="password" autoComplete="current-password" />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busyWith !== null}>
              {busyWith === 'sign-in' ? t`Signing in…` : t`Sign in`}
            </button>
            <button {...switchTo('reset')} className="link-button">
              <Trans>Forgot your password?</Trans>
            </button>
          </div>
        </Form>
      )}

      {mode === 'sign-up' && (
        <Form method="post" className="auth-form" aria-busy={busyWith === 'sign-up'}>
          <input type="hidden" name="intent" value="sign-up" />
          <div className="form-row">
            <label>
              <span>
                <Trans>First name</Trans>
              </span>
              <input name="first_name" required maxLength={100} autoComplete="given-name" />
            </label>
            <label>
              <span>
                <Trans>Last name</Trans>
              </span>
              <input name="last_name" maxLength={100} autoComplete="family-name" />
            </label>
          </div>
          {emailField}
          <PasswordField
            label={<Trans>Password</Trans>}
            name="password"
            autoComplete="new-password"
            invalid={invalid('password')}
            hint={t`At least ${minLength} characters.`}
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={busyWith !== null}>
              {busyWith === 'sign-up' ? t`Creating your account…` : t`Create account`}
            </button>
          </div>
        </Form>
      )}

      {mode === 'reset' && (
        <Form method="post" className="auth-form" aria-busy={busyWith === 'reset'}>
          <input type="hidden" name="intent" value="reset" />
          <p className="hint">
            <Trans>Enter the e-mail of your account and we will send you a link to choose a new password.</Trans>
          </p>
          {emailField}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busyWith !== null}>
              {busyWith === 'reset' ? t`Sending…` : t`Send the link`}
            </button>
            <button {...switchTo('sign-in')} className="link-button">
              <Trans>Back to sign-in</Trans>
            </button>
          </div>
        </Form>
      )}
    </div>
  )
}
