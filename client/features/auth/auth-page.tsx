import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
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
      {params.get('error') === 'telegram' && (
        <p role="alert" className="alert">
          <Trans>Telegram sign-in failed. Please try again.</Trans>
        </p>
      )}
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
            <TelegramLogin bot={telegramBotUsername} authUrl={`${location.pathname}${location.search}`} />
          </div>
        )}
      </div>
    </section>
  )
}
