import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useActionData, useLocation, useNavigation } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import type { NotificationPage } from '../../lib/api/alerts.ts'
import { useLocale } from '../../lib/locale.ts'
import { Pagination } from '../listings/pagination.tsx'
import { notificationTarget, type AlertActed } from './alert-actions.ts'

/**
 * The in-app inbox: unread first in weight, 20 a page, an "unread only" switch. Opening an unread one
 * is a form of the page's action (alert-actions.ts), which marks it read and goes on to where it
 * leads, so it works without JavaScript (docs/decisions/041-forms-without-javascript.md); a read one
 * is a plain link.
 */
export function NotificationInbox({ inbox, unreadOnly }: { inbox: NotificationPage; unreadOnly: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const location = useLocation()
  const acted = useActionData() as AlertActed | undefined
  const navigation = useNavigation()
  const failed = acted?.intent === 'read' && acted.failure !== null
  const unread = formatNumber(inbox.unreadCount, locale)
  const toggle = new URLSearchParams(location.search)
  toggle.delete('page')
  if (unreadOnly) toggle.delete('unread')
  else toggle.set('unread', '1')
  const toggleHref = `${location.pathname}${toggle.size ? `?${toggle}` : ''}`
  const here = location.pathname + location.search
  const origin = typeof window === 'undefined' ? '' : window.location.origin

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
            const target = notificationTarget(notification.data.url, locale, origin)
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
                {!notification.readAt ? (
                  <Form method="post" action={here} className="notification-open">
                    <input type="hidden" name="id" value={notification.id} />
                    <input type="hidden" name="intent" value="read" />
                    <button
                      type="submit"
                      className="notification-plain"
                      disabled={navigation.formData?.get('id') === String(notification.id)}
                    >
                      {body}
                    </button>
                  </Form>
                ) : target ? (
                  <a href={target} data-app-link={/^https?:/.test(target) ? undefined : ''}>
                    {body}
                  </a>
                ) : (
                  <span className="notification-plain">{body}</span>
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
