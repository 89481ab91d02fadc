import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { BellIcon } from './bell-icon.tsx'
import type { Alert } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { asApiError } from '../../lib/action-failure.ts'
import type { SearchSaved } from './save-search-action.ts'
import { isLimitReached, useAlertErrorText } from './alert-errors.ts'
import { alertsApi } from '../../lib/api/alerts.ts'
import type { SaveSearchProps } from './save-search.tsx'

// the page's action this form is sent to (listings-page.tsx loads it on demand): fetched with the form, not when pressed
void import('./save-search-action.ts')

// shown only once a search is saved: loaded then, not with the listings page
const PushPanel = lazy(() => import('./push-panel.tsx').then((m) => ({ default: m.PushPanel })))

/**
 * "Save this search" of a signed-in reader on /listings: one press saves the URL's filters as an instant,
 * in-app alert named after them; then a link to the alerts and the "Notify me" offer. A form of the page's
 * action, so it works without JavaScript; it comes on demand (save-search.tsx).
 */
export function SaveSearchForm({ cityName, country }: SaveSearchProps) {
  const to = useLocalePath()
  const errorText = useAlertErrorText()
  const acted = useActionData() as SearchSaved | undefined
  const [withPush, setWithPush] = useState<Alert | null>(null)
  const saved = withPush ?? acted?.saved ?? null
  const busy = useNavigation().state === 'submitting'
  const error = asApiError(acted?.failure)

  const addPush = async () => {
    if (!saved || saved.channels.includes('push')) return
    setWithPush(await alertsApi(browserApi()).update(saved.id, { channels: [...saved.channels, 'push'] }))
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
      <Form method="post" preventScrollReset className="inline-form">
        <input type="hidden" name="city_name" value={cityName ?? ''} />
        <input type="hidden" name="country_name" value={country?.name ?? ''} />
        <input type="hidden" name="currency" value={country?.currency ?? ''} />
        <button type="submit" className="button button-ghost" disabled={busy}>
          <BellIcon /> <Trans>Save this search</Trans>
        </button>
      </Form>
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
