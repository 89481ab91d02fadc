import { isDeepStrictEqual } from 'node:util'
import type { Transport } from '../../client/lib/api/call.ts'
import { FavoriteMarksSchema, withFavoriteMarks, type FavoriteMarks } from '../../shared/schemas/listing.ts'
import { errorAnswer, okEnvelope } from '../lib/errors.ts'
import {
  apiHeaders,
  callWithSession,
  isSharedRead,
  SESSION_ISSUING,
  signedInOf,
  type RequestSession,
  type Viewer,
} from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

type Answer = Awaited<ReturnType<Transport>>

/** The public search (GET /listings with its filters): the same for everyone but for the viewer's favourite marks. */
const isSearch = (path: string): boolean => /^\/listings(\?|$)/.test(path)

const listingsOf = (body: unknown): Array<{ id: number }> | undefined => {
  const data = (body as { success?: unknown; data?: { listings?: unknown } } | null)?.data
  return Array.isArray(data?.listings) ? (data.listings as Array<{ id: number }>) : undefined
}

type Send = (access: string | undefined, path: string, init?: Parameters<Transport>[1]) => Promise<Answer>

/** One API call from the gateway for a viewer, with the token it is given (none: anonymous, and shareable). */
function sender(upstream: Upstream, viewer: Viewer): Send {
  return (access, path, init) =>
    upstream.json({
      method: init?.method ?? 'GET',
      path: `/api/v1${path}`,
      headers: {
        ...init?.headers,
        accept: 'application/json',
        ...apiHeaders(viewer, access),
        ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init?.signal,
      anonymous: !access,
    })
}

/**
 * The page loaders' transport on the server: straight to the API over the gateway's pooled client,
 * under the request's session (session.ts holds the policy). Anonymous reads, and a signed-in viewer's
 * reads that name nothing of them (`isSharedRead`), are the API's cached public answers, one call for
 * identical reads in flight (docs/decisions/006-caches-and-their-lifetimes.md).
 * A signed-in viewer's search is the shared answer with their marks on it (`markedSearch`).
 */
export function serverTransport(upstream: Upstream, viewer: Viewer, session: RequestSession): Transport {
  const send = sender(upstream, viewer)
  return async (path, init) => {
    const method = init?.method ?? 'GET'
    try {
      if (method === 'GET' && isSharedRead(path)) return await send(undefined, path, init)
      if (method === 'POST' && SESSION_ISSUING.has(path)) return signIn(await send(undefined, path, init), session)
      // as the proxy does: the refresh token revoked, the cookies cleared with the page's answer
      if (method === 'POST' && path === '/auth/logout') {
        await session.signOut()
        return { status: 200, body: okEnvelope({ logged_out: true }) }
      }
      if (method === 'GET' && isSearch(path) && session.access() !== undefined)
        return await markedSearch(await send(undefined, path, init), session, send)
      return (
        (await callWithSession(session, { method, path }, (access) => send(access, path, init))) ??
        errorAnswer('UNAUTHENTICATED')
      )
    } catch (err) {
      if (err instanceof UpstreamError) return errorAnswer(err.code, err.message)
      throw err
    }
  }
}

/**
 * A page's action signing in (a form sent without the app, docs/decisions/041-forms-without-javascript.md):
 * the session starts for the rest of the request and its cookies go out with the answer; the action
 * sees only the user, as the browser does through the proxy.
 */
function signIn(answer: Answer, session: RequestSession): Answer {
  if (answer.status !== 200 && answer.status !== 201) return answer
  const signedIn = signedInOf(answer)
  if (!signedIn) return errorAnswer('UPSTREAM_UNAVAILABLE', "The API's sign-in answer holds no session")
  session.begin(signedIn.tokens)
  return { status: answer.status, body: okEnvelope({ user: signedIn.user }) }
}

/** What a signed-in viewer's copy of a page was read from, beyond what is the same for everyone. */
export interface ViewerChecks {
  /** The listings of its searches: a viewer who saved one of them sees it marked. */
  listingIds: number[]
  /** Its other reads (a listing's page): a viewer may see them otherwise (their listing, a contact they opened). */
  reads: string[]
}

/**
 * A transport that notes what a signed-in viewer's copy must be checked against for each viewer
 * (docs/decisions/024-page-render-cache.md): the listings of every search it answers, and every other
 * GET but the reads that name nothing of the viewer (`isSharedRead`).
 */
export function notingViewerChecks(transport: Transport): { transport: Transport; checks: () => ViewerChecks } {
  const ids = new Set<number>()
  const reads = new Set<string>()
  return {
    transport: async (path, init) => {
      const answer = await transport(path, init)
      if ((init?.method ?? 'GET') !== 'GET') return answer
      if (isSearch(path)) {
        if (answer.status === 200) for (const listing of listingsOf(answer.body) ?? []) ids.add(listing.id)
      } else if (!isSharedRead(path)) reads.add(path)
      return answer
    },
    checks: () => ({ listingIds: [...ids], reads: [...reads] }),
  }
}

/** An answer's data, what a page reads of it (the envelope's timestamp is each answer's own). */
const dataOf = (answer: Answer): unknown => (answer.body as { data?: unknown } | null)?.data

/**
 * Which of the viewers' copy's listings this viewer saved, when the copy is otherwise their page too:
 * each of its other reads answers them exactly as it answers anyone, or but for their mark on the
 * listing it reads (a listing's page they saved). None saved: the copy is theirs as it is; some: it is
 * theirs with those marked (`savedListingsEnd`). Null when the copy is not their page, or when that
 * could not be learnt (the session is over, the API failed): the caller renders the page for them.
 */
export async function viewerSavedListings(
  upstream: Upstream,
  viewer: Viewer,
  session: RequestSession,
  checks: ViewerChecks,
): Promise<number[] | null> {
  const send = sender(upstream, viewer)
  /** A read as the viewer gets it: anyone's (true), anyone's but for their mark on this listing (its id), or theirs alone (false). */
  const readAsAnyone = async (path: string): Promise<boolean | number> => {
    // (a session found over reads a public listing anonymously: that answer is anyone's, not theirs)
    let asViewer = false
    const [theirs, anyone] = await Promise.all([
      callWithSession(session, { method: 'GET', path }, (access) => {
        asViewer = access !== undefined
        return send(access, path)
      }),
      send(undefined, path),
    ])
    if (!asViewer || theirs === null || theirs.status !== anyone.status) return false
    return isDeepStrictEqual(dataOf(theirs), dataOf(anyone)) || (savedMarkOn(dataOf(theirs), dataOf(anyone)) ?? false)
  }
  try {
    const [saved, ...reads] = await Promise.all([
      savedOf(checks.listingIds, session, send),
      ...checks.reads.map(readAsAnyone),
    ])
    if (saved === null || reads.includes(false)) return null
    const savedPages = reads.filter((read) => typeof read === 'number')
    return savedPages.length === 0 ? saved : [...new Set([...saved, ...savedPages])]
  } catch (err) {
    if (err instanceof UpstreamError) return null
    throw err
  }
}

/** The id of the listing a viewer's answer is, when it is anyone's answer but for their mark on it (`is_favorited`, `favorited_at`). */
function savedMarkOn(theirs: unknown, anyone: unknown): number | undefined {
  const listing = theirs as { id?: unknown; is_favorited?: unknown } | null
  if (listing?.is_favorited !== true || typeof listing.id !== 'number') return undefined
  return isDeepStrictEqual({ ...listing, is_favorited: false, favorited_at: null }, anyone) ? listing.id : undefined
}

/** Which of these listings the viewer saved, in their order; null when that could not be learnt (the session is over, or the API failed). */
async function savedOf(ids: number[], session: RequestSession, send: Send): Promise<number[] | null> {
  if (ids.length === 0) return []
  const marks = await viewerMarks(ids, session, send)
  if (!Array.isArray(marks)) return null
  const saved = new Set(marks.map((mark) => mark.listing_id))
  return ids.filter((id) => saved.has(id))
}

/**
 * A signed-in viewer's search: the anonymous answer (the API's shared, pre-serialized entry) with
 * their favourites marked from GET /favorites/marks, which is all the API's
 * signed-in search adds. When none is marked — most pages — the shared body itself is answered
 * (docs/decisions/028-signed-in-render.md). A session
 * that turns out to be over reads the page unmarked, as the API would answer it anonymously.
 */
async function markedSearch(search: Answer, session: RequestSession, send: Send): Promise<Answer> {
  const listings = listingsOf(search.body)
  if (search.status !== 200 || !listings || listings.length === 0) return search
  const marks = await viewerMarks(
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
 * Which of these listings the viewer saved (GET /favorites/marks, a call per hundred): the marks;
 * null when the session turned out to be over; the API's answer when it failed.
 */
async function viewerMarks(ids: number[], session: RequestSession, send: Send): Promise<FavoriteMarks | Answer | null> {
  const marks: FavoriteMarks = []
  for (let from = 0; from < ids.length; from += MARKS_PER_CALL) {
    const path = `/favorites/marks?ids=${ids.slice(from, from + MARKS_PER_CALL).join(',')}`
    const answer = await callWithSession(session, { method: 'GET', path }, (access) => send(access, path))
    if (answer === null || answer.status !== 200) return answer
    const parsed = FavoriteMarksSchema.safeParse((answer.body as { data?: unknown } | null)?.data)
    if (!parsed.success)
      return errorAnswer('UPSTREAM_UNAVAILABLE', "The API's answer does not follow FavoriteMarksSchema")
    marks.push(...parsed.data.marks)
  }
  return marks
}
