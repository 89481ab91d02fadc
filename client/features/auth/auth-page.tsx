import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
import { TELEGRAM_REFUSAL_REASONS, type TelegramRefusalReason } from '../../../shared/telegram-refusals.ts'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext, identityContext, localeContext, useShell } from '../../lib/context.ts'
import { emailAuthAction } from './email-auth.ts'
import { EmailForms } from './email-forms.tsx'
import { requireGuest } from './guards.ts'
import { TelegramLogin } from './telegram-login.tsx'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return requireGuest(context, request)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = context.get(localeContext)
  const next = safeNext(new URL(request.url).searchParams.get('next'), localizePath('/dashboard', locale))
  return emailAuthAction(context.get(apiContext), context.get(identityContext), await request.formData(), locale, next)
}

/**
 * Where the widget sends the reader back: this page with `next` only. Telegram adds its fields to
 * the query, and the gateway takes every other parameter for one of them.
 */
const widgetReturn = (pathname: string, next: string | null) =>
  next ? `${pathname}?next=${encodeURIComponent(next)}` : pathname

/** Why the gateway refused the widget's redirect (its `reason`), told in the reader's language. */
function TelegramRefusal({ reason }: { reason: string | null }) {
  const { t } = useLingui()
  const why: Record<TelegramRefusalReason, string> = {
    bad_hash: t`The sign-in data did not carry Telegram's valid signature for this site.`,
    stale: t`The sign-in data is more than a day old.`,
    future: t`The sign-in data is dated in the future: check your device's clock.`,
    replayed: t`This sign-in data was already used.`,
    missing_fields: t`The sign-in data from Telegram is incomplete.`,
    rate_limited: t`Too many sign-in attempts: wait a minute.`,
    unavailable: t`Sign-in is unavailable for a moment.`,
  }
  const known = (TELEGRAM_REFUSAL_REASONS as readonly string[]).includes(reason ?? '')
  return (
    <p role="alert" className="alert">
      <Trans>Telegram sign-in failed. Please try again.</Trans>
      {known && ` ${why[reason as TelegramRefusalReason]}`}
    </p>
  )
}

export function Component() {
  const { t } = useLingui()
  const [params] = useSearchParams()
  const { telegramBotUsername } = useShell().publicConfig
  const location = useLocation()
  return (
    <section className="container auth-page" aria-labelledby="auth-title">
      <PageHead title={t`Sign in or sign up`} noindex />
      <h1 id="auth-title">
        <Trans>Sign in or sign up</Trans>
      </h1>
      {params.get('error') === 'telegram' && <TelegramRefusal reason={params.get('reason')} />}
      {params.get('login') === 'required' && (
        <p role="status" className="notice">
          <Trans>Please sign in to continue.</Trans>
        </p>
      )}
      <div className="auth-methods">
        <EmailForms />
        {telegramBotUsername && (
          <div className="auth-card telegram-card">
            <h2>
              <Trans>Sign in with Telegram</Trans>
            </h2>
            <TelegramLogin
              bot={telegramBotUsername}
              authUrl={widgetReturn(location.pathname, params.get('next'))}
              emailOffered
            />
          </div>
        )}
      </div>
    </section>
  )
}
