import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { localizePath } from '../../shared/locales.ts'
import { sendError } from '../lib/errors.ts'
import { serverTransport } from './api-transport.ts'
import { isCrossSiteWrite } from './csrf.ts'
import { requestLocale } from './locale.ts'
import { TELEGRAM_WIDGET_FIELDS } from '../../shared/schemas/user.ts'
import type { Sessions } from './session.ts'
import type { Upstream } from './upstream.ts'

const ACCOUNT_PAGE = '/dashboard/account-management'

interface LinkAnswer {
  success?: boolean
  error?: {
    message?: string
    details?: { reason?: string; merge_token?: string; other_account?: { first_name?: string } }
  } | null
}

/**
 * /api/auth/telegram-merge-callback (docs/decisions/018-account-linking-and-merging.md): the Login Widget on the account page sends the
 * signed-in user here with the widget fields and a nonce the API issued to that user. The API
 * verifies both, then links Telegram to the account — or, when the Telegram account already has
 * its own Khaneh account, answers a merge token that the account page asks the user to confirm.
 */
export const mergeCallbackRoutes: FastifyPluginAsync<{
  upstream: Upstream
  sessions: Sessions
  publicBaseUrl: string
}> = async (app, { upstream, sessions, publicBaseUrl }) => {
  const publicOrigin = new URL(publicBaseUrl).origin
  async function callback(request: FastifyRequest, reply: FastifyReply, input: Record<string, unknown>) {
    const locale = requestLocale(request, input.locale)
    const accountPage = localizePath(ACCOUNT_PAGE, locale)
    const session = await sessions.open(request)
    reply.header('cache-control', 'no-store')
    if (!session.access()) {
      if (session.setCookies().length > 0) reply.header('set-cookie', session.setCookies())
      return reply.redirect(`${localizePath('/auth', locale)}?next=${encodeURIComponent(accountPage)}`, 303)
    }

    // anything else in the callback (our nonce, the locale) is not signed by Telegram
    const widget: Record<string, string> = {}
    for (const field of TELEGRAM_WIDGET_FIELDS) {
      const value = input[field]
      if ((typeof value === 'string' && value !== '') || typeof value === 'number') widget[field] = String(value)
    }
    const answer = await serverTransport(
      upstream,
      request,
      session,
    )('/users/link-account', {
      method: 'POST',
      body: {
        auth_method: 'telegram',
        telegram_verification_token: JSON.stringify(widget),
        nonce: typeof input.nonce === 'string' ? input.nonce : '',
      },
    })
    const body = answer.body as LinkAnswer | null
    const details = body?.error?.details
    let query: URLSearchParams
    if (answer.status === 200 && body?.success) query = new URLSearchParams({ linked: 'telegram' })
    else if (answer.status === 409 && details?.reason === 'merge_required' && details.merge_token) {
      query = new URLSearchParams({
        merge_method: 'telegram',
        merge_token: details.merge_token,
        merge_name: details.other_account?.first_name ?? '',
      })
    } else {
      if (answer.status >= 500) request.log.warn({ status: answer.status }, 'gateway.telegram_merge_failed')
      query = new URLSearchParams({ merge_error: `${answer.status} ${body?.error?.message ?? ''}`.trim() })
    }
    if (session.setCookies().length > 0) reply.header('set-cookie', session.setCookies())
    return reply.redirect(`${accountPage}?${query}`, 303)
  }

  // The widget's redirect flow (GET with the fields in the query) …
  app.get('/api/auth/telegram-merge-callback', async (request, reply) =>
    callback(request, reply, request.query as Record<string, unknown>),
  )
  // … and the POST, for a page that receives the fields in JavaScript (data-onauth).
  app.post('/api/auth/telegram-merge-callback', async (request, reply) => {
    if (isCrossSiteWrite(request, publicOrigin)) return sendError(reply, 'FORBIDDEN', 'Cross-site request refused')
    return callback(request, reply, (request.body ?? {}) as Record<string, unknown>)
  })
}
