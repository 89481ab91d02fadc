import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { localizePath } from '../../shared/locales.ts'
import { safeNext } from '../../shared/paths.ts'
import { ErrorEnvelopeSchema } from '../../shared/schemas/errors.ts'
import { telegramRefusalOf } from '../../shared/telegram-refusals.ts'
import { requestLocale } from './locale.ts'
import { apiHeaders, type Sessions } from './session.ts'
import type { Upstream } from './upstream.ts'

/**
 * The widget fields every redirect carries; Telegram leaves out the others (last name, username, photo)
 * when the account has none, and signs only what it sends.
 */
const ALWAYS_SENT = ['id', 'first_name', 'auth_date', 'hash'] as const

/** The sign-in page's own query parameters, which the widget's redirect keeps beside its fields (never signed). */
const PAGE_PARAMS = new Set(['next', 'error', 'reason', 'login'])

/** A page address whose query carries the Login Widget fields Telegram always sends is a sign-in callback. */
function isTelegramCallback(url: string | undefined): boolean {
  const query = url?.indexOf('?') ?? -1
  if (query < 0) return false
  const params = new URLSearchParams(url!.slice(query + 1))
  return ALWAYS_SENT.every((field) => params.has(field))
}

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0]
type RouteHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>

/** Routes constrained with `telegramCallback: 'yes'` answer the requests that carry the widget fields. */
const widgetCallback: ConstraintStrategy = {
  name: 'telegramCallback',
  storage() {
    const handlers = new Map<unknown, RouteHandler>()
    return { get: (value) => handlers.get(value) ?? null, set: (value, handler) => void handlers.set(value, handler) }
  },
  deriveConstraint: (req) => (isTelegramCallback(req.url) ? 'yes' : undefined),
}

/**
 * The Telegram Login Widget's redirect: any page address with the widget's fields in its query
 * (a route constraint picks these requests out of the pages). The API verifies the fields, here on
 * the server: valid → signed in and sent on to `next` or the dashboard; refused → the sign-in page
 * with the error and its reason, which the page tells in the reader's language.
 */
export const telegramLoginRoutes: FastifyPluginAsync<{
  upstream: Upstream
  sessions: Sessions
  publicBaseUrl: string
}> = async (app, { upstream, sessions, publicBaseUrl }) => {
  app.addConstraintStrategy(widgetCallback)

  async function callback(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, publicBaseUrl)
    const locale = requestLocale(request)
    // every field the redirect carries but the page's own: Telegram signs exactly what it sends
    // (new fields included), so the data-check-string is built from these and nothing else
    const fields: Record<string, string> = {}
    for (const [name, value] of url.searchParams) {
      if (!PAGE_PARAMS.has(name) && !(name in fields)) fields[name] = value
    }
    let session = null
    let refusal = 'unavailable'
    try {
      const answer = await upstream.json({
        method: 'POST',
        path: '/api/v1/auth/telegram-login',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...apiHeaders(request) },
        body: JSON.stringify(fields),
      })
      session = sessions.signedIn(answer)
      if (!session) refusal = telegramRefusalOf(ErrorEnvelopeSchema.safeParse(answer.body).data?.error)
    } catch (err) {
      request.log.warn({ err }, 'gateway.telegram_callback_failed')
    }
    reply.header('cache-control', 'no-store')
    const next = url.searchParams.get('next')
    if (session)
      return reply
        .header('set-cookie', sessions.cookiesFor(session.tokens))
        .redirect(safeNext(next, localizePath('/dashboard', locale)), 303)
    request.log.info({ reason: refusal }, 'gateway.telegram_callback_refused')
    return reply.redirect(
      `${localizePath('/auth', locale)}?error=telegram&reason=${refusal}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
      303,
    )
  }

  app.get('*', { constraints: { telegramCallback: 'yes' } }, callback)
}
