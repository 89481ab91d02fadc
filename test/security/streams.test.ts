import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { UNREAD_STREAMS_PER_USER } from '../../server/api/alerts/unread-stream.ts'
import { buildTestStack, signInThroughGateway } from '../helpers/build-gateway.ts'
import { openEventStream, type EventStreamReader } from '../helpers/event-stream.ts'

// Live unread streams cannot stall the site (docs/decisions/020-alerts-and-outbox.md, "Live unread
// count"): a per-user cap in the API, a cap per gateway process, and connections of their own.

const STREAM = '/api/v1/alerts/notifications/stream'
/** The gateway's pool of connections to the API for ordinary calls, as in production. */
const ORDINARY_POOL = 128

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')

/** A call over real HTTP that must answer within `ms`; its status, or 'hung'. */
async function statusWithin(url: string, headers: Record<string, string>, ms = 5_000): Promise<number | 'hung'> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(ms) })
    await res.arrayBuffer()
    return res.status
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return 'hung'
    throw err
  }
}

async function waitFor(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms
  while (!check() && Date.now() < deadline) await sleep(20)
  return check()
}

t.test('one user opening many streams: the API holds a few, the rest are refused 429 with Retry-After', async (t) => {
  const { gateway, api } = await buildTestStack(t)
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const user = await signInThroughGateway(gateway, 5001)
  const headers = { cookie: cookieHeader(user.cookies) }
  const readers: EventStreamReader[] = []
  t.teardown(() => readers.forEach((r) => r.close()))

  // a flood: 150 at once, as a script would open them
  readers.push(...(await Promise.all(Array.from({ length: 150 }, () => openEventStream(`${base}${STREAM}`, headers)))))
  const held = readers.filter((r) => r.status === 200)
  const refused = readers.filter((r) => r.status === 429)
  t.equal(held.length, UNREAD_STREAMS_PER_USER, 'the cap, exactly')
  t.equal(refused.length, 150 - UNREAD_STREAMS_PER_USER)
  await Promise.all(refused.map((r) => r.ended))
  t.equal(refused[0]!.headers['retry-after'], '30')
  t.match(JSON.parse(refused[0]!.text()), { success: false, error: { code: 'RATE_LIMITED' } })
  t.ok(await waitFor(() => api.unreadStreams.size === UNREAD_STREAMS_PER_USER), 'the API holds only the cap')

  held[0]!.close()
  t.ok(await waitFor(() => api.unreadStreams.size === UNREAD_STREAMS_PER_USER - 1), 'a closed tab frees its place')
  const again = await openEventStream(`${base}${STREAM}`, headers)
  readers.push(again)
  t.equal(again.status, 200, 'which the next stream takes')
})

t.test('more open streams than the ordinary pool holds: calls, pages and /readyz still answer', async (t) => {
  const { gateway } = await buildTestStack(t)
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const readers: EventStreamReader[] = []
  t.teardown(() => readers.forEach((r) => r.close()))
  // enough users, each within the cap, to hold more streams than the pool has connections
  const users = Math.ceil((ORDINARY_POOL + 8) / UNREAD_STREAMS_PER_USER)
  for (let i = 0; i < users; i++) {
    const user = await signInThroughGateway(gateway, 6000 + i)
    const headers = { cookie: cookieHeader(user.cookies) }
    const opened = await Promise.all(
      Array.from({ length: UNREAD_STREAMS_PER_USER }, () => openEventStream(`${base}${STREAM}`, headers)),
    )
    readers.push(...opened)
  }
  t.equal(readers.filter((r) => r.status === 200).length, users * UNREAD_STREAMS_PER_USER, 'every stream open')

  const someone = await signInThroughGateway(gateway, 7001)
  const signedIn = { cookie: cookieHeader(someone.cookies) }
  t.equal(await statusWithin(`${base}/api/v1/users/profile`, signedIn), 200, 'a signed-in call')
  t.equal(await statusWithin(`${base}/api/v1/listings?limit=3&page=2`, {}), 200, 'an anonymous search')
  t.equal(await statusWithin(`${base}/en/dashboard`, signedIn), 200, 'a signed-in page')
  t.equal(await statusWithin(`${base}/en/listings?page=2`, {}), 200, 'an uncached page')
  t.equal(await statusWithin(`${base}/readyz`, {}), 200, '/readyz')
})

t.test('past the gateway process’s own cap, a new stream is refused 503 with Retry-After at once', async (t) => {
  const { gateway, api } = await buildTestStack(t, { maxUnreadStreams: 3 })
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const readers: EventStreamReader[] = []
  t.teardown(() => readers.forEach((r) => r.close()))
  const first = await signInThroughGateway(gateway, 8001)
  const second = await signInThroughGateway(gateway, 8002)
  for (const user of [first, first, second])
    readers.push(await openEventStream(`${base}${STREAM}`, { cookie: cookieHeader(user.cookies) }))
  t.same(
    readers.map((r) => r.status),
    [200, 200, 200],
  )
  const over = await openEventStream(`${base}${STREAM}`, { cookie: cookieHeader(second.cookies) })
  readers.push(over)
  t.equal(over.status, 503)
  t.ok(Number(over.headers['retry-after']) > 0, 'with Retry-After')
  await over.ended
  t.match(JSON.parse(over.text()), { success: false, error: { code: 'SERVICE_UNAVAILABLE' } })
  t.equal(api.unreadStreams.size, 3, 'the refused one never reached the API')
  t.equal(await statusWithin(`${base}/readyz`, {}), 200)

  readers[0]!.close()
  await sleep(100)
  const next = await openEventStream(`${base}${STREAM}`, { cookie: cookieHeader(second.cookies) })
  readers.push(next)
  t.equal(next.status, 200, 'a closed stream frees its place')
})
