import { Plural } from '@lingui/react/macro'
import { formatNumber } from '../../../shared/money.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { useLocale } from '../../lib/locale.ts'
import { useUnreadCount } from '../../lib/unread-count.ts'

/** What the badge shows in the page's digits: nothing at 0 (or unknown), the number up to 99, then "99+". */
export function unreadBadgeText(count: number | null, locale: LocaleCode): string | null {
  if (count === null || count <= 0) return null
  return count > 99 ? `${formatNumber(99, locale)}+` : formatNumber(count, locale)
}

/**
 * The live unread-notification count beside a link (the header's Dashboard, the dashboard's Alerts):
 * hidden at 0; a screen reader hears "3 unread notifications" as part of the link's name.
 */
export function UnreadBadge({ signedIn }: { signedIn: boolean }) {
  const count = useUnreadCount(signedIn)
  const text = unreadBadgeText(count, useLocale())
  if (text === null || count === null) return null
  return (
    <>
      <span className="unread-badge" aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">
        {' '}
        <Plural value={count} one="# unread notification" other="# unread notifications" />
      </span>
    </>
  )
}
