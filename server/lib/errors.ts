/** The error catalogue: stable codes, statuses and default messages (docs/decisions/013-error-envelope-and-codes.md). */
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
} as const

export type ErrorCode = keyof typeof ERRORS

const CODE_BY_STATUS = new Map<number, ErrorCode>()
for (const [code, { status }] of Object.entries(ERRORS) as Array<[ErrorCode, { status: number }]>) {
  if (!CODE_BY_STATUS.has(status)) CODE_BY_STATUS.set(status, code)
}

/** The catalogue code of an HTTP status (the first entry with it); other 4xx are VALIDATION_ERROR, other 5xx INTERNAL. */
export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS.get(status) ?? (status < 500 ? 'VALIDATION_ERROR' : 'INTERNAL')
}

export interface FieldIssue {
  path: string
  code: string
  message: string
}

/** An error that maps to one catalogue entry and the error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly details: FieldIssue[] | Record<string, unknown> | null
  /** Seconds the client should wait before retrying, sent as Retry-After (a dependency that is down). */
  retryAfterSeconds?: number

  constructor(code: ErrorCode, message?: string, details: AppError['details'] = null) {
    super(message ?? ERRORS[code].message)
    this.code = code
    this.status = ERRORS[code].status
    this.details = details
  }
}

/** The envelope of a failure: {success: false, data: null, error: {code, message, details}, timestamp}. */
export function errorEnvelope(code: ErrorCode, message: string, details: unknown = null) {
  return { success: false as const, data: null, error: { code, message, details }, timestamp: new Date().toISOString() }
}

/** The envelope of a success: {success: true, data, error: null, timestamp}. */
export function okEnvelope<T>(data: T) {
  return { success: true as const, data, error: null, timestamp: new Date().toISOString() }
}
