import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useId, useState, type FormEvent } from 'react'
import { ALERT_CHANNELS, ALERT_FREQUENCIES, type AlertChannel } from '../../../shared/alert-options.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { alertsApi } from '../../lib/api/alerts.ts'
import type { Alert, AlertChanges } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { filterSummary, searchPath } from './alert-filters.ts'
import { isLimitReached, useAlertErrorText } from './alert-errors.ts'
import { AlertMatches } from './alert-matches.tsx'

export const FREQUENCY_LABELS = { instant: msg`Instantly`, daily: msg`Daily digest` }
export const CHANNEL_LABELS = { push: msg`Push on this device`, telegram: msg`Telegram`, email: msg`E-mail` }

/** One saved search: what it looks for, how it is delivered, its state, and what may be done with it. */
export function AlertCard({
  alert,
  cityName,
  country,
  onChanged,
}: {
  alert: Alert
  cityName?: string
  country?: { name: string; currency: string }
  onChanged: () => Promise<void> | void
}) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [showMatches, setShowMatches] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const errorText = useAlertErrorText()
  const summary = filterSummary(alert.filters, i18n, {
    locale,
    cityName,
    countryName: country?.name,
    currency: country?.currency,
  })
  const count = formatNumber(alert.newListingsCount, locale)
  const lastTriggered = alert.lastTriggered ? formatDate(alert.lastTriggered, locale) : null
  const channels = [t`In the app`, ...alert.channels.map((c) => i18n._(CHANNEL_LABELS[c]))].join(' · ')

  const run = async (change: () => Promise<unknown>) => {
    setBusy(true)
    setError(null)
    try {
      await change()
      await onChanged()
      return true
    } catch (err) {
      setError(err)
      return false
    } finally {
      setBusy(false)
    }
  }
  const update = (body: AlertChanges) => run(() => alertsApi(browserApi()).update(alert.id, body))

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const frequency = form.get('frequency') === 'daily' ? 'daily' : 'instant'
    const picked = form.getAll('channels').map(String)
    const channels = ALERT_CHANNELS.filter((c): c is AlertChannel => picked.includes(c))
    if (await update({ name: String(form.get('name') ?? ''), frequency, channels })) setEditing(false)
  }

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
        <form className="alert-edit" onSubmit={save} aria-label={t`Edit alert`}>
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
            <button type="button" className="button button-ghost" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="alert-actions">
          <AppLink to={to(searchPath(alert.filters))} className="button button-small">
            <Trans>Open search</Trans>
          </AppLink>
          <button type="button" className="button button-ghost button-small" onClick={() => setEditing(true)}>
            <Trans>Edit</Trans>
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={busy}
            onClick={() => update({ is_active: alert.paused })}
          >
            {alert.paused ? t`Resume` : t`Pause`}
          </button>
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
              <button
                type="button"
                className="button button-danger button-small"
                disabled={busy}
                onClick={() => run(() => alertsApi(browserApi()).remove(alert.id))}
              >
                <Trans>Yes, delete</Trans>
              </button>
              <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
                <Trans>Keep it</Trans>
              </button>
            </span>
          ) : (
            <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(true)}>
              <Trans>Delete</Trans>
            </button>
          )}
        </div>
      )}
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
