import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useLocation, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext, useShell } from '../../lib/context.ts'
import { requireGuest } from './guards.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return requireGuest(context.get(apiContext), request)
}

/**
 * Telegram's Login Widget: its script draws the button in place and, once the user agrees, sends
 * the browser back to this page with the signed fields, which the gateway verifies.
 */
function TelegramLogin({ bot }: { bot: string }) {
  const box = useRef<HTMLDivElement>(null)
  const location = useLocation()
  useEffect(() => {
    const container = box.current
    if (!container) return
    const script = document.createElement('script')
    script.async = true
    script.src = 'https://telegram.org/js/telegram-widget.js?22'
    script.dataset.telegramLogin = bot
    script.dataset.size = 'large'
    script.dataset.authUrl = `${window.location.origin}${location.pathname}${location.search}`
    container.replaceChildren(script)
    return () => container.replaceChildren()
  }, [bot, location.pathname, location.search])
  return <div ref={box} className="telegram-login" />
}

export function Component() {
  const { t } = useLingui()
  const [params] = useSearchParams()
  const { telegramBotUsername } = useShell()
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
      {telegramBotUsername ? (
        <>
          <h2>
            <Trans>Sign in with Telegram</Trans>
          </h2>
          <TelegramLogin bot={telegramBotUsername} />
        </>
      ) : (
        <p>
          <Trans>Telegram sign-in is not available on this server.</Trans>
        </p>
      )}
      <p className="hint">
        <Trans>Sign-in with e-mail is on its way.</Trans>
      </p>
    </section>
  )
}
