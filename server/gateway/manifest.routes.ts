import type { FastifyPluginAsync } from 'fastify'
import { DEFAULT_LOCALE, isLocaleCode, LOCALE_CODES } from '../../shared/locales.ts'
import { webManifest } from '../../shared/web-manifest.ts'
import { sendError } from '../lib/errors.ts'

/** GET /manifest.webmanifest?lang={code}: the web app manifest of one language (fa without lang). */
export const manifestRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { lang?: string } }>('/manifest.webmanifest', async (request, reply) => {
    const lang = request.query.lang ?? DEFAULT_LOCALE
    if (!isLocaleCode(lang)) {
      return sendError(reply, 'VALIDATION_ERROR', undefined, [
        { path: 'querystring.lang', code: 'enum', message: `must be one of ${LOCALE_CODES.join(', ')}` },
      ])
    }
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(JSON.stringify(webManifest(lang)))
  })
}
