import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_MAP_TILES_ATTRIBUTION, DEFAULT_MAP_TILES_URL, tileUrlProblem } from '../shared/map-tiles.ts'
import type { PublicConfig } from '../shared/public-config.ts'
import { CROSS_VARIABLE_RULES, roleOf } from './config-rules.ts'

const DURATION = /^(\d+)(ms|s|m|h|d)$/
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** Parses '3s', '15m', '1h' … into milliseconds; null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]
}

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** Parses '10.0.0.5, 192.168.0.0/16, loopback' into address ranges; null when an entry is none of those. */
function parseTrustedProxies(text: string): string[] | null {
  const entries = text.split(',').map((s) => s.trim())
  const ranges: string[] = []
  for (const entry of entries) {
    const named = NAMED_RANGES[entry.toLowerCase()]
    if (named) {
      ranges.push(...named)
      continue
    }
    const [address = '', prefix, extra] = entry.split('/')
    const version = isIP(address)
    if (!version || address.includes('%') || extra !== undefined) return null
    if (
      prefix !== undefined &&
      !(/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128))
    )
      return null
    ranges.push(entry)
  }
  return ranges
}

const optionalText = z.string().trim().min(1).optional()
const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // budget: processes × (pool + 2) under the server's max_connections (docs/decisions/034-one-writer-per-embedded-database.md)
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  API_URL: z.url({ protocol: /^https?$/ }).optional(),
  // What this process runs (docs/decisions/031-process-roles.md); unset: a gateway when API_URL is set, else both.
  ROLE: z.enum(['all', 'api', 'gateway']).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z
    .string()
    .default('15m')
    .refine((v) => parseDuration(v) !== null, 'must be a duration such as 3s, 15m or 1h'),
  DEMO_SEED: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_BOT_USERNAME: optionalText,
  TELEGRAM_STORAGE_CHAT_ID: optionalText,
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  SUPABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  SUPABASE_STORAGE_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'must be a bucket name: lower-case letters, digits, ".", "_" and "-"')
    .default('photos'),
  /** How many processes serve this deployment; more than one needs what they share (docs/decisions/004-photo-store.md). */
  INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  ADMIN_TELEGRAM_IDS: z
    .string()
    .regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'must be comma-separated Telegram ids')
    .default(''),
  ADMIN_EMAILS: z.string().default(''),
  /** Where contact-us messages are mailed, comma-separated; empty: ADMIN_EMAILS, else contact@khaneh.local (the outbox). */
  CONTACT_EMAIL: z.string().default(''),
  FIREBASE_PROJECT_ID: optionalText,
  /** Firebase's web config JSON (public): its apiKey lets the pages call Firebase Authentication. */
  FIREBASE_WEB_CONFIG: z
    .string()
    .transform((text, ctx) => {
      try {
        const parsed = JSON.parse(text) as { apiKey?: unknown }
        if (typeof parsed.apiKey === 'string' && parsed.apiKey) return { apiKey: parsed.apiKey }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'must be JSON with an apiKey' })
      return z.NEVER
    })
    .optional(),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().trim().min(3).default('Khaneh <no-reply@khaneh.local>'),
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  // Never `true`: then any client could choose its own address with X-Forwarded-For.
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((text, ctx) => {
      const ranges = parseTrustedProxies(text)
      if (ranges) return ranges
      ctx.addIssue({
        code: 'custom',
        message: 'must be comma-separated proxy addresses or CIDRs (e.g. 10.0.0.5, 10.1.0.0/16, loopback)',
      })
      return z.NEVER
    }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  // Tests only: a push endpoint is a URL a user gives us and the server POSTs to (docs/decisions/020-alerts-and-outbox.md).
  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: flag.default(false),
  FCM_API_BASE: z.url({ protocol: /^https?$/ }).default('https://fcm.googleapis.com'),
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  /** The maps' raster tiles (docs/decisions/045-maps-leaflet-and-tiles.md): OpenStreetMap's by default. */
  MAP_TILES_URL: z
    .string()
    .trim()
    .default(DEFAULT_MAP_TILES_URL)
    .superRefine((v, ctx) => {
      const problem = tileUrlProblem(v)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  /** Plain text with [words](https://…) links; required beside a MAP_TILES_URL of another provider (config-rules.ts). */
  MAP_TILES_ATTRIBUTION: optionalText,
  /** A Nominatim-compatible geocoder's base (docs/decisions/047-the-listing-form-pin.md); unset: our own cities only. */
  GEOCODER_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOCODER_TIMEOUT: z
    .string()
    .default('5s')
    .refine((v) => parseDuration(v) !== null, 'must be a duration such as 3s or 800ms'),
})

const ConfigSchema = EnvSchema.check(...CROSS_VARIABLE_RULES).transform((e) => {
  const dataDir = path.resolve(e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: withoutTrailingSlash(e.PUBLIC_BASE_URL),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** Pooled PostgreSQL connections of this process. */
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** External product API base; undefined means the embedded API. */
    apiUrl: e.API_URL && withoutTrailingSlash(e.API_URL),
    /** all: the gateway and its own API on loopback; api: the API alone on HOST:PORT; gateway: in front of API_URL. */
    role: roleOf(e),
    /** SESSION_SECRET; undefined: the one the database keeps (docs/decisions/030-shared-secrets-and-keys.md). */
    sessionSecret: e.SESSION_SECRET,
    accessTokenTtlMs: parseDuration(e.ACCESS_TOKEN_TTL)!,
    /** undefined: seed when the embedded database is empty. */
    demoSeed: e.DEMO_SEED,
    logLevel: e.LOG_LEVEL,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botUsername: e.TELEGRAM_BOT_USERNAME,
      storageChatId: e.TELEGRAM_STORAGE_CHAT_ID,
      apiBase: withoutTrailingSlash(e.TELEGRAM_API_BASE),
    },
    /** The backend client's settings (server side only; the key never reaches a page; docs/decisions/004-photo-store.md): undefined when not configured. */
    supabase:
      e.SUPABASE_URL && e.SUPABASE_SERVICE_ROLE_KEY
        ? {
            url: withoutTrailingSlash(e.SUPABASE_URL),
            serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
            storageBucket: e.SUPABASE_STORAGE_BUCKET,
          }
        : undefined,
    /** How many processes serve this deployment (INSTANCES): one, unless told otherwise. */
    instances: e.INSTANCES,
    adminTelegramIds: list(e.ADMIN_TELEGRAM_IDS),
    adminEmails: list(e.ADMIN_EMAILS).map((m) => m.toLowerCase()),
    /** Contact-us recipients: CONTACT_EMAIL, else ADMIN_EMAILS, else an address that only the dev outbox (or a catch-all SMTP) receives. */
    contactEmails: list(e.CONTACT_EMAIL).length
      ? list(e.CONTACT_EMAIL)
      : list(e.ADMIN_EMAILS).length
        ? list(e.ADMIN_EMAILS).map((m) => m.toLowerCase())
        : ['contact@khaneh.local'],
    /** Firebase Authentication; undefined means the built-in e-mail identity provider. */
    firebase: e.FIREBASE_PROJECT_ID
      ? { projectId: e.FIREBASE_PROJECT_ID, webApiKey: e.FIREBASE_WEB_CONFIG?.apiKey }
      : undefined,
    /** SMTP when set; otherwise mail goes to the dev outbox under DATA_DIR. */
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /** An OpenAI-compatible service (OPENAI_BASE_URL + OPENAI_API_KEY); undefined: listings are not translated. */
    openai:
      e.OPENAI_BASE_URL && e.OPENAI_API_KEY
        ? { baseUrl: withoutTrailingSlash(e.OPENAI_BASE_URL), apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL }
        : undefined,
    /** Who reads AI search queries: the local parser (default), or the OpenAI-compatible model of `openai`. */
    aiProvider: e.AI_PROVIDER,
    /** Address ranges of the reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY; loopback by default). */
    trustProxy: e.TRUST_PROXY,
    /** Shared counters across processes (rate limits) when set; otherwise they live in PostgreSQL. */
    redisUrl: e.REDIS_URL,
    /** Bearer token for /metrics from other than loopback; undefined: loopback only. */
    metricsToken: e.METRICS_TOKEN,
    /** Where payers pay: the in-app sandbox (the default on http), or Stripe. */
    payments:
      e.PAYMENTS_PROVIDER === 'stripe'
        ? {
            provider: 'stripe' as const,
            secretKey: e.STRIPE_SECRET_KEY!,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiBase: e.STRIPE_API_BASE && withoutTrailingSlash(e.STRIPE_API_BASE),
          }
        : { provider: 'sandbox' as const },
    /** Web Push (VAPID): the key pair of VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; undefined: the one the database keeps (docs/decisions/030-shared-secrets-and-keys.md). */
    webPush: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.MAIL_FROM, e.PUBLIC_BASE_URL),
      /** Only tests allow push endpoints on loopback or private addresses (SSRF). */
      allowPrivateEndpoints: e.WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS,
    },
    /** FCM HTTP v1 (with Firebase): the API's base (a fake on loopback in tests) and the service account's JSON key file, if not the default credentials. */
    /** The maps' tiles and the credit their provider asks for. */
    mapTiles: { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION ?? DEFAULT_MAP_TILES_ATTRIBUTION },
    fcm: { apiBase: withoutTrailingSlash(e.FCM_API_BASE), serviceAccountFile: e.FIREBASE_SERVICE_ACCOUNT },
    /** The listing form's street search: a Nominatim-compatible service, or undefined for our own cities. Its policy asks a User-Agent that names the site. */
    geocoder: e.GEOCODER_URL
      ? {
          baseUrl: withoutTrailingSlash(e.GEOCODER_URL),
          timeoutMs: parseDuration(e.GEOCODER_TIMEOUT)!,
          userAgent: `Khaneh (+${withoutTrailingSlash(e.PUBLIC_BASE_URL)})`,
        }
      : undefined,
  }
})

/** The service's settings, as parsed from the environment. */
export type Config = z.output<typeof ConfigSchema>

export class ConfigError extends Error {}

/**
 * Reads and validates the environment; the only reader of process.env. Every bad
 * variable is named in the one error, so a start fails once, not once per mistake.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
  }
  return parsed.data
}

/**
 * What is allowed but most likely a mistake, for the log at start (docs/architecture.md): in production without
 * PUBLIC_BASE_URL, canonical links, sitemaps, e-mails and cookies all name http://localhost:3000.
 */
export function configWarnings(env: NodeJS.ProcessEnv = process.env): { variable: string; message: string }[] {
  const production = (env.NODE_ENV ?? 'production') === 'production'
  return production && !env.PUBLIC_BASE_URL
    ? [
        {
          variable: 'PUBLIC_BASE_URL',
          message:
            'PUBLIC_BASE_URL is not set in production: links in pages, sitemaps and e-mails use http://localhost:3000',
        },
      ]
    : []
}

/**
 * The one whitelist of what the browser may see of the configuration: nothing else reaches a page.
 * The VAPID public key is the API's (its own, or asked of API_URL): the one pushes are signed with.
 */
export function publicConfig(config: Config, vapidPublicKey: string | undefined): PublicConfig {
  return {
    ...(config.telegram.botToken &&
      config.telegram.botUsername && { telegramBotUsername: config.telegram.botUsername }),
    ...(config.firebase?.webApiKey && { firebaseApiKey: config.firebase.webApiKey }),
    ...(vapidPublicKey && { vapidPublicKey }),
    mapTiles: config.mapTiles,
  }
}

/** VAPID's contact: `mailto:` the MAIL_FROM address, else the site when it is https. */
function vapidSubject(mailFrom: string, publicBaseUrl: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^\S+@\S+$/.test(mailFrom) ? mailFrom : null)
  return address ? `mailto:${address}` : withoutTrailingSlash(publicBaseUrl)
}
