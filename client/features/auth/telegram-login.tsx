import { useEffect, useRef } from 'react'

/**
 * Telegram's Login Widget: its script draws the button in place and, once the user agrees, sends
 * the browser to `authUrl` with the signed fields added to the query; the gateway verifies them.
 */
export function TelegramLogin({ bot, authUrl }: { bot: string; authUrl: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const container = box.current
    if (!container) return
    const script = document.createElement('script')
    script.async = true
    script.src = 'https://telegram.org/js/telegram-widget.js?22'
    script.dataset.telegramLogin = bot
    script.dataset.size = 'large'
    script.dataset.authUrl = new URL(authUrl, window.location.origin).toString()
    container.replaceChildren(script)
    return () => container.replaceChildren()
  }, [bot, authUrl])
  return <div ref={box} className="telegram-login" />
}
