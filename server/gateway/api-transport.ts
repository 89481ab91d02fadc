import type { Transport } from '../../client/lib/api/call.ts'
import { FavoriteMarksSchema, withFavoriteMarks, type FavoriteMarks } from '../../shared/schemas/listing.ts'
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

type Send = (access: string | undefined, path: string, init?: Parameters<Transport>[1]) => Promise<Answer>

/** One API call from the gateway for a visitor, with the token it is given (none: anonymous, and shareable). */
function sender(upstream: Upstream, visitor: Visitor): Send {
  return (access, path, init) =>
    upstream.json({
      method: init?.method ?? 'GET',
      path: `/api/v1${path}`,
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
}

/**
 * The page loaders' transport on the server: straight to the API over the gateway's pooled client,
 * under the request's session (session.ts holds the policy). Anonymous reads share the gateway's
 * short-lived cache, and so do a signed-in reader's reads that name nothing of them (`isSharedRead`).
 * A signed-in reader's search is the shared answer with their marks on it (`markedSearch`).
 */
export function serverTransport(upstream: Upstream, visitor: Visitor, session: RequestSession): Transport {
  const send = sender(upstream, visitor)
  return async (path, init) => {
    const method = init?.method ?? 'GET'
    try {
      if (method === 'GET' && isSharedRead(path)) return await send(undefined, path, init)
      if (method === 'GET' && isSearch(path) && session.access() !== undefined)
        return await markedSearch(await send(undefined, path, init), session, send)
      return (
        (await callWithSession(session, { method, path }, (access) => send(access, path, init))) ?? {
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
async function markedSearch(search: Answer, session: RequestSession, send: Send): Promise<Answer> {
  const listings = listingsOf(search.body)
  if (search.status !== 200 || !listings || listings.length === 0) return search
  const marks = await readerMarks(
    listings.map((l) => l.id),
    session,
    send,
  )
  if (marks === null) return search
  if (!Array.isArray(marks)) return marks
  const marked = withFavoriteMarks(listings, marks)
  if (marked === listings) return search
  const body = search.body as { data: Record<string, unknown> }
  return { status: search.status, body: { ...body, data: { ...body.data, listings: marked } } }
}

/** The most listings one GET /favorites/marks names (FavoriteMarksQuery). */
const MARKS_PER_CALL = 100

/**
 * Which of these listings the reader saved (GET /favorites/marks, a call per hundred): the marks;
 * null when the session turned out to be over; the API's answer when it failed.
 */
async function readerMarks(ids: number[], session: RequestSession, send: Send): Promise<FavoriteMarks | Answer | null> {
  const marks: FavoriteMarks = []
  for (let from = 0; from < ids.length; from += MARKS_PER_CALL) {
    const path = `/favorites/marks?ids=${ids.slice(from, from + MARKS_PER_CALL).join(',')}`
    const answer = await callWithSession(session, { method: 'GET', path }, (access) => send(access, path))
    if (answer === null || answer.status !== 200) return answer
    const parsed = FavoriteMarksSchema.safeParse((answer.body as { data?: unknown } | null)?.data)
    if (!parsed.success)
      return {
        status: 502,
        body: errorEnvelope('UPSTREAM_UNAVAILABLE', "The API's answer does not follow FavoriteMarksSchema"),
      }
    marks.push(...parsed.data.marks)
  }
  return marks
}
