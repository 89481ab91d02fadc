import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { alertsApi } from '../../lib/api/alerts.ts'
import type { AppNotification, NotificationPage } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale } from '../../lib/locale.ts'
import { Pagination } from '../listings/pagination.tsx'

/**
 * Where a notification leads: a page of ours, whose path is stored without a language (a listing's:
 * shared/seo.ts listingPath), in the reader's language; an address of this site as its path; any
 * other address as given.
 */
function targetOf(notification: AppNotification, locale: LocaleCode): string | undefined {
  const url = notification.data.url
  if (!url) return undefined
  if (!/^https?:/.test(url)) return localizePath(url, locale)
  if (typeof window === 'undefined') return url
  const parsed = new URL(url)
  return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : url
}

/** The in-app inbox: unread first in weight, 20 a page, an "unread only" switch; opening one marks it read. */
export function NotificationInbox({
  inbox,
  unreadOnly,
  onChanged,
}: {
  inbox: NotificationPage
  unreadOnly: boolean
  onChanged: () => Promise<void> | void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const location = useLocation()
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  const unread = formatNumber(inbox.unreadCount, locale)
  const toggle = new URLSearchParams(location.search)
  toggle.delete('page')
  if (unreadOnly) toggle.delete('unread')
  else toggle.set('unread', '1')
  const toggleHref = `${location.pathname}${toggle.size ? `?${toggle}` : ''}`

  const open = async (event: { preventDefault(): void }, notification: AppNotification) => {
    if (notification.readAt) return
    event.preventDefault()
    const target = targetOf(notification, locale)
    setFailed(false)
    try {
      await alertsApi(browserApi()).markRead(notification.id)
    } catch {
      setFailed(true)
      return
    }
    if (!target) return void onChanged()
    if (/^https?:/.test(target)) window.location.assign(target)
    else void navigate(target)
  }

  return (
    <section className="alerts-section inbox" aria-labelledby="inbox-title">
      <div className="page-title-row">
        <h2 id="inbox-title">
          <Trans>Notifications</Trans>{' '}
          <span className="badge" data-testid="inbox-unread">
            <Trans>{unread} unread</Trans>
          </span>
        </h2>
        <AppLink to={toggleHref} className="button button-ghost button-small" aria-pressed={unreadOnly} role="button">
          {unreadOnly ? t`Show all` : t`Unread only`}
        </AppLink>
      </div>
      <ErrorLine message={failed ? t`Could not mark it as read. Please try again.` : null} />
      {inbox.notifications.length === 0 ? (
        <p className="empty-state">
          {unreadOnly
            ? t`Nothing unread. You are all caught up.`
            : t`No notifications yet. Matches of your alerts will appear here.`}
        </p>
      ) : (
        <ul className="notification-list">
          {inbox.notifications.map((notification) => {
            const target = targetOf(notification, locale)
            const body = (
              <>
                <strong className="notification-title">
                  <bdi>{notification.title}</bdi>
                </strong>
                {notification.body && <span className="notification-body">{notification.body}</span>}
                <span className="hint">{formatDate(notification.createdAt, locale)}</span>
              </>
            )
            return (
              <li
                key={notification.id}
                className={notification.readAt ? 'notification' : 'notification notification-unread'}
              >
                {!notification.readAt && <span className="visually-hidden">{t`Unread:`} </span>}
                {target ? (
                  <a
                    href={target}
                    data-app-link={/^https?:/.test(target) ? undefined : ''}
                    onClick={(event) => open(event, notification)}
                  >
                    {body}
                  </a>
                ) : (
                  <button type="button" className="notification-plain" onClick={(event) => open(event, notification)}>
                    {body}
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <Pagination pagination={inbox.pagination} />
    </section>
  )
}
