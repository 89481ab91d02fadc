import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { useLocation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { BellIcon } from './bell-icon.tsx'
import { alertsApi } from '../../lib/api/alerts.ts'
import type { Alert } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { isLimitReached, useAlertErrorText } from './alert-errors.ts'

// shown only once a search is saved: loaded then, not with the listings page
const PushPanel = lazy(() => import('./push-panel.tsx').then((m) => ({ default: m.PushPanel })))

/**
 * "Save this search" on /listings: one press saves the URL's filters as an instant, in-app alert
 * named after them; then a link to the alerts and the "Notify me" offer. Signed out, it leads to
 * sign-in and back to this very search.
 */
export function SaveSearch({ cityName, country }: { cityName?: string; country?: { name: string; currency: string } }) {
  const { i18n } = useLingui()
  const { hasSession } = useShell()
  const location = useLocation()
  const locale = useLocale()
  const to = useLocalePath()
  const errorText = useAlertErrorText()
  const [saved, setSaved] = useState<Alert | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const here = location.pathname + location.search

  if (!hasSession)
    return (
      <div className="save-search">
        <AppLink to={`${to('/auth')}?next=${encodeURIComponent(here)}`} className="button button-ghost">
          <BellIcon /> <Trans>Sign in to save this search</Trans>
        </AppLink>
      </div>
    )

  const save = async () => {
    setBusy(true)
    setError(null)
    try {
      // the filters' names come with the first save, not with the listings page (docs/decisions/025-catalogs-by-route-group.md)
      const { defaultAlertName, savedFilters } = await import('./alert-filters.ts')
      const filters = savedFilters(new URLSearchParams(location.search))
      const name = defaultAlertName(filters, i18n, {
        locale,
        cityName,
        countryName: country?.name,
        currency: country?.currency,
      })
      setSaved(await alertsApi(browserApi()).create({ name, filters, frequency: 'instant', channels: [] }))
    } catch (err) {
      setError(err)
    } finally {
      setBusy(false)
    }
  }

  const addPush = async () => {
    if (!saved || saved.channels.includes('push')) return
    setSaved(await alertsApi(browserApi()).update(saved.id, { channels: [...saved.channels, 'push'] }))
  }

  if (saved) {
    const name = saved.name
    return (
      <div className="save-search save-search-done" role="status">
        <p>
          <Trans>
            Saved as “<bdi>{name}</bdi>”. New listings that match will appear in your inbox.
          </Trans>{' '}
          <AppLink to={to('/dashboard/alerts')}>
            <Trans>Manage alerts</Trans>
          </AppLink>
        </p>
        <Suspense fallback={null}>
          <PushPanel compact onEnabled={addPush} />
        </Suspense>
      </div>
    )
  }

  return (
    <div className="save-search">
      <button type="button" className="button button-ghost" disabled={busy} onClick={save}>
        <BellIcon /> <Trans>Save this search</Trans>
      </button>
      <ErrorLine message={error ? errorText(error) : null} />
      {isLimitReached(error) && (
        <p className="save-search-limit">
          <AppLink to={to('/pricing')}>
            <Trans>See premium plans</Trans>
          </AppLink>
          {' · '}
          <AppLink to={to('/dashboard/alerts')}>
            <Trans>Manage alerts</Trans>
          </AppLink>
        </p>
      )}
    </div>
  )
}
