import type { FastifyReply } from 'fastify'
import type { ErrorCode } from '../../shared/errors.ts'
import type { ErrorDetails, ErrorDetailsOf, FieldIssue } from '../../shared/schemas/errors.ts'

export type { ErrorCode, FieldIssue }

/** The error catalogue: each code's status and default message (docs/decisions/013-error-envelope-and-codes.md). */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'The request is not valid' },
  UNAUTHENTICATED: { status: 401, message: 'Authentication required' },
  FORBIDDEN: { status: 403, message: 'You may not do this' },
  ALERT_LIMIT_REACHED: { status: 403, message: 'Your plan allows no more active alerts' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  CONFLICT: { status: 409, message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large' },
  PAYMENT_REQUIRED: { status: 402, message: 'Payment required' },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Not enough credits' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  UPSTREAM_UNAVAILABLE: { status: 502, message: 'The service is unavailable' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is shutting down or not ready' },
  UPSTREAM_TIMEOUT: { status: 504, message: 'The service did not answer in time' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>

const CODE_BY_STATUS = new Map<number, ErrorCode>()
for (const [code, { status }] of Object.entries(ERRORS) as Array<[ErrorCode, { status: number }]>) {
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code)
}

/** The catalogue code of an HTTP status (the first entry with it); other 4xx are VALIDATION_ERROR, other 5xx INTERNAL. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status < 500 ? 'VALIDATION_ERROR' : 'INTERNAL')
}

/** The class behind AppError, for subclasses (they pick a code without details); throw sites use AppError. */
export class CatalogueError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly details: ErrorDetails
  /** Seconds the client should wait before retrying, sent as Retry-After (a dependency that is down). */
  retryAfterSeconds?: number

  constructor(code: ErrorCode, message?: string, details: ErrorDetails = null) {
    super(message ?? ERRORS[code].message)
    this.code = code
    this.status = ERRORS[code].status
    this.details = details
  }
}

/**
 * An error that maps to one catalogue entry and the error envelope. Its constructor types
 * `details` by the code: field errors for VALIDATION_ERROR, else only a reason that code may carry
 * (shared/errors.ts), so a reason outside the vocabulary fails typecheck.
 */
export const AppError: new <C extends ErrorCode>(
  code: C,
  message?: string,
  details?: ErrorDetailsOf<C>,
) => CatalogueError = CatalogueError
export type AppError = CatalogueError

/** The envelope of a failure: {success: false, data: null, error: {code, message, details}, timestamp}. */
function errorEnvelope(code: ErrorCode, message: string, details: ErrorDetails) {
  return { success: false as const, data: null, error: { code, message, details }, timestamp: new Date().toISOString() }
}

/** A failure as both apps answer it: its HTTP status and the error envelope. */
export interface ErrorAnswer {
  status: number
  body: ReturnType<typeof errorEnvelope>
}

/**
 * The one builder of an error answer, for the API and the gateway: the envelope of `code` with its
 * catalogue status and message unless given. `status` differs from the catalogue's only where
 * Fastify or Node chose it and the catalogue maps it to `code` (codeForStatus).
 */
export function errorAnswer<C extends ErrorCode>(
  code: C,
  message: string = ERRORS[code].message,
  details: ErrorDetailsOf<C> = null,
  status: number = ERRORS[code].status,
): ErrorAnswer {
  return { status, body: errorEnvelope(code, message, details) }
}

/** Sends `errorAnswer(code, message, details, status)` on a reply. */
export function sendError<C extends ErrorCode>(
  reply: FastifyReply,
  code: C,
  message?: string,
  details?: ErrorDetailsOf<C>,
  status?: number,
): FastifyReply {
  const answer = errorAnswer(code, message, details, status)
  return reply.status(answer.status).send(answer.body)
}

/** Sends an AppError as its answer. */
export const sendAppError = (reply: FastifyReply, err: AppError): FastifyReply =>
  sendError(reply, err.code, err.message, err.details, err.status)

/** The envelope of a success: {success: true, data, error: null, timestamp}. */
export function okEnvelope<T>(data: T) {
  return { success: true as const, data, error: null, timestamp: new Date().toISOString() }
}
