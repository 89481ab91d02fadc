import { Trans, useLingui } from '@lingui/react/macro'
import {
  Form,
  Link,
  redirectDocument,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PASSWORD_MIN_LENGTH } from '../../../shared/form-limits.ts'
import { localizePath } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'
import { PageHead } from '../../components/page-head.tsx'
import { ApiError } from '../../lib/api/call.ts'
import { apiContext, identityContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { enterWithIdentity } from './email-auth.ts'
import { PasswordField } from './fields.tsx'

type ActionState =
  | { state: 'verified' | 'reset' | 'password-changed' | 'sign-in'; email: string }
  | { state: 'invalid' }

const CODE = /^[\w-]{20,100}$/

/** A spent, expired or made-up link is a state of this page, not an error page. */
async function orInvalid<T>(work: () => Promise<T>): Promise<T | { state: 'invalid' }> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') return { state: 'invalid' }
    throw err
  }
}

/**
 * /auth/action?mode=verifyEmail|resetPassword|signIn&oobCode=… (docs/decisions/016-email-sign-in.md): a verification link
 * confirms the e-mail on arrival, as Firebase's handler does; a reset link shows the new-password
 * form; a sign-in link shows a button — opening a link (a mail scanner does) never spends it.
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<ActionState> {
  const identity = context.get(identityContext)
  const params = new URL(request.url).searchParams
  const mode = params.get('mode')
  const code = params.get('oobCode') ?? ''
  if (!CODE.test(code)) return { state: 'invalid' }
  if (mode === 'verifyEmail') {
    return orInvalid(async () => ({
      state: 'verified',
      email: (await identity.applyCode({ mode, oobCode: code }, request.signal)).email,
    }))
  }
  if (mode === 'resetPassword')
    return orInvalid(async () => ({
      state: 'reset',
      email: (await identity.checkResetCode(code, request.signal)).email,
    }))
  const links = identity.signInLinks
  if (mode === 'signIn' && links)
    return orInvalid(async () => ({ state: 'sign-in', email: (await links.check(code, request.signal)).email }))
  return { state: 'invalid' }
}

// The reset form answers here; a used link must not send the reader back to the form.
export const shouldRevalidate = () => false

export async function action({
  request,
  context,
}: ActionFunctionArgs): Promise<ActionState | { state: 'too-short' } | Response> {
  const params = new URL(request.url).searchParams
  const code = params.get('oobCode') ?? ''
  const links = context.get(identityContext).signInLinks
  if (params.get('mode') === 'signIn' && links) {
    const locale = context.get(localeContext)
    return orInvalid(async () => {
      await enterWithIdentity(context.get(apiContext), await links.use(code), locale)
      // the whole document again, so every part of the page sees the new session
      return redirectDocument(localizePath('/dashboard', locale))
    })
  }
  const password = String((await request.formData()).get('new_password') ?? '')
  if (password.length < PASSWORD_MIN_LENGTH) return { state: 'too-short' }
  return orInvalid(async () => ({
    state: 'password-changed',
    email: (
      await context.get(identityContext).applyCode({ mode: 'resetPassword', oobCode: code, newPassword: password })
    ).email,
  }))
}

export function Component() {
  const { t } = useLingui()
  const minLength = formatNumber(PASSWORD_MIN_LENGTH, useLocale())
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const navigation = useNavigation()
  const localePath = useLocalePath()
  const signIn = (email?: string) => `${localePath('/auth')}${email ? `?email=${encodeURIComponent(email)}` : ''}`
  const shown = acted && !(acted instanceof Response) && acted.state !== 'too-short' ? acted : loaded
  const saving = navigation.state === 'submitting'
  const email = shown.state === 'invalid' ? '' : shown.email

  return (
    <section className="container auth-page" aria-labelledby="action-title">
      <PageHead title={t`Your account`} noindex />
      {shown.state === 'verified' && (
        <div className="auth-card">
          <h1 id="action-title">
            <Trans>Your e-mail is confirmed</Trans>
          </h1>
          <p>
            <Trans>
              <bdi dir="ltr">{email}</bdi> is confirmed. You can sign in now.
            </Trans>
          </p>
          <Link className="button" to={signIn(email)}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      )}
      {shown.state === 'reset' && (
        <div className="auth-card">
          <h1 id="action-title">
            <Trans>Choose a new password</Trans>
          </h1>
          <p>
            <Trans>
              For <bdi dir="ltr">{email}</bdi>.
            </Trans>
          </p>
          {acted?.state === 'too-short' && (
            <p role="alert" className="alert">
              {t`Use at least ${minLength} characters.`}
            </p>
          )}
          <Form method="post" className="auth-form" aria-busy={saving}>
            <PasswordField
              label={<Trans>New password</Trans>}
              name="new_password"
              autoComplete="new-password"
              invalid={acted?.state === 'too-short'}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={saving}>
                {saving ? t`Saving…` : t`Save the new password`}
              </button>
            </div>
          </Form>
        </div>
      )}
      {shown.state === 'sign-in' && (
        <div className="auth-card">
          <h1 id="action-title">
            <Trans>Sign in to your account</Trans>
          </h1>
          <p>
            <Trans>
              Sign in as <bdi dir="ltr">{email}</bdi> with this link. It works once.
            </Trans>
          </p>
          <Form method="post" className="auth-form" aria-busy={saving}>
            <div className="form-actions">
              <button type="submit" className="button" disabled={saving}>
                {saving ? t`Signing in…` : t`Sign in`}
              </button>
            </div>
          </Form>
        </div>
      )}
      {shown.state === 'password-changed' && (
        <div className="auth-card">
          <h1 id="action-title">
            <Trans>Your password is changed</Trans>
          </h1>
          <p>
            <Trans>Sign in with your new password. Other devices were signed out.</Trans>
          </p>
          <Link className="button" to={signIn(email)}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      )}
      {shown.state === 'invalid' && (
        <div className="auth-card">
          <h1 id="action-title">
            <Trans>This link does not work</Trans>
          </h1>
          <p>
            <Trans>
              It is invalid, expired or already used. If you already confirmed your e-mail, just sign in; otherwise ask
              for a new link.
            </Trans>
          </p>
          <Link className="button" to={signIn()}>
            <Trans>Go to sign-in</Trans>
          </Link>
        </div>
      )}
    </section>
  )
}
