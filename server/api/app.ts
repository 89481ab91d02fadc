import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { okEnvelope } from '../lib/errors.ts'
import { JSON_BODY_LIMIT } from '../../shared/constants.ts'
import { envelopeServerErrors } from '../lib/framework-errors.ts'
import { loggerOptions, requestIdOf } from '../lib/logger.ts'
import type { Db } from './db/client.ts'
import { installErrorHandling } from './http.ts'
import { refuseNulCharacters } from './text-input.ts'
import { favoritesRoutes } from './favorites/routes.ts'
import { uploadsRoutes } from './uploads/routes.ts'
import { uploadsService } from './uploads/service.ts'
import type { PhotoStore } from '../integrations/photos/photo-store.ts'
import { favoritesService } from './favorites/service.ts'
import { publicListingsRoutes } from './listings/public/public.routes.ts'
import { publicListingsService } from './listings/public/public.service.ts'
import { ownerListingsRoutes } from './listings/owner/owner.routes.ts'
import { ownerListingsService } from './listings/owner/owner.service.ts'
import { listingAnalyticsRoutes } from './listings/analytics/analytics.routes.ts'
import { listingAnalyticsService } from './listings/analytics/analytics.service.ts'
import { viewCounter } from './listings/analytics/views.ts'
import { listingTranslationsRoutes } from './listings/translations/translations.routes.ts'
import { listingTranslationsService } from './listings/translations/translations.service.ts'
import { listingJobs } from './listings/jobs.ts'
import type { Translator } from '../integrations/translator/translator.ts'
import { locationsRoutes } from './locations/routes.ts'
import { locationsService } from './locations/service.ts'
import { sessionRoutes } from './auth/session.routes.ts'
import { sessionService } from './auth/session.service.ts'
import { accessTokens } from './plugins/access-tokens.ts'
import { identityRoutes } from './identity/routes.ts'
import { identityService } from './identity/service.ts'
import type { IdTokenVerifier } from '../integrations/identity/id-token.ts'
import { localIdTokens } from '../integrations/identity/local-id-token.ts'
import type { Mailer } from '../integrations/mail/mailer.ts'
import { AppError } from '../lib/errors.ts'
import { accountRoutes } from './users/account.routes.ts'
import { accountService } from './users/account.service.ts'
import type { SmsSender } from '../integrations/sms/sms-sender.ts'
import { phoneRoutes } from './users/phone.routes.ts'
import { linkingRoutes } from './auth/linking.routes.ts'
import { linkingService } from './auth/linking.service.ts'
import { mergeTokens } from './auth/merge-tokens.ts'
import { phoneService } from './users/phone.service.ts'
import { moderationRoutes } from './moderation/routes.ts'
import { moderationService } from './moderation/service.ts'
import { installRateLimits, type RateLimitOptions } from './rate-limit/plugin.ts'

export interface ApiAuthOptions {
  /** Signs access tokens (SESSION_SECRET). */
  secret: string
  accessTtlMs: number
  telegramBotToken?: string
  adminTelegramIds?: string[]
  /** Verified e-mails granted the admin role at sign-in (ADMIN_EMAILS, lower-case). */
  adminEmails?: string[]
  /** firebase-admin's verifier when FIREBASE_PROJECT_ID is set; otherwise the built-in provider runs. */
  firebaseIdTokens?: IdTokenVerifier
}

export interface ApiOptions {
  db: Db
  auth: ApiAuthOptions
  logLevel?: string
  /** Cache lifetime of anonymous public reads (default 5 s; tests use 0). */
  publicCacheMs?: number
  /** Where e-mails go (SMTP or the dev outbox); without one, sending mail answers 503. */
  mailer?: Mailer
  /** Absolute base of links in e-mails (PUBLIC_BASE_URL). */
  publicBaseUrl?: string
  /** Where uploaded photos go (the same store the gateway serves them from). */
  photos?: PhotoStore
  /** Where phone verification codes go; without one, sending a code answers 503. */
  sms?: SmsSender
  /** Translates listing descriptions in the background (DESIGN §1); without one, readers see the original. */
  translator?: Translator
  /** Addresses whose X-Forwarded-For is believed (TRUST_PROXY); default loopback, where the gateway calls from. */
  trustProxy?: string[]
  /** REDIS_URL: the per-client request counters live there, shared by every process; else in the database. */
  redisUrl?: string
  /** The per-client limits are rate-limit/limits.ts's; tests of other features raise them, and keep their Redis keys apart. */
  rateLimits?: Pick<RateLimitOptions, 'policies' | 'keyPrefix'>
}

const NO_MAILER: Mailer = {
  async send() {
    throw new AppError('SERVICE_UNAVAILABLE', 'E-mail is not configured')
  },
}

export const API_PREFIX = '/api/v1'
/** Builds the product API (DESIGN §5); never listens — main.ts and the tests decide how to serve it. */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', 'api'),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...envelopeServerErrors,
    // Never `true`: the gateway names the client in X-Forwarded-For, and only it (and TRUST_PROXY) is believed.
    trustProxy: options.trustProxy ?? 'loopback',
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // JSON only: a cross-site form can post text/plain without a preflight (STACK-NOTES, Fastify).
  app.removeContentTypeParser(['text/plain'])
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  installErrorHandling(app)
  await installRateLimits(app, {
    db: options.db,
    redisUrl: options.redisUrl,
    ...options.rateLimits,
    // auth/routes.ts declares no policy of its own
    routePolicies: { [`POST ${API_PREFIX}/auth/email-login`]: 'signIn', [`POST ${API_PREFIX}/auth/telegram-login`]: 'signIn' },
  })
  refuseNulCharacters(app)

  const locations = locationsService(options.db)
  const views = viewCounter(options.db)
  const listings = publicListingsService(options.db, {
    publicCacheMs: options.publicCacheMs ?? 5_000,
    countryCurrency: (code) => locations.currencyOf(code),
    cityIds: (key) => locations.cityIdsByKey(key),
    views,
  })
  const analytics = listingAnalyticsService(options.db)
  // expiry sweep, batched page views, translations: started with the app, stopped (views written) on close
  const jobs = listingJobs(options.db, { listings, views, translator: options.translator, log: app.log })
  app.decorate('listingJobs', jobs)
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', async () => jobs.stop())

  const tokens = accessTokens(options.auth.secret, options.auth.accessTtlMs)
  // DESIGN §1: Firebase when configured, else the built-in e-mail provider with the same contract.
  const localIdentity = options.auth.firebaseIdTokens ? null : localIdTokens(options.auth.secret)
  const idTokens = options.auth.firebaseIdTokens ?? localIdentity!
  const auth = sessionService(options.db, {
    tokens,
    telegramBotToken: options.auth.telegramBotToken,
    adminTelegramIds: new Set(options.auth.adminTelegramIds ?? []),
    idTokens,
    adminEmails: new Set((options.auth.adminEmails ?? []).map((e) => e.toLowerCase())),
  })
  const identity = localIdentity
    ? identityService(options.db, {
        mailer: options.mailer ?? NO_MAILER,
        publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
        signIdToken: (id) => localIdentity.sign(id),
      })
    : null
  const favorites = favoritesService(options.db, listings)
  const users = accountService(options.db, { onListingsChanged: () => listings.invalidate() })
  const linking = linkingService(options.db, {
    idTokens,
    telegramBotToken: options.auth.telegramBotToken,
    mergeTokens: mergeTokens(options.auth.secret),
    onListingsChanged: () => listings.invalidate(),
  })

  await app.register(
    async (api) => {
      api.get('/health', async () => {
        await options.db.query('SELECT 1')
        return okEnvelope({ status: 'ok' })
      })
      await api.register(publicListingsRoutes, { listings, tokens })
      await api.register(listingTranslationsRoutes, { translations: listingTranslationsService(options.db), tokens })
      await api.register(listingAnalyticsRoutes, { analytics, tokens })
      await api.register(favoritesRoutes, { favorites, tokens })
      await api.register(ownerListingsRoutes, {
        owner: ownerListingsService(options.db, { listings, locations, analytics, onChanged: () => listings.invalidate() }),
        tokens,
      })
      await api.register(uploadsRoutes, { uploads: uploadsService(options.db, { photos: options.photos }), tokens })
      await api.register(locationsRoutes, { locations })
      await api.register(sessionRoutes, { auth })
      if (identity && localIdentity) await api.register(identityRoutes, { identity, verifier: localIdentity })
      await api.register(accountRoutes, { users, tokens })
      const sms = options.sms ?? { async send() { throw new AppError('SERVICE_UNAVAILABLE', 'SMS is not configured') } }
      await api.register(linkingRoutes, { linking, tokens })
      await api.register(phoneRoutes, { phone: phoneService(options.db, { sms }), tokens })
      await api.register(moderationRoutes, { moderation: moderationService(options.db, { listings }), tokens })
    },
    { prefix: API_PREFIX },
  )
  return app
}
