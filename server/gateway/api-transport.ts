import type { Transport } from '../../client/lib/api/call.ts'
import { FavoriteMarksSchema, withFavoriteMarks } from '../../shared/schemas/listing.ts'
import { errorEnvelope } from '../lib/errors.ts'
import { apiHeaders, callWithSession, isSharedRead, type RequestSession, type Visitor } from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

type Answer = Awaited<ReturnType<Transport>>

/** The public search (GET /listings with its filters): the same for everyone but for the reader's favourite marks. */
const isSearch = (path: string): boolean => /^\/listings(\?|$)/.test(path)

const listingsOf = (body: unknown): Array<{ id: number }> | undefined => {
  const data = (body as { success?: unknown; data?: { listings?: unknown } } | null)?.data
  return Array.isArray(data?.listings) ? (data.listings as Array<{ id: number }>) : undefined
}

/**
 * The page loaders' transport on the server: straight to the API over the gateway's pooled client,
 * under the request's session (session.ts holds the policy). Anonymous reads share the gateway's
 * short-lived cache, and so do a signed-in reader's reads that name nothing of them (`isSharedRead`).
 * A signed-in reader's search is the shared answer with their marks on it (`markedSearch`).
 */
export function serverTransport(upstream: Upstream, visitor: Visitor, session: RequestSession): Transport {
  return async (path, init) => {
    const method = init?.method ?? 'GET'
    const send = (access: string | undefined, to = path) =>
      upstream.json({
        method,
        path: `/api/v1${to}`,
        headers: {
          ...init?.headers,
          accept: 'application/json',
          ...apiHeaders(visitor, access),
          ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init?.signal,
        anonymous: !access,
      })
    try {
      if (method === 'GET' && isSharedRead(path)) return await send(undefined)
      if (method === 'GET' && isSearch(path) && session.access() !== undefined)
        return await markedSearch(await send(undefined), session, (access, to) => send(access, to))
      return (
        (await callWithSession(session, { method, path }, send)) ?? {
          status: 401,
          body: errorEnvelope('UNAUTHENTICATED', 'Authentication required'),
        }
      )
    } catch (err) {
      if (err instanceof UpstreamError) return { status: err.status, body: errorEnvelope(err.code, err.message) }
      throw err
    }
  }
}

/**
 * A signed-in reader's search: the anonymous answer (the gateway's shared cache, read and checked
 * once for everyone) with their favourites marked from GET /favorites/marks, which is all the API's
 * signed-in search adds. When none is marked — most pages — the shared body itself is answered, so
 * the page's loader reuses its parsed form too (docs/decisions/028-signed-in-render.md). A session
 * that turns out to be over reads the page unmarked, as the API would answer it anonymously.
 */
async function markedSearch(
  search: Answer,
  session: RequestSession,
  send: (access: string | undefined, path: string) => Promise<Answer>,
): Promise<Answer> {
  const listings = listingsOf(search.body)
  if (search.status !== 200 || !listings || listings.length === 0) return search
  const path = `/favorites/marks?ids=${listings.map((l) => l.id).join(',')}`
  const answer = await callWithSession(session, { method: 'GET', path }, (access) => send(access, path))
  if (answer === null) return search
  if (answer.status !== 200) return answer
  const parsed = FavoriteMarksSchema.safeParse((answer.body as { data?: unknown } | null)?.data)
  if (!parsed.success)
    return {
      status: 502,
      body: errorEnvelope('UPSTREAM_UNAVAILABLE', "The API's answer does not follow FavoriteMarksSchema"),
    }
  const marked = withFavoriteMarks(listings, parsed.data.marks)
  if (marked === listings) return search
  const body = search.body as { data: Record<string, unknown> }
  return { status: search.status, body: { ...body, data: { ...body.data, listings: marked } } }
}
