import type { z } from 'zod'
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

/** A failed API call; branch on `code`, never on the message. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly details: unknown

  constructor(status: number, code: string, message: string, details: unknown = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = details
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
    throw new ApiError(
      status,
      text(field(error, 'code')) ?? 'API_ERROR',
      text(field(error, 'message')) ?? 'API request failed',
      field(error, 'details') ?? null,
    )
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
