import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { ErrorLine } from '../../components/error-line.tsx'
import { BellIcon } from './bell-icon.tsx'
import { useShell } from '../../lib/context.ts'
import {
  currentSubscription,
  disablePush,
  enablePush,
  pushPermission,
  refreshPushIfDue,
  type PushPermission,
} from './push.ts'

type PanelState = 'checking' | PushPermission | 'subscribed' | 'explaining'

/**
 * "Notify me": push notifications for this browser. Permission is asked only after the reader
 * presses the button and has read why (docs/decisions/020-alerts-and-outbox.md); a refusal
 * explains how to allow it again.
 * `onEnabled` runs once this browser is subscribed (the save-search offer adds the alert's push channel).
 */
export function PushPanel({
  onEnabled,
  compact = false,
}: {
  onEnabled?: () => Promise<void> | void
  compact?: boolean
}) {
  const { t } = useLingui()
  const { publicConfig } = useShell()
  const vapidKey = publicConfig.vapidPublicKey
  const [state, setState] = useState<PanelState>('checking')
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    // what this browser allows and holds is only known in the browser, after the server's render
    const check = async () => {
      const permission = pushPermission()
      const subscription = permission === 'granted' ? await currentSubscription().catch(() => null) : null
      if (!live) return
      setState(subscription ? 'subscribed' : permission)
      if (subscription) await refreshPushIfDue().catch(() => undefined)
    }
    void check()
    return () => {
      live = false
    }
  }, [])

  const turnOn = async () => {
    if (!vapidKey) return
    setBusy(true)
    setFailed(false)
    try {
      const permission = await enablePush(vapidKey)
      if (permission === 'granted') {
        setState('subscribed')
        await onEnabled?.()
      } else setState(permission)
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  const turnOff = async () => {
    setBusy(true)
    setFailed(false)
    try {
      await disablePush()
      setState('granted')
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  let body
  // push needs a service worker, so scripts: without them the page says so rather than show a dead button
  if (state === 'checking')
    body = (
      <noscript>
        <p className="hint">
          <Trans>Push notifications need JavaScript in this browser. Matches still arrive in your inbox.</Trans>
        </p>
      </noscript>
    )
  else if (state === 'unsupported')
    body = (
      <p className="hint">
        <Trans>This browser cannot show push notifications. You will still find every match in your inbox here.</Trans>
      </p>
    )
  else if (!vapidKey)
    body = (
      <p className="hint">
        <Trans>Push notifications are not available on this site right now. Matches still arrive in your inbox.</Trans>
      </p>
    )
  else if (state === 'denied')
    body = (
      <p className="hint" role="status">
        <Trans>
          Notifications are blocked for this site. To allow them, open the site settings from the lock icon beside the
          address bar, set Notifications to “Allow”, then reload this page.
        </Trans>
      </p>
    )
  else if (state === 'subscribed')
    body = (
      <div className="push-row">
        <p role="status">
          <Trans>Push notifications are on for this browser.</Trans>
        </p>
        <button type="button" className="button button-ghost button-small" disabled={busy} onClick={turnOff}>
          <Trans>Turn off</Trans>
        </button>
      </div>
    )
  else if (state === 'explaining')
    body = (
      <div className="push-explain">
        <p>
          <Trans>
            We will send a notification when a new listing matches your saved search — nothing else. Your browser will
            now ask for permission; you can turn it off here at any time.
          </Trans>
        </p>
        <div className="push-row">
          <button type="button" className="button button-small" disabled={busy} onClick={turnOn}>
            <Trans>Continue</Trans>
          </button>
          <button type="button" className="button button-ghost button-small" onClick={() => setState(pushPermission())}>
            <Trans>Not now</Trans>
          </button>
        </div>
      </div>
    )
  else
    body = (
      <div className="push-row">
        {!compact && (
          <p>
            <Trans>Hear about new matches first, even when Khaneh is closed.</Trans>
          </p>
        )}
        <button type="button" className="button button-small" onClick={() => setState('explaining')}>
          <BellIcon /> <Trans>Notify me</Trans>
        </button>
      </div>
    )

  return (
    <section className={compact ? 'push-panel push-compact' : 'push-panel'} aria-label={t`Push notifications`}>
      {body}
      <ErrorLine message={failed ? t`Could not change notifications for this browser. Please try again.` : null} />
    </section>
  )
}
