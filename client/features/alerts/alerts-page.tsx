import { Trans, useLingui } from '@lingui/react/macro'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { FREE_MAX_ALERTS, PREMIUM_MAX_ALERTS } from '../../../shared/plans.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { cityNamesOf } from '../../lib/city-names.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { alertAction } from './alert-actions.ts'
import { AlertCard } from './alert-card.tsx'
import { NotificationInbox } from './notification-inbox.tsx'
import { PushPanel } from './push-panel.tsx'
import { alertsApi } from '../../lib/api/alerts.ts'
import { locationsApi } from '../../lib/api/locations.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext)
  const language = context.get(localeContext)
  const url = new URL(request.url)
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1)
  const unreadOnly = url.searchParams.get('unread') === '1'
  const [alerts, inbox, countries] = await Promise.all([
    alertsApi(api).list(request.signal),
    alertsApi(api).notifications({ page, unread_only: unreadOnly }, request.signal),
    locationsApi(api).countries(language, request.signal),
  ])
  // the cities the alerts name, in the reader's language (a key the search no longer knows stays a key)
  const keys = alerts.items.map((a) => a.filters.city).filter((k): k is string => Boolean(k))
  const cityNames = await cityNamesOf(api, keys, language, request.signal)
  return {
    alerts,
    inbox,
    unreadOnly,
    cityNames,
    countries: countries.map((c) => ({ code: c.code, name: c.name, currency: c.currency })),
  }
})

export const action = alertAction

/** /dashboard/alerts: the saved searches, the plan's limit, push on this browser, and the in-app inbox. */
export function Component() {
  const { alerts, inbox, unreadOnly, cityNames, countries } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const n = (value: number) => formatNumber(value, locale)
  const active = n(alerts.activeAlerts)
  const max = n(alerts.maxAlertsAllowed)
  const premiumMax = n(PREMIUM_MAX_ALERTS)
  const onFreePlan = alerts.maxAlertsAllowed <= FREE_MAX_ALERTS

  return (
    <section className="alerts-page" aria-labelledby="alerts-title">
      <PageHead title={t`Alerts`} noindex />
      <div className="page-title-row">
        <h1 id="alerts-title">
          <Trans>Saved searches and alerts</Trans>
        </h1>
        <AppLink to={to('/listings')} className="button button-ghost">
          <Trans>New search</Trans>
        </AppLink>
      </div>
      <p className="alert-limit" data-testid="alert-limit">
        <Trans>
          {active} of {max} alerts active
        </Trans>
        {onFreePlan && (
          <>
            {' · '}
            <AppLink to={to('/pricing')}>
              <Trans>Upgrade for {premiumMax}</Trans>
            </AppLink>
          </>
        )}
      </p>

      <PushPanel />

      <section className="alerts-section" aria-labelledby="alerts-list-title">
        <h2 id="alerts-list-title">
          <Trans>Your alerts</Trans>
        </h2>
        {alerts.items.length === 0 ? (
          <div className="empty-state">
            <p>
              <Trans>
                No saved searches yet. Search for a home, then press “Save this search” to hear about new listings
                first.
              </Trans>
            </p>
            <AppLink to={to('/listings')} className="button">
              <Trans>Browse listings</Trans>
            </AppLink>
          </div>
        ) : (
          <ul className="alert-list">
            {alerts.items.map((alert) => (
              <AlertCard
                key={alert.id}
                alert={alert}
                cityName={alert.filters.city ? cityNames[alert.filters.city] : undefined}
                country={countries.find((c) => c.code === alert.filters.country)}
              />
            ))}
          </ul>
        )}
      </section>

      <NotificationInbox inbox={inbox} unreadOnly={unreadOnly} />
    </section>
  )
}
