import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useId, useState } from 'react'
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from 'react-router'
import { ALERT_CHANNELS, ALERT_FREQUENCIES } from '../../../shared/alert-options.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { useStepSwitch, withoutSteps } from '../../components/step-switch.tsx'
import type { Alert } from '../../lib/api/alerts.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { asApiError } from '../../lib/action-failure.ts'
import type { AlertActed, AlertIntent } from './alert-actions.ts'
import { filterSummary, searchPath } from './alert-filters.ts'
import { isLimitReached, useAlertErrorText } from './alert-errors.ts'
import { AlertMatches } from './alert-matches.tsx'

export const FREQUENCY_LABELS = { instant: msg`Instantly`, daily: msg`Daily digest` }
export const CHANNEL_LABELS = { push: msg`Push on this device`, telegram: msg`Telegram`, email: msg`E-mail` }

/**
 * One saved search: what it looks for, how it is delivered, its state, and what may be done with it;
 * every change is a form of the alerts page's action (alert-actions.ts), so it works without JavaScript.
 */
export function AlertCard({
  alert,
  cityName,
  country,
}: {
  alert: Alert
  cityName?: string
  country?: { name: string; currency: string }
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const location = useLocation()
  const [params] = useSearchParams()
  const acted = useActionData() as AlertActed | undefined
  const navigation = useNavigation()
  const mine = acted?.id === alert.id && acted.intent !== 'read'
  const [editing, setEditing] = useState(
    params.get('edit') === String(alert.id) || (mine && acted.intent === 'edit' && acted.failure !== null),
  )
  const [confirming, setConfirming] = useState(params.get('delete') === String(alert.id))
  const [showMatches, setShowMatches] = useState(false)
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === String(alert.id)
  const error = mine ? asApiError(acted.failure) : null
  const errorText = useAlertErrorText()
  const steps = useStepSwitch()
  const action = withoutSteps(location, ['edit', 'delete'])
  // a saved edit closes the editor (without the app, the page comes back without `?edit=`)
  const [seen, setSeen] = useState(acted)
  if (acted !== seen) {
    setSeen(acted)
    if (mine && acted.intent === 'edit' && !acted.failure) setEditing(false)
  }
  const summary = filterSummary(alert.filters, i18n, {
    locale,
    cityName,
    countryName: country?.name,
    currency: country?.currency,
  })
  const count = formatNumber(alert.newListingsCount, locale)
  const lastTriggered = alert.lastTriggered ? formatDate(alert.lastTriggered, locale) : null
  const channels = [t`In the app`, ...alert.channels.map((c) => i18n._(CHANNEL_LABELS[c]))].join(' · ')
  /** The hidden fields naming this alert and what to do with it. */
  const names = (intent: AlertIntent) => (
    <>
      <input type="hidden" name="id" value={alert.id} />
      <input type="hidden" name="intent" value={intent} />
    </>
  )

  const status = alert.isActive ? 'active' : alert.paused ? 'paused' : 'resting'
  return (
    <li className={`alert-card alert-${status}`} aria-labelledby={`${id}-name`}>
      <div className="alert-head">
        <h3 id={`${id}-name`}>
          <bdi>{alert.name}</bdi>
        </h3>
        <span className={`badge alert-status-${status}`}>
          {status === 'active' && t`Active`}
          {status === 'paused' && t`Paused`}
          {status === 'resting' && t`Resting: over your plan’s limit`}
        </span>
      </div>
      <p className="alert-summary">{summary}</p>
      <dl className="alert-facts">
        <div>
          <dt>
            <Trans>Frequency</Trans>
          </dt>
          <dd>{i18n._(FREQUENCY_LABELS[alert.frequency])}</dd>
        </div>
        <div>
          <dt>
            <Trans>Channels</Trans>
          </dt>
          <dd>{channels}</dd>
        </div>
        <div>
          <dt>
            <Trans>New listings</Trans>
          </dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>
            <Trans>Last match</Trans>
          </dt>
          <dd>{lastTriggered ?? t`Not yet`}</dd>
        </div>
      </dl>

      {editing ? (
        <Form method="post" action={action} className="alert-edit" aria-label={t`Edit alert`}>
          {names('edit')}
          <label>
            <span>
              <Trans>Name</Trans>
            </span>
            <input name="name" defaultValue={alert.name} required maxLength={100} />
          </label>
          <fieldset>
            <legend>
              <Trans>Frequency</Trans>
            </legend>
            {ALERT_FREQUENCIES.map((f) => (
              <label key={f} className="check">
                <input type="radio" name="frequency" value={f} defaultChecked={alert.frequency === f} />
                <span>{i18n._(FREQUENCY_LABELS[f])}</span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>
              <Trans>Also send to</Trans>
            </legend>
            {ALERT_CHANNELS.map((c) => (
              <label key={c} className="check">
                <input type="checkbox" name="channels" value={c} defaultChecked={alert.channels.includes(c)} />
                <span>{i18n._(CHANNEL_LABELS[c])}</span>
              </label>
            ))}
            <p className="hint">
              <Trans>
                Push needs notifications turned on for this browser (above). Telegram needs a Telegram sign-in.
              </Trans>
            </p>
          </fieldset>
          <div className="alert-actions">
            <button type="submit" className="button" disabled={busy}>
              <Trans>Save</Trans>
            </button>
            <button {...steps.button(null, () => setEditing(false))} className="button button-ghost">
              <Trans>Cancel</Trans>
            </button>
          </div>
        </Form>
      ) : (
        <div className="alert-actions">
          <AppLink to={to(searchPath(alert.filters))} className="button button-small">
            <Trans>Open search</Trans>
          </AppLink>
          <button
            {...steps.button({ name: 'edit', value: String(alert.id) }, () => setEditing(true))}
            className="button button-ghost button-small"
          >
            <Trans>Edit</Trans>
          </button>
          <Form method="post" action={action} className="inline-form">
            {names(alert.paused ? 'resume' : 'pause')}
            <button type="submit" className="button button-ghost button-small" disabled={busy}>
              {alert.paused ? t`Resume` : t`Pause`}
            </button>
          </Form>
          <button
            type="button"
            className="button button-ghost button-small"
            aria-expanded={showMatches}
            aria-controls={`${id}-matches`}
            onClick={() => setShowMatches(!showMatches)}
          >
            {showMatches ? t`Hide matches` : t`Show matches`}
          </button>
          {confirming ? (
            <span className="alert-confirm" role="group" aria-label={t`Delete this alert?`}>
              <span>
                <Trans>Delete this alert?</Trans>
              </span>
              <Form method="post" action={action} className="inline-form">
                {names('delete')}
                <button type="submit" className="button button-danger button-small" disabled={busy}>
                  <Trans>Yes, delete</Trans>
                </button>
              </Form>
              <button {...steps.button(null, () => setConfirming(false))} className="button button-ghost button-small">
                <Trans>Keep it</Trans>
              </button>
            </span>
          ) : (
            <button
              {...steps.button({ name: 'delete', value: String(alert.id) }, () => setConfirming(true))}
              className="button button-ghost button-small"
            >
              <Trans>Delete</Trans>
            </button>
          )}
        </div>
      )}
      {steps.form}
      <ErrorLine message={error ? errorText(error) : null} />
      {isLimitReached(error) && (
        <AppLink to={to('/pricing')} className="button button-small">
          <Trans>See premium plans</Trans>
        </AppLink>
      )}
      {showMatches && <AlertMatches id={`${id}-matches`} alertId={alert.id} />}
    </li>
  )
}
