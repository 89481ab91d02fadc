import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { buildApi } from './api/app.ts'
import type { Db } from './api/db/client.ts'
import { openDb } from './api/db/client.ts'
import { openDbWithRetry } from './api/db/connect.ts'
import { DatabaseStartError } from './api/db/start-error.ts'
import { DatabaseUnavailableError } from './api/db/unavailable.ts'
import { migrate } from './api/db/migrate.ts'
import { isEmpty, seedDemo } from './api/db/seed/index.ts'
import { loadServiceKeys } from './api/db/service-keys.ts'
import { ConfigError, configWarnings, loadConfig, publicConfig, type Config } from './config.ts'
import { changeBus, databaseWire, redisWire, type ChangeBus, type ChangeFeed } from './lib/change-bus.ts'
import { serviceLogger } from './lib/logger.ts'
import { buildGateway, type GatewayOptions } from './gateway/app.ts'
import { apiPhotoSource } from './gateway/api-photos.ts'
import { ApiUnavailableError, vapidPublicKeyOf } from './gateway/push-key.ts'
import type { PageRenderer } from './gateway/ssr/renderer.ts'
import { productionRenderer } from './gateway/ssr/renderer.ts'
import type { FirebaseIdTokenVerifier } from './integrations/firebase/id-token-verifier.ts'
import { outboxMailer, type Mailer } from './integrations/mail/mailer.ts'
import { diskPhotoStore } from './integrations/photos/disk-store.ts'
import type { PhotoStore } from './integrations/photos/photo-store.ts'
import { supabasePhotoStore } from './integrations/photos/supabase-store.ts'
import { telegramPhotoStore } from './integrations/photos/telegram-store.ts'
import { sandboxPaymentProvider, type PaymentProvider } from './integrations/payments/payment-provider.ts'
import { outboxSmsSender } from './integrations/sms/sms-sender.ts'
import { openAiQueryProvider } from './integrations/ai/openai-query-provider.ts'
import { openAiTranslator } from './integrations/translator/openai-translator.ts'
import { nominatimGeocoder } from './integrations/geocoder/nominatim.ts'
import type { OutboxSender } from './integrations/notify/notifier.ts'
import { telegramNotifier } from './integrations/notify/telegram-notifier.ts'
import { webPushNotifier } from './integrations/notify/web-push-notifier.ts'
import { fcmNotifier } from './integrations/notify/fcm-notifier.ts'
import { emailDigestSender } from './integrations/notify/email-digest.ts'
import type { VapidKeys } from './integrations/notify/vapid-keys.ts'

export interface Service {
  /** null with ROLE=api. */
  gateway: FastifyInstance | null
  /** null with ROLE=gateway. */
  api: FastifyInstance | null
  db: Db | null
  /** Where this process listens: the gateway's address, or with ROLE=api the API's. */
  url: string
  close(): Promise<void>
}

export interface StartOptions {
  renderer?: PageRenderer
  /** Development: no built assets; Vite's middleware answers first. */
  devMiddleware?: GatewayOptions['devMiddleware']
  /** How long readiness reports 503 before the listener closes, so load balancers stop routing here first. */
  drainMs?: number
  /** How long requests in flight may take once the listener closed, before their connections are cut (default 5 s). */
  graceMs?: number
}

/** Shutdown's bound on requests in flight: with the 2 s drain it keeps a stop well inside an orchestrator's grace period. */
const SHUTDOWN_GRACE_MS = 5_000

/**
 * Supabase Storage when Supabase is configured, else the Telegram file store when a bot and a storage chat are,
 * else files under DATA_DIR, for one process only (docs/decisions/004-photo-store.md).
 */
export function photoStoreFor(config: Config): PhotoStore {
  if (config.supabase) {
    const { url, serviceRoleKey, storageBucket } = config.supabase
    return supabasePhotoStore({ url, serviceRoleKey, bucket: storageBucket })
  }
  const { botToken, storageChatId, apiBase } = config.telegram
  if (botToken && storageChatId) return telegramPhotoStore({ botToken, chatId: storageChatId, apiBase })
  return diskPhotoStore(config.dataDir)
}

/**
 * Stripe when PAYMENTS_PROVIDER=stripe, else the in-app sandbox (docs/decisions/019-payments-ledger.md; the
 * Stripe SDK is loaded only then, docs/decisions/035-memory-of-one-process.md).
 */
export async function paymentProviderFor(config: Config): Promise<PaymentProvider> {
  const { payments } = config
  if (payments.provider === 'stripe')
    return (await import('./integrations/payments/stripe.ts')).stripePaymentProvider(payments)
  return sandboxPaymentProvider()
}

/**
 * The alert senders (docs/decisions/020-alerts-and-outbox.md): the daily e-mail digest always (the
 * mail port), Web Push always (its keys are generated when not given), Telegram when a bot is configured, FCM when Firebase is (firebase-admin's
 * credential is loaded only then).
 */
export async function notificationSendersFor(
  config: Config,
  mailer: Mailer,
  vapid: VapidKeys,
): Promise<OutboxSender[]> {
  const senders: OutboxSender[] = [
    emailDigestSender({ mailer, publicBaseUrl: config.publicBaseUrl }),
    webPushNotifier({
      vapid: { ...vapid, subject: config.webPush.subject },
      publicBaseUrl: config.publicBaseUrl,
      allowPrivateEndpoints: config.webPush.allowPrivateEndpoints,
    }),
  ]
  if (config.telegram.botToken)
    senders.push(
      telegramNotifier({
        apiBase: config.telegram.apiBase,
        botToken: config.telegram.botToken,
        publicBaseUrl: config.publicBaseUrl,
      }),
    )
  if (config.firebase) {
    const { serviceAccountAccessToken } = await import('./integrations/notify/fcm-credential.ts')
    senders.push(
      fcmNotifier({
        apiBase: config.fcm.apiBase,
        projectId: config.firebase.projectId,
        accessToken: serviceAccountAccessToken(config.fcm.serviceAccountFile),
        publicBaseUrl: config.publicBaseUrl,
      }),
    )
  }
  return senders
}

/**
 * Builds and starts what the process's role runs (docs/decisions/031-process-roles.md): with `all`
 * the API on a loopback port and the gateway in front of it; with `api` the API alone on HOST:PORT;
 * with `gateway` the gateway alone, in front of API_URL.
 */
export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const withApi = config.role !== 'gateway'
  // a pure gateway holds no store: it streams photos from the API's (docs/decisions/031-process-roles.md)
  const photos = withApi ? photoStoreFor(config) : null
  let db: Db | null = null
  let api: FastifyInstance | null = null
  let apiUrl = config.apiUrl
  let vapidPublicKey: string | undefined
  let shuttingDown = false
  const isShuttingDown = () => shuttingDown
  // Firebase Authentication when configured, else the built-in e-mail provider (docs/decisions/016-email-sign-in.md;
  // firebase-admin is loaded only then: it is large and most installs never need it).
  const firebase: FirebaseIdTokenVerifier | null =
    config.firebase && withApi
      ? (await import('./integrations/firebase/id-token-verifier.ts')).firebaseIdTokenVerifier({
          projectId: config.firebase.projectId,
        })
      : null
  // SMTP when SMTP_URL is set, else the dev outbox under DATA_DIR and the log (docs/decisions/015-ports-with-embedded-defaults.md;
  // nodemailer is loaded only then, docs/decisions/035-memory-of-one-process.md).
  const smtp = config.mail.smtpUrl
    ? (await import('./integrations/mail/smtp-mailer.ts')).smtpMailer(config.mail.smtpUrl, config.mail.from)
    : null
  const log = serviceLogger(config.logLevel)
  const outboxLog = (line: string) => log.info(line)
  const mailer = smtp ?? outboxMailer(config.dataDir, outboxLog)
  if (!smtp && withApi)
    log.warn(
      { outbox: `${config.dataDir}/outbox` },
      'mail.not_delivered: SMTP_URL is not set, e-mails and SMS codes go to the dev outbox only',
    )
  if (withApi) {
    // a database still starting (or briefly away) is waited for with backoff, one readable line per attempt
    db = await openDbWithRetry(
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize },
      { log: (line) => log.warn(line) },
    )
    const migrated = await migrate(db)
    if (migrated.length > 0) log.info({ migrations: migrated }, 'db.migrated')
    const seed = config.demoSeed ?? (!config.databaseUrl && (await isEmpty(db)))
    if (seed) await seedDemo(db, photos!, { log: (m) => log.info(m), warn: (m) => log.warn(m) })
    // one secret and one push key pair for every process on this database (docs/decisions/030-shared-secrets-and-keys.md)
    const keys = await loadServiceKeys(db, {
      sessionSecret: config.sessionSecret,
      vapid: config.webPush.keys,
      dataDir: config.dataDir,
    })
    vapidPublicKey = keys.vapid.publicKey
    api = await buildApi({
      db,
      logLevel: config.logLevel,
      // Embedded, the API's only peer is the gateway on loopback (its default trust); alone, it believes TRUST_PROXY.
      trustProxy: config.role === 'api' ? config.trustProxy : undefined,
      isShuttingDown,
      redisUrl: config.redisUrl,
      auth: {
        secret: keys.sessionSecret,
        accessTtlMs: config.accessTokenTtlMs,
        telegramBotToken: config.telegram.botToken,
        adminTelegramIds: config.adminTelegramIds,
        adminEmails: config.adminEmails,
        firebaseIdTokens: firebase ?? undefined,
      },
      mailer,
      contactEmails: config.contactEmails,
      sms: outboxSmsSender(config.dataDir, outboxLog),
      publicBaseUrl: config.publicBaseUrl,
      photos: photos!,
      paymentProvider: await paymentProviderFor(config),
      // Listings are translated only when an OpenAI-compatible service is configured (docs/decisions/017-listing-translations.md).
      translator: config.openai ? openAiTranslator(config.openai) : undefined,
      // AI search reads queries with the model when AI_PROVIDER=openai, else with the local parser (docs/decisions/021-ai-search-and-credits.md).
      aiProvider:
        config.aiProvider === 'openai' && config.openai
          ? openAiQueryProvider({
              ...config.openai,
              onFallback: (reason) => log.warn({ reason }, 'ai: model answer not used'),
            })
          : undefined,
      // Streets are found by GEOCODER_URL's service when set, else only our own cities (docs/decisions/047-the-listing-form-pin.md).
      geocoder: config.geocoder ? nominatimGeocoder(config.geocoder) : undefined,
      notificationSenders: await notificationSendersFor(config, mailer, keys.vapid),
      allowPrivatePushEndpoints: config.webPush.allowPrivateEndpoints,
      vapidPublicKey,
    })
    // Embedded, the API listens on loopback only; the gateway is the public face (docs/architecture.md).
    if (config.role === 'all') apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  } else {
    // the pages hand browsers the key the API signs pushes with
    vapidPublicKey = await vapidPublicKeyOf(apiUrl!, { log: (line) => log.warn(line) })
  }
  let gateway: FastifyInstance | null = null
  let changes: ChangeBus | null = null
  let url: string
  if (config.role === 'api') {
    api!.log.info({ store: photos!.kind }, 'photos.store')
    url = await api!.listen({ host: config.host, port: config.port })
  } else {
    // the gateway's render cache hears of writes from every process: through the embedded API's change
    // bus, or, in front of an API elsewhere, on the same channel (docs/decisions/006-caches-and-their-lifetimes.md)
    changes = api ? null : await gatewayChanges(config, log)
    gateway = await startGateway(apiUrl!, api?.publicChanges ?? changes ?? undefined)
    url = await gateway.listen({ host: config.host, port: config.port })
  }
  return {
    gateway,
    api,
    db,
    url,
    async close() {
      shuttingDown = true
      // Readiness reports 503 first; then the listener closes and in-flight requests and streams
      // finish — within the grace period: a client that sent half a request, or waits for a
      // 100 Continue, is cut off then, so the views are flushed and the database closed in any case.
      if (options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs))
      const cutOff = setTimeout(() => {
        gateway?.server.closeAllConnections()
        api?.server.closeAllConnections()
      }, options.graceMs ?? SHUTDOWN_GRACE_MS)
      try {
        await gateway?.close()
        await api?.close()
      } finally {
        clearTimeout(cutOff)
      }
      await changes?.close()
      await firebase?.close()
      smtp?.close()
      await db?.close()
    },
  }

  async function startGateway(apiUrl: string, changes: ChangeFeed | undefined): Promise<FastifyInstance> {
    const gateway = await buildGateway({
      changes,
      apiUrl,
      publicBaseUrl: config.publicBaseUrl,
      publicConfig: publicConfig(config, vapidPublicKey),
      renderer: options.renderer ?? (await productionRenderer(path.resolve('dist'))),
      photos: photos ?? apiPhotoSource(apiUrl),
      clientDir: options.devMiddleware ? undefined : path.resolve('dist/client'),
      logLevel: config.logLevel,
      isShuttingDown,
      trustProxy: config.trustProxy,
      metricsToken: config.metricsToken,
      dev: options.devMiddleware !== undefined,
      devMiddleware: options.devMiddleware,
    })
    gateway.log.info({ store: photos?.kind ?? 'api' }, 'photos.store')
    return gateway
  }
}

/**
 * A gateway in front of an API elsewhere (API_URL) hears of writes on the channel the API processes
 * publish to: Redis when REDIS_URL is set, else the database's NOTIFY when DATABASE_URL is; with
 * neither it keeps no pages (docs/decisions/006-caches-and-their-lifetimes.md).
 */
async function gatewayChanges(config: Config, log: Logger): Promise<ChangeBus | null> {
  const warn = (message: string, err?: unknown) => log.warn({ err }, message)
  if (config.redisUrl) return changeBus(redisWire(config.redisUrl), warn)
  if (config.databaseUrl) {
    const db = await openDb({ databaseUrl: config.databaseUrl })
    const bus = changeBus(databaseWire(db), warn)
    return { ...bus, close: () => bus.close().finally(() => db.close()) }
  }
  log.warn(
    'render_cache.off: a gateway with API_URL hears of writes through REDIS_URL or DATABASE_URL, and neither is set',
  )
  return null
}

/** A start that cannot go on: one line saying why (flushed first, as a terminal's log goes through a worker), exit code 1. */
function failStart(log: Logger, reason: string): void {
  log.fatal(reason)
  log.flush(() => process.exit(1))
}

/** Runs the service until SIGTERM/SIGINT. */
export async function run(options: StartOptions = {}): Promise<void> {
  // React and friends pick their production builds from NODE_ENV when first loaded (the SSR bundle is
  // imported after this line); development is opted into with NODE_ENV=development (npm run dev).
  process.env.NODE_ENV ??= options.devMiddleware ? 'development' : 'production'
  let config: Config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) return failStart(serviceLogger('info'), err.message)
    throw err
  }
  let service: Service
  try {
    service = await startService(config, { drainMs: config.env === 'production' ? 2_000 : 0, ...options })
  } catch (err) {
    if (
      err instanceof DatabaseUnavailableError ||
      err instanceof DatabaseStartError ||
      err instanceof ApiUnavailableError
    )
      return failStart(serviceLogger(config.logLevel), err.message)
    throw err
  }
  const log = (service.gateway ?? service.api)!.log
  log.info({ url: service.url, role: config.role, api: config.apiUrl ?? 'embedded' }, 'khaneh.started')
  for (const { variable, message } of configWarnings()) log.warn({ variable }, message)
  let closing = false
  const stop = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'khaneh.stopping')
    // the last resort, should closing itself hang: the grace period has long passed by then
    const force = setTimeout(() => {
      log.error('khaneh.stop_timed_out')
      process.exit(1)
    }, 20_000)
    force.unref()
    service.close().then(
      () => {
        log.info('khaneh.stopped')
        process.exit(0)
      },
      (err: unknown) => {
        log.error({ err }, 'khaneh.stop_failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

if (import.meta.url === `file://${process.argv[1]}`) await run()
