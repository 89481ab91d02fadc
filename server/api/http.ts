import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import type { z } from 'zod'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { ZodError } from 'zod'
import { AppError, codeForStatus, sendAppError, sendError, type FieldIssue } from '../lib/errors.ts'
import { textBytes, TtlCache } from '../lib/ttl-cache.ts'
import { DatabaseUnavailableError } from './db/unavailable.ts'

/** One error handler and one not-found handler for the whole API: every failure is an envelope (docs/decisions/013-error-envelope-and-codes.md). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details: FieldIssue[] = err.validation.map((v) => ({
        path: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        code: v.keyword,
        message: v.message ?? 'is not valid',
      }))
      return sendError(reply, 'VALIDATION_ERROR', undefined, details)
    }
    if (err instanceof ZodError) {
      const details: FieldIssue[] = err.issues.map((i) => ({
        path: i.path.join('.'),
        code: i.code,
        message: i.message,
      }))
      return sendError(reply, 'VALIDATION_ERROR', undefined, details)
    }
    if (err instanceof DatabaseUnavailableError) {
      // the reason alone, no stack: an outage fails every request the same way
      request.log.error({ reason: err.reason }, 'api.db_unavailable')
      reply.header('retry-after', String(err.retryAfterSeconds))
      return sendAppError(reply, err)
    }
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'api.failed')
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds))
      return sendAppError(reply, err)
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'api.response_invalid')
      return sendError(reply, 'INTERNAL')
    }
    const status = err.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err }, 'api.failed')
      return sendError(reply, 'INTERNAL')
    }
    return sendError(reply, codeForStatus(status), err.message, null, status)
  })

  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)
  })
}

/** A success body checked against its schema and serialized once, to be sent many times (cached public reads). */
export interface SerializedData<T = unknown> {
  readonly json: string
  /** The checked value behind `json`, for answers that add per-user fields to a shared entry. */
  readonly value: T
}

/** Checks `data` against the response schema (dropping what must not leave) and serializes it. */
export function serializeData<T extends z.ZodType>(schema: T, data: z.input<T>): SerializedData<z.output<T>> {
  const value = schema.parse(data)
  return { json: JSON.stringify(value), value }
}

/** What a cached serialized answer weighs: its text and the checked value behind it, which takes about as much again. */
const serializedBytes = (data: SerializedData | null): number => (data ? 2 * textBytes(data.json) : 0)

/** A cache of serialized answers (public reads), weighed by what they hold (docs/decisions/006-caches-and-their-lifetimes.md). */
export const serializedCache = <E extends SerializedData | null>(ttlMs: number, maxBytes: number): TtlCache<E> =>
  new TtlCache<E>({ ttlMs, maxBytes, weigh: serializedBytes })

/** Sends a pre-serialized success in the success envelope; the timestamp is this response's own. */
export function sendSerialized(reply: FastifyReply, data: SerializedData): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .send(`{"success":true,"data":${data.json},"error":null,"timestamp":"${new Date().toISOString()}"}`)
}
