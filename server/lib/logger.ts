import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { pino, stdSerializers, type DestinationStream, type Logger, type LoggerOptions } from 'pino'

// Database errors carry the statement's parameters (PGlite: params, queryOptions) and PostgreSQL's
// detail echoes values ("Key (email)=(…)"): user data that never belongs in a log.
const ERROR_FIELDS_WITH_VALUES = ['params', 'parameters', 'queryOptions', 'detail'] as const

const withoutValues = <T extends object>(fields: T): T => {
  for (const field of ERROR_FIELDS_WITH_VALUES) delete (fields as Record<string, unknown>)[field]
  return fields
}

/** pino's error serializer without the fields that hold the values of a failed statement. */
export function serializeError(err: Error): ReturnType<typeof stdSerializers.err> {
  const out: Record<string, unknown> = withoutValues({ ...stdSerializers.err(err) })
  if (out.cause && typeof out.cause === 'object') out.cause = withoutValues({ ...out.cause })
  return out as ReturnType<typeof stdSerializers.err>
}

// Secrets go by these names wherever they sit in a logged object (compared lower-case, without - and _).
const SECRET_KEYS = new Set([
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'firebasetoken',
  'mergetoken',
  'bottoken',
  'password',
  'newpassword',
  'oobcode',
  'authorization',
  'cookie',
  'setcookie',
  'secretkey',
  'apikey',
  'webhooksecret',
  'stripesecretkey',
  'stripewebhooksecret',
  'stripesignature',
])
const CENSOR = '[redacted]'
const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ''))
const isPlain = (value: object) =>
  Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value))

/**
 * A logged object with every secret-named field censored, at any depth of plain objects and arrays
 * (pino's path redaction names fixed depths only). The caller's object is never changed.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || !isPlain(value) || depth > 10) return value
  let copy: Record<string, unknown> | undefined
  for (const [key, field] of Object.entries(value)) {
    const redacted = field != null && isSecretKey(key) ? CENSOR : redactSecrets(field, depth + 1)
    if (redacted === field) continue
    copy ??= (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>
    copy[key] = redacted
  }
  return (copy ?? value) as T
}

// One pino-pretty worker for every logger of the process (API, gateway, start-up), made on first use.
let prettyStream: DestinationStream | undefined
const pretty = () =>
  (prettyStream ??= pino.transport({
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
  }))

/**
 * pino options shared by the API and the gateway: secrets never reach the logs. Lines are for a
 * person (pino-pretty) when stdout is a terminal, JSON for log collectors otherwise.
 */
export function loggerOptions(
  level: string,
  name: string,
  { terminal = process.stdout.isTTY === true } = {},
): LoggerOptions & { stream?: DestinationStream } {
  return {
    ...(terminal && { stream: pretty() }),
    level,
    name,
    serializers: { err: serializeError },
    formatters: { log: redactSecrets },
    // what the request and reply serializers write comes after the formatter
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: CENSOR,
    },
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The request id: a well-formed incoming `x-request-id` (so a trace spans gateway and API), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}

/** A logger outside the two apps (start-up, shutdown), with the same options. */
export function serviceLogger(level: string): Logger {
  const { stream, ...options } = loggerOptions(level, 'khaneh')
  return stream ? pino(options, stream) : pino(options)
}
