import { data, type ActionFunctionArgs } from 'react-router'
import { ALERT_CHANNELS, type AlertChannel } from '../../../shared/alert-options.ts'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import { apiContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { alertsApi } from '../../lib/api/alerts.ts'

export type AlertIntent = 'edit' | 'pause' | 'resume' | 'delete'

/** What a card's form did: its alert, what was asked, and the API's refusal (plain, so the page's hydration carries it). */
export interface AlertActed {
  id: number
  intent: AlertIntent
  failure: ActionFailure | null
}

const INTENTS: readonly string[] = ['edit', 'pause', 'resume', 'delete'] satisfies AlertIntent[]

/**
 * The alerts page's one action: every card's form names its alert and intent (edit its name,
 * frequency and channels; pause; resume; delete). The same action runs in the browser and, for a
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
    if (intent === 'delete') await alertsApi(api).remove(id)
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
