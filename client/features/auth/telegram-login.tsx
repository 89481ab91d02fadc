import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'

/** How long the widget's script may take before the box says Telegram cannot be reached. */
const WIDGET_TIMEOUT_MS = 8000

/**
 * Telegram's Login Widget: its script draws the button in place and, once the user agrees, sends
 * the browser to `authUrl` with the signed fields added to the query; the gateway verifies them.
 * Where telegram.org cannot be reached (blocked in the reader's country, or offline), the script
 * fails or never arrives: the box says so and points to e-mail sign-in instead of staying empty.
 */
export function TelegramLogin({
  bot,
  authUrl,
  emailOffered = false,
}: {
  bot: string
  authUrl: string
  /** The page offers e-mail sign-in beside the widget (the sign-in page). */
  emailOffered?: boolean
}) {
  const box = useRef<HTMLDivElement>(null)
  const [unreachable, setUnreachable] = useState(false)
  useEffect(() => {
    const container = box.current
    if (!container) return
    setUnreachable(false)
    const script = document.createElement('script')
    script.async = true
    script.src = 'https://telegram.org/js/telegram-widget.js?22'
    script.dataset.telegramLogin = bot
    script.dataset.size = 'large'
    script.dataset.authUrl = new URL(authUrl, window.location.origin).toString()
    const timer = window.setTimeout(() => setUnreachable(true), WIDGET_TIMEOUT_MS)
    script.addEventListener('load', () => window.clearTimeout(timer))
    script.addEventListener('error', () => {
      window.clearTimeout(timer)
      setUnreachable(true)
    })
    container.replaceChildren(script)
    return () => {
      window.clearTimeout(timer)
      container.replaceChildren()
    }
  }, [bot, authUrl])
  return (
    <>
      <div ref={box} className="telegram-login" hidden={unreachable} />
      {unreachable && (
        <p className="notice telegram-unreachable" aria-live="polite">
          <Trans>Telegram cannot be reached from here right now.</Trans>{' '}
          {emailOffered && <Trans>Sign in with your e-mail instead.</Trans>}
        </p>
      )}
    </>
  )
}
