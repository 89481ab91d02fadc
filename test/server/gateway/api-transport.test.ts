import t from 'tap'
import {
  notingViewerChecks,
  viewerSavedListings,
  serverTransport,
  type ViewerChecks,
} from '../../../server/gateway/api-transport.ts'
import { noSession, type RequestSession } from '../../../server/gateway/session.ts'
import { UpstreamError, type Upstream } from '../../../server/gateway/upstream.ts'

const ok = <T>(data: T) => ({ status: 200, body: { success: true, data, error: null, timestamp: '' } })

const signedIn = (renew: () => Promise<string | undefined> = async () => undefined): RequestSession => ({
  access: () => 'access.token.x',
  renew,
  end: () => {},
  signOut: async () => {},
  begin: () => {},
  setCookies: () => [],
})

interface Sent {
  path: string
  authorization?: string
  anonymous?: boolean
}

/** A scripted API: answers by path, and records what the transport sent. */
function fakeUpstream(answer: (req: Sent) => { status: number; body: unknown }) {
  const sent: Sent[] = []
  const upstream = {
    json: async (req: { path: string; headers?: Record<string, string>; anonymous?: boolean }) => {
      const call = { path: req.path, authorization: req.headers?.authorization, anonymous: req.anonymous }
      sent.push(call)
      return answer(call)
    },
  } as unknown as Upstream
  return { upstream, sent }
}

const visitor = { id: 'req-1', ip: '203.0.113.9' }

t.test(
  "page loaders' reads of places and of the search go without the session's token; the rest carry it",
  async (t) => {
    const { upstream, sent } = fakeUpstream(() => ok(null))
    const transport = serverTransport(upstream, visitor, signedIn())
    await transport('/locations/countries?language=en')
    await transport('/locations/cities/search?q=ber')
    await transport('/listings?language=en')
    await transport('/favorites')
    t.same(sent, [
      // the same answer for everyone: shared with anonymous readers (the gateway's cache)
      { path: '/api/v1/locations/countries?language=en', authorization: undefined, anonymous: true },
      { path: '/api/v1/locations/cities/search?q=ber', authorization: undefined, anonymous: true },
      // the search too; a signed-in reader's marks are asked for apart (none here: the page had no listings)
      { path: '/api/v1/listings?language=en', authorization: undefined, anonymous: true },
      { path: '/api/v1/favorites', authorization: 'Bearer access.token.x', anonymous: false },
    ])
  },
)

t.test("a signed-in reader's search is the shared answer with their marks on it", async (t) => {
  const page = ok({
    listings: [
      { id: 1, is_favorited: false, favorited_at: null },
      { id: 2, is_favorited: false, favorited_at: null },
    ],
    pagination: { total_items: 2 },
  })
  let marks = [{ listing_id: 2, favorited_at: '2026-11-01T10:00:00.000Z' }]
  const { upstream, sent } = fakeUpstream((req) => (req.path.startsWith('/api/v1/listings') ? page : ok({ marks })))
  const transport = serverTransport(upstream, visitor, signedIn())

  const marked = await transport('/listings?language=en&sort=newest')
  t.same(sent, [
    { path: '/api/v1/listings?language=en&sort=newest', authorization: undefined, anonymous: true },
    { path: '/api/v1/favorites/marks?ids=1,2', authorization: 'Bearer access.token.x', anonymous: false },
  ])
  t.same(marked, {
    status: 200,
    body: {
      ...page.body,
      data: {
        listings: [
          { id: 1, is_favorited: false, favorited_at: null },
          { id: 2, is_favorited: true, favorited_at: '2026-11-01T10:00:00.000Z' },
        ],
        pagination: { total_items: 2 },
      },
    },
  })
  t.equal(page.body.data.listings[1]!.is_favorited, false, 'the shared answer is left as it is')

  marks = []
  t.equal((await transport('/listings?language=en')).body, page.body, 'no marks: the shared answer itself')
})

t.test('a session that is over reads the search unmarked; a failing marks call fails the read', async (t) => {
  const page = ok({ listings: [{ id: 7, is_favorited: false, favorited_at: null }] })
  let marksStatus = 401
  const { upstream, sent } = fakeUpstream((req) =>
    req.path.startsWith('/api/v1/listings')
      ? page
      : { status: marksStatus, body: { success: false, data: null, error: { code: 'X', message: 'x' } } },
  )
  let renewals = 0
  const over = serverTransport(
    upstream,
    visitor,
    signedIn(async () => {
      renewals++
      return undefined
    }),
  )
  t.equal((await over('/listings?language=en')).body, page.body)
  t.equal(renewals, 1, 'a 401 renews the session once first')
  t.equal(sent.length, 2)

  marksStatus = 503
  t.match(await over('/listings?language=en'), { status: 503, body: { success: false } })
})

t.test('marks are asked for a hundred listings at a time (the most one call names)', async (t) => {
  const listings = Array.from({ length: 230 }, (_, i) => ({ id: i + 1, is_favorited: false, favorited_at: null }))
  const page = ok({ listings })
  const { upstream, sent } = fakeUpstream((req) =>
    req.path.startsWith('/api/v1/listings')
      ? page
      : ok({
          marks: req.path.includes('ids=201,') ? [{ listing_id: 230, favorited_at: '2026-11-01T10:00:00.000Z' }] : [],
        }),
  )
  const marked = await serverTransport(upstream, visitor, signedIn())('/listings?language=en')
  const calls = sent.filter((s) => s.path.startsWith('/api/v1/favorites/marks')).map((s) => s.path.split('ids=')[1]!)
  t.same(
    calls.map((ids) => ids.split(',').length),
    [100, 100, 30],
  )
  t.equal(calls[2], Array.from({ length: 30 }, (_, i) => i + 201).join(','))
  const data = (marked.body as { data: { listings: Array<{ id: number; is_favorited: boolean }> } }).data
  t.same(
    data.listings.filter((l) => l.is_favorited).map((l) => l.id),
    [230],
  )
})

t.test(
  "notingViewerChecks: the listings of a render's searches, and its reads that may be a reader's own",
  async (t) => {
    const { upstream } = fakeUpstream((req) =>
      req.path.startsWith('/api/v1/listings?')
        ? ok({ listings: [{ id: req.path.includes('page=2') ? 21 : 1 }, { id: 2 }] })
        : ok({ listings: [{ id: 99 }] }),
    )
    // (as the shared render reads: with no session)
    const noted = notingViewerChecks(serverTransport(upstream, visitor, noSession))
    await noted.transport('/listings?language=en')
    await noted.transport('/listings?language=en&page=2')
    await noted.transport('/locations/countries?language=en')
    await noted.transport('/content/en?slug=about-us')
    await noted.transport('/listings/room-in-berlin-1a?language=en')
    await noted.transport('/listings/7/view', { method: 'POST', body: {} })
    const checks = noted.checks()
    t.same(
      checks.listingIds.sort((a, b) => a - b),
      [1, 2, 21],
    )
    t.same(checks.reads, ['/listings/room-in-berlin-1a?language=en'], 'places and content name nothing of the reader')
  },
)

t.test(
  "viewerSavedListings: which of the copy's listings a reader saved, when nothing else they read differs from anyone's",
  async (t) => {
    const listing = { id: 7, contact: null, is_favorited: false, favorited_at: null }
    let theirs: { status: number; body: unknown } = ok(listing)
    let marks: unknown = []
    let marksAnswer: { status: number; body: unknown } | undefined
    const { upstream, sent } = fakeUpstream((req) => {
      if (req.path.startsWith('/api/v1/favorites/marks')) return marksAnswer ?? ok({ marks })
      return req.authorization ? theirs : ok(listing)
    })
    const saved = (checks: ViewerChecks, on: Upstream = upstream) =>
      viewerSavedListings(on, visitor, signedIn(), checks)
    const checks = { listingIds: [3, 4, 5], reads: ['/listings/room-7?language=en'] }
    t.same(await saved(checks), [], 'none saved: the copy as it is')
    t.same(
      sent.map((s) => [s.path, s.anonymous, s.authorization]).sort(),
      [
        ['/api/v1/favorites/marks?ids=3,4,5', false, 'Bearer access.token.x'],
        ['/api/v1/listings/room-7?language=en', false, 'Bearer access.token.x'],
        ['/api/v1/listings/room-7?language=en', true, undefined],
      ],
      "the reader's marks and read with their token, anyone's read from the shared cache",
    )
    sent.length = 0
    t.same(await saved({ listingIds: [], reads: [] }), [], 'nothing to check')
    t.equal(sent.length, 0, 'and no call')

    marks = [
      { listing_id: 5, favorited_at: '2026-11-01T10:00:00.000Z' },
      { listing_id: 3, favorited_at: '2026-11-02T10:00:00.000Z' },
    ]
    t.same(await saved(checks), [3, 5], 'the saved ones, in the order the page shows them')
    marks = 'not a list'
    t.equal(await saved(checks), null, 'an answer that is not marks')
    marks = []

    theirs = ok({ ...listing, contact: '+49 30 1234567' })
    t.equal(await saved(checks), null, 'a contact they opened')
    theirs = ok({ ...listing, is_owner: true })
    t.equal(await saved(checks), null, 'their own listing')
    theirs = ok({ ...listing, is_favorited: true, favorited_at: '2026-11-03T10:00:00.000Z' })
    t.same(await saved(checks), [7], 'the page of a listing they saved: that listing')
    marks = [{ listing_id: 3, favorited_at: '2026-11-01T10:00:00.000Z' }]
    t.same(await saved(checks), [3, 7], 'with the saved ones of its searches')
    marks = []
    theirs = ok({ ...listing, is_favorited: true, favorited_at: '2026-11-03T10:00:00.000Z', contact: '+49 30 1234567' })
    t.equal(await saved(checks), null, 'a listing they saved and whose contact they opened')
    theirs = { status: 404, body: { success: false, data: null, error: { code: 'NOT_FOUND', message: 'x' } } }
    t.equal(await saved(checks), null, 'an answer of another status')
    theirs = { status: 401, body: { success: false, data: null, error: { code: 'X', message: 'x' } } }
    t.equal(await saved(checks), null, 'a session that is over')
    marksAnswer = theirs
    t.equal(await saved({ listingIds: [3], reads: [] }), null, 'a session that is over, asked for marks')

    const down = {
      json: async () => {
        throw new UpstreamError(502, new Error('connect ECONNREFUSED'))
      },
    } as unknown as Upstream
    t.equal(await saved(checks, down), null, 'the API is down')
  },
)
