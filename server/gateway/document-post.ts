import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { JSON_BODY_LIMIT } from '../../shared/constants.ts'
import { isOwnDocumentPost } from './csrf.ts'

/** The only body a page's form sends: `<form method="post">` without a file (docs/decisions/041-forms-without-javascript.md). */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/** Why a form's POST is refused before its action runs, in the default language and in English (the page's catalogs are the client's). */
const REFUSALS: Record<number, { fa: string; en: string }> = {
  403: { fa: 'این فرم از صفحه‌ای دیگر فرستاده شده است', en: 'This form was sent from another site' },
  413: { fa: 'این فرم بیش از اندازه بزرگ است', en: 'This form is too large' },
  415: { fa: 'این فرم را نمی‌توان فرستاد', en: 'This form cannot be sent this way' },
}

/** A refused form's page: short, in both languages, kept nowhere, with a way back. */
export function refuseDocumentPost(reply: FastifyReply, status: 403 | 413 | 415): FastifyReply {
  const { fa, en } = REFUSALS[status]!
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${en}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:64px 16px"><h1>${fa} · <span lang="en" dir="ltr">${en}</span></h1><p><a href="/">خانه · Home</a></p></body></html>`,
    )
}

/**
 * The body rules of a form's POST to a page, in the plugin that holds the route: urlencoded only
 * (else 415), at most the API's JSON limit (else 413), and before any byte is read, the Origin of our
 * own pages (else 403).
 */
export function documentPostRules(app: FastifyInstance, publicOrigin: string) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  )
  app.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
    if (err.statusCode === 413 || err.statusCode === 415) return refuseDocumentPost(reply, err.statusCode)
    throw err
  })
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isOwnDocumentPost(request, publicOrigin)) return refuseDocumentPost(reply, 403)
    },
  }
}
