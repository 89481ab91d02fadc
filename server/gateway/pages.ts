import type { FastifyPluginAsync } from 'fastify'
import type { PublicConfig } from '../../shared/public-config.ts'
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib'
import { isbot } from 'isbot'
import { serverTransport } from './api-transport.ts'
import type { Metrics } from './health.ts'
import { localeCookie, requestLocale, withoutDefaultPrefix } from './locale.ts'
import { newNonce, pageSecurityHeaders } from './security.ts'
import type { PageRenderer } from './ssr/renderer.ts'
import type { Sessions } from './session.ts'
import type { Upstream } from './upstream.ts'

export interface PagesOptions {
  renderer: PageRenderer
  upstream: Upstream
  sessions: Sessions
  publicBaseUrl: string
  publicConfig: PublicConfig
  metrics: Metrics
  secureCookies: boolean
  /** The longest a page may stream before it is cut off. */
  streamTimeoutMs?: number
  dev?: boolean
}

const FALLBACK_500 = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Internal Server Error</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:64px 16px"><h1>خطای داخلی سرور · Internal Server Error</h1><p><a href="/">خانه · Home</a></p></body></html>`

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null
  if (/\bbr\b/.test(accept)) return 'br'
  if (/\bgzip\b/.test(accept)) return 'gzip'
  return null
}

/** Every other GET is a page: locale rules, then React Router's loaders and a streamed render. */
export const pageRoutes: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const streamTimeoutMs = options.streamTimeoutMs ?? 10_000

  app.get('*', async (request, reply) => {
    const url = new URL(request.url, options.publicBaseUrl)
    // fa is the unprefixed default: /fa/... is the same page at its canonical address.
    const canonical = withoutDefaultPrefix(url)
    if (canonical) return reply.redirect(canonical, 301)
    const locale = requestLocale(request)

    const started = process.hrtime.bigint()
    const nonce = newNonce()
    const controller = new AbortController()
    const fetchRequest = new Request(url, {
      headers: {
        'accept-language': request.headers['accept-language'] ?? '',
        'user-agent': request.headers['user-agent'] ?? '',
      },
      signal: controller.signal,
    })
    const waitForAll = isbot(request.headers['user-agent'] ?? '')
    const cookie = localeCookie(request, options.secureCookies)
    const session = await options.sessions.open(request)

    let result
    try {
      result = await options.renderer.render({
        request: fetchRequest,
        locale,
        transport: serverTransport(options.upstream, request, session),
        nonce,
        publicBaseUrl: options.publicBaseUrl,
        publicConfig: options.publicConfig,
        hasSession: session.access() !== undefined,
        waitForAll,
        onError: (err) => request.log.error({ err }, 'ssr.render_error'),
      })
    } catch (err) {
      request.log.error({ err }, 'ssr.render_failed')
      reply.status(500).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
      return reply.send(FALLBACK_500)
    }

    const setCookies = [...(cookie ? [cookie] : []), ...session.setCookies()]
    if (result.kind === 'redirect') {
      if (setCookies.length > 0) reply.header('set-cookie', setCookies)
      return reply.redirect(result.location, result.status)
    }

    // Stream straight into the socket (measured 15–25 % faster than handing Fastify a PassThrough).
    reply.hijack()
    const raw = reply.raw
    const encoding = pickEncoding(request.headers['accept-encoding'])
    const headers: Record<string, string | string[]> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept-Encoding, Cookie',
      'x-request-id': request.id,
      ...pageSecurityHeaders(nonce, {
        dev: options.dev,
        telegram: Boolean(options.publicConfig.telegramBotUsername),
        firebase: Boolean(options.publicConfig.firebaseApiKey),
        https: options.publicBaseUrl.startsWith('https:'),
      }),
    }
    if (setCookies.length > 0) headers['set-cookie'] = setCookies
    if (encoding) headers['content-encoding'] = encoding
    raw.writeHead(result.status, headers)

    // React calls flush() on the destination after each batch, so a compressor still streams.
    const destination =
      encoding === 'br'
        ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } })
        : encoding === 'gzip'
          ? createGzip({ level: 6 })
          : null
    if (destination) destination.pipe(raw)

    const timer = setTimeout(() => result.abort(new Error('stream timeout')), streamTimeoutMs)
    raw.on('close', () => {
      clearTimeout(timer)
      if (!raw.writableFinished) {
        controller.abort()
        result.abort(new Error('client closed'))
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      options.metrics.requestDuration.observe({ method: 'GET', route: 'page', status: String(result.status) }, seconds)
    })
    result.pipe(destination ?? raw)
  })
}
