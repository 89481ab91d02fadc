import { changeBus, CHANGES_CHANNEL, databaseWire, redisWire, type ChangeFeed } from '../lib/change-bus.ts'
import Fastify, { type FastifyInstance } from 'fastify'
import { JSON_BODY_LIMIT } from '../../shared/constants.ts'
import type { AiProvider } from '../integrations/ai/ai-provider.ts'
import type { IdTokenVerifier } from '../integrations/identity/id-token.ts'
import type { Geocoder } from '../integrations/geocoder/geocoder.ts'
import type { Mailer } from '../integrations/mail/mailer.ts'
import type { OutboxSender } from '../integrations/notify/notifier.ts'
import { sandboxPaymentProvider, type PaymentProvider } from '../integrations/payments/payment-provider.ts'
import type { PhotoStore } from '../integrations/photos/photo-store.ts'
import type { SmsSender } from '../integrations/sms/sms-sender.ts'
import type { Translator } from '../integrations/translator/translator.ts'
import { envelopeServerErrors } from '../lib/framework-errors.ts'
import { loggerOptions, requestIdOf } from '../lib/logger.ts'
import ai from './ai/plugin.ts'
import alerts from './alerts/plugin.ts'
import auth from './auth/plugin.ts'
import boosts from './boosts/plugin.ts'
import contactReveals from './contact-reveals/plugin.ts'
import contactMessages from './contact-messages/plugin.ts'
import content from './content/plugin.ts'
import coupons from './coupons/plugin.ts'
import type { Db } from './db/client.ts'
import database from './db/plugin.ts'
import favorites from './favorites/plugin.ts'
import identity from './identity/plugin.ts'
import listings from './listings/plugin.ts'
import locations from './locations/plugin.ts'
import moderation from './moderation/plugin.ts'
import payments from './payments/plugin.ts'
import places from './places/plugin.ts'
import authentication from './plugins/authentication.ts'
import core from './plugins/core.ts'
import rateLimits, { type RateLimitOptions } from './rate-limit/plugin.ts'
import sitemap from './sitemap/plugin.ts'
import subscriptions from './subscriptions/plugin.ts'
import referrals from './referrals/plugin.ts'
import uploads from './uploads/plugin.ts'
import users from './users/plugin.ts'

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
  /** Where payers pay (PAYMENTS_PROVIDER): the in-app sandbox unless Stripe is given. */
  paymentProvider?: PaymentProvider
  /** Translates listing descriptions in the background (docs/decisions/017-listing-translations.md); without one, readers see the original. */
  translator?: Translator
  /** Addresses whose X-Forwarded-For is believed (TRUST_PROXY); default loopback, where the gateway calls from. */
  trustProxy?: string[]
  /** REDIS_URL: the per-client request counters live there, shared by every process; else in the database. */
  redisUrl?: string
  /** The per-client limits are rate-limit/limits.ts's; tests of other features raise them, and keep their Redis keys apart. */
  rateLimits?: Pick<RateLimitOptions, 'policies' | 'keyPrefix'>
  /** Where alert notifications go besides the in-app inbox (the Telegram bot when configured); rows of a channel without a sender wait in the outbox. */
  notificationSenders?: OutboxSender[]
  /** Tests only: push subscriptions to http:// and private addresses are accepted (WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS). */
  allowPrivatePushEndpoints?: boolean
  /** The VAPID public key of the Web Push sender, for gateways elsewhere (GET /push/public-key); unset: 404. */
  vapidPublicKey?: string
  /** True once shutdown began: /health answers 503 so a load balancer stops sending here (ROLE=api). */
  isShuttingDown?: () => boolean
  /** The outbox worker's poll besides its NOTIFY wake-up; null: no background delivery (tests drive it). */
  outboxPollMs?: number | null
  /** Where contact-us messages are mailed (CONTACT_EMAIL); default the admin e-mails. */
  contactEmails?: string[]
  /** The content pages' folder (default the repository's content/); tests point it elsewhere. */
  contentDir?: string
  /** AI_PROVIDER (docs/decisions/021-ai-search-and-credits.md): the local query parser unless an OpenAI-compatible one is given. */
  aiProvider?: AiProvider
  /** GEOCODER_URL's service for the listing form's street search; unset: our own cities (docs/decisions/047-the-listing-form-pin.md). */
  geocoder?: Geocoder
  /** How long a street search's answer is kept (default 10 minutes; tests use 0). */
  geocodeCacheMs?: number
  /** Today for the AI's move-in months; tests fix it. */
  aiNow?: () => Date
  /**
   * The channel on which every process of the site tells the others of writes that change public data
   * (NOTIFY in the database, or Redis pub/sub with `redisUrl`; docs/decisions/006-caches-and-their-lifetimes.md).
   * Default CHANGES_CHANNEL; tests give each site its own.
   */
  changesChannel?: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes that change public data, from this process and every other: the gateway in the same process empties its pages by it. */
    publicChanges: ChangeFeed
  }
}

/** Builds the product API (docs/architecture.md); never listens — main.ts and the tests decide how to serve it. */
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
  const { secret, accessTtlMs, firebaseIdTokens, ...signIn } = options.auth
  // Each plugin names the ones it depends on (fastify-plugin checks the order).
  await app.register(core)
  await app.register(database, { db: options.db, isShuttingDown: options.isShuttingDown })
  await app.register(rateLimits, { redisUrl: options.redisUrl, ...options.rateLimits })
  await app.register(authentication, { secret, accessTtlMs })
  await app.register(identity, {
    secret,
    firebaseIdTokens,
    mailer: options.mailer,
    publicBaseUrl: options.publicBaseUrl,
  })
  await app.register(locations)
  await app.register(places, { geocoder: options.geocoder, cacheMs: options.geocodeCacheMs })
  const channel = options.changesChannel ?? CHANGES_CHANNEL
  const changes = changeBus(
    options.redisUrl ? redisWire(options.redisUrl, channel) : databaseWire(options.db, channel),
    (message, err) => app.log.warn({ err }, message),
  )
  app.decorate('publicChanges', { subscribe: changes.subscribe })
  app.addHook('onReady', () => changes.ready)
  app.addHook('onClose', () => changes.close())
  await app.register(listings, {
    publicCacheMs: options.publicCacheMs ?? 5_000,
    translator: options.translator,
    changes,
  })
  await app.register(favorites)
  await app.register(uploads, { photos: options.photos })
  await app.register(users, { sms: options.sms })
  await app.register(auth, { secret, ...signIn })
  await app.register(moderation)
  await app.register(contactReveals)
  await app.register(boosts)
  await app.register(payments, {
    provider: options.paymentProvider ?? sandboxPaymentProvider(),
    publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
  })
  await app.register(subscriptions)
  await app.register(coupons)
  await app.register(referrals, { publicBaseUrl: options.publicBaseUrl })
  await app.register(alerts, {
    senders: options.notificationSenders,
    allowPrivatePushEndpoints: options.allowPrivatePushEndpoints,
    outboxPollMs: options.outboxPollMs,
    vapidPublicKey: options.vapidPublicKey,
  })
  await app.register(content, { dir: options.contentDir })
  await app.register(sitemap, { contentDir: options.contentDir })
  await app.register(contactMessages, {
    recipients: options.contactEmails ?? options.auth.adminEmails ?? [],
    mailer: options.mailer,
  })
  await app.register(ai, { provider: options.aiProvider, now: options.aiNow })
  return app
}
