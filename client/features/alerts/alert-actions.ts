import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { ALERT_CHANNELS, type AlertChannel } from '../../../shared/alert-options.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { alertsApi } from '../../lib/api/alerts.ts'

export type AlertIntent = 'edit' | 'pause' | 'resume' | 'delete' | 'read'

/**
 * What a form of the page did: its alert (or, for `read`, its notification), what was asked, and the
 * API's refusal (plain, so the page's hydration carries it).
 */
export interface AlertActed {
  id: number
  intent: AlertIntent
  failure: ActionFailure | null
}

const INTENTS: readonly string[] = ['edit', 'pause', 'resume', 'delete', 'read'] satisfies AlertIntent[]

/**
 * Where a notification leads: a page of ours, whose path is stored without a language (a listing's:
 * shared/seo.ts listingPath), in the reader's language; an address of this site as its path; any other
 * address as given (the notification's own, never a form's).
 */
export function notificationTarget(url: string | undefined, locale: LocaleCode, origin: string): string | undefined {
  if (!url) return undefined
  if (!/^https?:/.test(url)) return localizePath(url, locale)
  const parsed = new URL(url)
  return parsed.origin === origin ? parsed.pathname + parsed.search : url
}

/**
 * The alerts page's one action: every card's form names its alert and intent (edit its name,
 * frequency and channels; pause; resume; delete); an unread notification's, `read` and the
 * notification, then on to where it leads. The same action runs in the browser and, for a
 * form sent without the app, in the gateway (docs/decisions/041-forms-without-javascript.md).
 */
export const alertAction = signedIn(async function alertAction({ request, context }: ActionFunctionArgs) {
  const api = context.get(apiContext)
  const form = await request.formData()
  const id = Number(form.get('id'))
  const intent = String(form.get('intent')) as AlertIntent
  const refuse = (failure: ActionFailure) =>
    data<AlertActed>({ id, intent, failure }, { status: failureStatus(failure) })
  if (!Number.isInteger(id) || !INTENTS.includes(intent))
    return refuse({ status: 400, code: 'VALIDATION_ERROR', message: 'An alert and what to do with it', details: null })
  try {
    if (intent === 'read') {
      const read = await alertsApi(api).markRead(id)
      const target = notificationTarget(read.data.url, context.get(localeContext), new URL(request.url).origin)
      if (target) return redirect(target)
    } else if (intent === 'delete') await alertsApi(api).remove(id)
    else if (intent === 'edit') {
      const picked = form.getAll('channels').map(String)
      await alertsApi(api).update(id, {
        name: String(form.get('name') ?? ''),
        frequency: form.get('frequency') === 'daily' ? 'daily' : 'instant',
        channels: ALERT_CHANNELS.filter((c): c is AlertChannel => picked.includes(c)),
      })
    } else await alertsApi(api).update(id, { is_active: intent === 'resume' })
    return { id, intent, failure: null } satisfies AlertActed
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    return refuse(failureOf(err))
  }
})
