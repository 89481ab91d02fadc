import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { LISTING_STATUSES } from '../../../shared/constants.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { PageHead } from '../../components/page-head.tsx'
import { apiContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { STATUS_LABELS } from '../listings/status-labels.ts'
import { usersApi } from '../../lib/api/users.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  return await usersApi(api).summary(request.signal)
})

/** /dashboard: the user's listings, favourites, alerts and plan at a glance. */
export function Component() {
  const { user, listings, favorites } = useLoaderData<typeof loader>()
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const name = user.firstName
  const until = user.premiumUntil ? formatDate(user.premiumUntil, locale) : ''
  const statuses = LISTING_STATUSES.filter((status) => (listings.byStatus[status] ?? 0) > 0)

  return (
    <section className="dashboard-home" aria-labelledby="home-title">
      <PageHead title={t`Dashboard`} noindex />
      <h1 id="home-title">
        <Trans>Hello, {name}</Trans>
      </h1>
      <div className="summary-grid">
        <article className="summary-card">
          <h2>
            <Trans>My listings</Trans>
          </h2>
          <p className="summary-figure">{formatNumber(listings.total, locale)}</p>
          {statuses.length > 0 ? (
            <ul className="status-chips">
              {statuses.map((status) => (
                <li key={status} className={`status-chip status-${status}`}>
                  {i18n._(STATUS_LABELS[status])} · {formatNumber(listings.byStatus[status] ?? 0, locale)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="hint">
              <Trans>You have not posted a listing yet.</Trans>
            </p>
          )}
          <div className="summary-actions">
            <Link className="button button-small" to={to('/dashboard/listings/create')}>
              <Trans>Post a listing</Trans>
            </Link>
            <Link className="button button-ghost button-small" to={to('/dashboard/listings')}>
              <Trans>Manage listings</Trans>
            </Link>
          </div>
        </article>

        <article className="summary-card">
          <h2>
            <Trans>Favorites</Trans>
          </h2>
          <p className="summary-figure">{formatNumber(favorites, locale)}</p>
          <div className="summary-actions">
            <Link
              className="button button-ghost button-small"
              to={favorites > 0 ? to('/dashboard/favorites') : to('/listings')}
            >
              {favorites > 0 ? t`See favorites` : t`Browse listings`}
            </Link>
          </div>
        </article>

        <article className="summary-card">
          <h2>
            <Trans>Alerts</Trans>
          </h2>
          <p className="hint">
            <Trans>Get told when a new listing matches your search.</Trans>
          </p>
          <div className="summary-actions">
            <Link className="button button-ghost button-small" to={to('/dashboard/alerts')}>
              <Trans>Manage alerts</Trans>
            </Link>
          </div>
        </article>

        <article className="summary-card">
          <h2>
            <Trans>Plan</Trans>
          </h2>
          <p className="summary-figure">{user.isPremium ? t`Premium` : t`Free`}</p>
          {user.isPremium && (
            <p className="hint">
              <Trans>Premium until {until}</Trans>
            </p>
          )}
          <p className="hint">
            <Plural value={user.aiCredits} one="# AI credit" other="# AI credits" /> ·{' '}
            <Plural value={user.freeBoosts} one="# free boost" other="# free boosts" />
          </p>
          <div className="summary-actions">
            <Link className="button button-ghost button-small" to={to('/dashboard/subscription')}>
              {user.isPremium ? t`Manage plan` : t`See plans`}
            </Link>
          </div>
        </article>
      </div>
      {(!user.emailVerified || !user.phoneVerified) && (
        <p className="notice">
          <Trans>Add a verified e-mail and phone number so renters can trust your listings.</Trans>{' '}
          <Link to={to('/dashboard/account-management')}>
            <Trans>Account settings</Trans>
          </Link>
        </p>
      )}
    </section>
  )
}
