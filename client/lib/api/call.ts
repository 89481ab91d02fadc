import type { z } from 'zod'
import {
  isErrorCode,
  isErrorReason,
  type ClientErrorCode,
  type ErrorCode,
  type ErrorReason,
} from '../../../shared/errors.ts'
import type { DetailsOfReason, ErrorDetails, FieldIssue } from '../../../shared/schemas/errors.ts'
import type * as Wire from '../../../shared/schemas/index.ts'
import { camelize, type Camelize } from '../camelize.ts'

type WireSchemas = typeof Wire

/** The name of a shared response schema (an export of `shared/schemas` ending in `Schema`). */
export type WireName = {
  [K in keyof WireSchemas]: K extends `${string}Schema` ? (WireSchemas[K] extends z.ZodType ? K : never) : never
}[keyof WireSchemas]

/** The data of an answer that follows the shared schema `N`, its snake_case keys camelCased. */
export type Answer<N extends WireName> = Camelize<z.output<WireSchemas[N]>>

/** Checks an answer's data against the shared schema of that name; the server's client has one, the browser's trusts the types (docs/decisions/012-wire-contract.md). */
export type WireParser = (schema: WireName, data: unknown) => unknown

/** One call to the product API: a path under /api/v1 and its JSON answer. */
export type Transport = (
  path: string,
  init?: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{ status: number; body: unknown }>

/** The code of a failed call: the server's, or one the client gives (shared/errors.ts). */
export type ApiErrorCode = ErrorCode | ClientErrorCode

/**
 * A failed API call; branch on `code` and `reason`, never on the message, and read `details`
 * through `detailsOf` and `fields` (docs/decisions/013-error-envelope-and-codes.md).
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode
  readonly status: number
  readonly details: ErrorDetails

  constructor(status: number, code: ApiErrorCode, message: string, details: ErrorDetails = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = details
  }

  /** The reason that tells this failure apart from others of its code, if it has one. */
  get reason(): ErrorReason | undefined {
    return this.details && !Array.isArray(this.details) ? this.details.reason : undefined
  }

  /** The details of `reason` when this failure is that one. */
  detailsOf<R extends ErrorReason>(reason: R): DetailsOfReason<R> | undefined {
    const details = this.details
    return hasReason(details, reason) ? details : undefined
  }

  /** The field errors of a VALIDATION_ERROR; none for any other failure. */
  get fields(): FieldIssue[] {
    return Array.isArray(this.details) ? this.details : []
  }
}

const hasReason = <R extends ErrorReason>(details: ErrorDetails, reason: R): details is DetailsOfReason<R> =>
  details !== null && !Array.isArray(details) && details.reason === reason

/** The `code` of a failure that is `err`, if it is an ApiError. */
export const errorCodeOf = (err: unknown): ApiErrorCode | undefined => (err instanceof ApiError ? err.code : undefined)

/** The `details.reason` of a failure that is `err`, if it is an ApiError with one. */
export const errorReasonOf = (err: unknown): ErrorReason | undefined =>
  err instanceof ApiError ? err.reason : undefined

/**
 * A 401: the call needs a session the caller does not have (or a sign-in was refused). Route
 * loaders and actions leave it to `signedIn()` (client/features/auth/signed-in.ts), which sends the
 * viewer to sign in with `next`; a sign-in form catches it to show why.
 */
export class UnauthenticatedError extends ApiError {
  constructor(code: ApiErrorCode, message: string, details: ErrorDetails = null) {
    super(401, code, message, details)
    this.name = 'UnauthenticatedError'
  }
}

/** Calls the API and answers the data of its success envelope, typed (and on the server checked) by the shared schema named first. */
export type Call = <N extends WireName>(schema: N, path: string, init?: Parameters<Transport>[1]) => Promise<Answer<N>>

/** The API client pages are handed (`createApi`): what each area's client (`listingsApi(api)` …) calls through. */
export interface Api {
  readonly call: Call
}

/** A query string of the set parameters (`?a=1&b=x`), or nothing. */
export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && key in value ? Reflect.get(value, key) : undefined
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

const isFieldIssue = (value: unknown): value is FieldIssue =>
  ['path', 'code', 'message'].every((key) => typeof field(value, key) === 'string')

/**
 * The details of an error envelope: field errors, a reason of the vocabulary, or null. Past the
 * reason the fields are trusted as the API's schema sent them (docs/decisions/012-wire-contract.md).
 */
function detailsFrom(value: unknown): ErrorDetails {
  if (Array.isArray(value)) return value.filter(isFieldIssue)
  return isReasonDetails(value) ? value : null
}
const isReasonDetails = (value: unknown): value is Exclude<ErrorDetails, FieldIssue[] | null> =>
  __KHANEH_BROWSER_BUILD__ ? typeof field(value, 'reason') === 'string' : isErrorReason(field(value, 'reason'))

// The gateway's short-lived cache hands out the same body object again: read it once.
const read = new WeakMap<object, { schema: WireName; data: unknown }>()

/** The data of a success envelope, checked and camelCased; a failure envelope (or none) as an ApiError. */
export function answerData<N extends WireName>(
  schema: N,
  answer: { status: number; body: unknown },
  parse?: WireParser,
): Answer<N> {
  const { status, body } = answer
  if (status >= 400 || field(body, 'success') !== true) {
    const error = field(body, 'error')
    const code = field(error, 'code')
    // a code and a reason are checked against the vocabulary (shared/errors.ts) by the server's client;
    // the browser trusts the envelope the API sends, as it trusts an answer's data (docs/decisions/012-wire-contract.md):
    // the vocabulary's lists would weigh 0.6 KB in every page's script (docs/decisions/040-script-budget-per-page.md)
    const known = (__KHANEH_BROWSER_BUILD__ ? typeof code === 'string' : isErrorCode(code))
      ? (code as ErrorCode)
      : 'API_ERROR'
    const message = text(field(error, 'message')) ?? 'API request failed'
    const details = detailsFrom(field(error, 'details'))
    throw status === 401
      ? new UnauthenticatedError(known, message, details)
      : new ApiError(status, known, message, details)
  }
  const data = field(body, 'data')
  const key = typeof data === 'object' && data !== null ? data : undefined
  const hit = key && read.get(key)
  let value = hit?.schema === schema ? hit.data : undefined
  if (value === undefined) {
    value = camelize(parse ? parse(schema, data) : data)
    if (key) read.set(key, { schema, data: value })
  }
  // The one place the answer's type is asserted: parsed by `schema` on the server; in the browser,
  // serialized by the API through the same schema (docs/decisions/012-wire-contract.md).
  return value as Answer<N>
}

/** `call` over a transport: network failures become NETWORK_ERROR, answers go through `answerData`. */
export function caller(transport: Transport, parse?: WireParser): Call {
  return async (schema, path, init) => {
    let answer: { status: number; body: unknown }
    try {
      answer = await transport(path, init)
    } catch (err) {
      if (err instanceof ApiError) throw err
      throw new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.')
    }
    return answerData(schema, answer, parse)
  }
}
