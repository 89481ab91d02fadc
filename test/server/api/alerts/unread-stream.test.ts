import { setTimeout as sleep } from 'node:timers/promises'
import t, { type Test } from 'tap'
import { UNREAD_STREAMS_PER_USER, unreadStreams } from '../../../../server/api/alerts/unread-stream.ts'
import { apiCaller, buildTestApi, openTestDb, telegramSession } from '../../../helpers/build-api.ts'
import { openEventStream, unreadCounts, type EventStreamReader } from '../../../helpers/event-stream.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// The live unread count (docs/decisions/020-alerts-and-outbox.md): a real HTTP stream from the API,
// told by the NOTIFY that the moderator's approval and a mark-read commit.

const STREAM = '/api/v1/alerts/notifications/stream'

async function stack(t: Test) {
  const { app, db } = await buildTestApi(t)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 9001)
  const readers: EventStreamReader[] = []
  t.teardown(() => readers.forEach((r) => r.close()))
  const open = async (token: string) => {
    const reader = await openEventStream(`${base}${STREAM}`, { authorization: `Bearer ${token}` })
    readers.push(reader)
    return reader
  }
  /** A pending Berlin listing approved by the moderator over HTTP. */
  const approveNew = async () => {
    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
    })
    const res = await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
    t.equal(res.statusCode, 200, 'approved')
    return listing
  }
  return { app, db, base, call, open, approveNew }
}

const countOf = (event: { event: string; data: string }) => {
  if (event.event !== 'unread') throw new Error(`not an unread event: ${event.event}`)
  return (JSON.parse(event.data) as { unread_count: number }).unread_count
}

t.test(
  'the stream sends the count at once, a new one when an approval matches, a lower one on mark-read; another user hears nothing',
  async (t) => {
    const { app, call, open, approveNew } = await stack(t)
    const renter = await telegramSession(app, 9002)
    const other = await telegramSession(app, 9003)
    t.equal(
      (await call('POST', '/alerts', renter.token, { name: 'Berlin', filters: { city: 'berlin' } })).statusCode,
      201,
    )
    t.equal(
      (await call('POST', '/alerts', other.token, { name: 'Nowhere', filters: { city: 'atlantis' } })).statusCode,
      201,
    )

    const stream = await open(renter.token)
    t.equal(stream.status, 200)
    t.match(stream.headers['content-type'], /^text\/event-stream/)
    t.equal(stream.headers['cache-control'], 'no-cache')
    t.equal(stream.headers['x-accel-buffering'], 'no')
    t.equal(countOf(await stream.next()), 0, 'the count at once')
    const theirs = await open(other.token)
    t.equal(countOf(await theirs.next()), 0, "the other user's count at once")
    t.equal(app.unreadStreams.size, 2)

    await approveNew()
    t.equal(countOf(await stream.next()), 1, 'the approval that matched is counted without asking')

    const inbox = (await call('GET', '/alerts/notifications', renter.token)).json().data
    t.equal(inbox.unread_count, 1)
    t.equal(
      (await call('PUT', `/alerts/notifications/${inbox.notifications[0].id}/read`, renter.token)).statusCode,
      200,
    )
    t.equal(countOf(await stream.next()), 0, 'mark-read lowers it')
    // reading it again changes nothing, so nothing is sent
    t.equal(
      (await call('PUT', `/alerts/notifications/${inbox.notifications[0].id}/read`, renter.token)).statusCode,
      200,
    )
    await sleep(600)
    t.same(unreadCounts(stream), [0, 1, 0])
    t.same(unreadCounts(theirs), [0], 'the other user was told nothing')
  },
)

t.test('a burst of approvals is counted exactly, in far fewer events than approvals', async (t) => {
  const { app, call, open, approveNew } = await stack(t)
  const renter = await telegramSession(app, 9002)
  t.equal(
    (await call('POST', '/alerts', renter.token, { name: 'Berlin', filters: { city: 'berlin' } })).statusCode,
    201,
  )
  const stream = await open(renter.token)
  t.equal(countOf(await stream.next()), 0)
  await Promise.all(Array.from({ length: 20 }, () => approveNew()))
  let last = 0
  while (last !== 20) last = countOf(await stream.next())
  await sleep(600)
  const counts = unreadCounts(stream)
  t.equal(counts.at(-1), 20, 'every match counted')
  t.ok(counts.length <= 8, `a few events, not 20 (${counts.join(', ')})`)
  t.same(
    [...counts].sort((a, b) => a - b),
    counts,
    'never a count going back',
  )
})

t.test('without a session the stream is the 401 envelope', async (t) => {
  const { base } = await stack(t)
  const reader = await openEventStream(`${base}${STREAM}`)
  await reader.ended
  t.equal(reader.status, 401)
  t.equal(JSON.parse(reader.text()).error.code, 'UNAUTHENTICATED')
})

t.test('a reader that hangs up leaves no stream behind', async (t) => {
  const { app, open } = await stack(t)
  const renter = await telegramSession(app, 9002)
  const a = await open(renter.token)
  const b = await open(renter.token)
  await a.next()
  await b.next()
  t.equal(app.unreadStreams.size, 2, 'two tabs, two streams')
  a.close()
  b.close()
  const deadline = Date.now() + 5_000
  while (app.unreadStreams.size > 0 && Date.now() < deadline) await sleep(20)
  t.equal(app.unreadStreams.size, 0)
})

t.test('closing the server with open streams ends them and finishes promptly', async (t) => {
  const { app, open } = await stack(t)
  const renter = await telegramSession(app, 9002)
  const stream = await open(renter.token)
  await stream.next()
  const started = Date.now()
  await app.close()
  await stream.ended
  t.ok(Date.now() - started < 2_000, `closed in ${Date.now() - started} ms`)
  t.equal(app.unreadStreams.size, 0)
})

t.test('a heartbeat comment keeps a quiet stream open', async (t) => {
  const db = await openTestDb(t)
  const user = await makeUser(db)
  const streams = unreadStreams(db, { log: { warn() {}, error() {}, info() {} }, heartbeatMs: 50 })
  t.teardown(() => streams.close())
  const out = await streams.subscribe(user.id)
  if (!out) throw new Error('the first stream was refused')
  let text = ''
  out.setEncoding('utf8')
  out.on('data', (chunk: string) => (text += chunk))
  await sleep(180)
  t.match(text, /^event: unread\ndata: \{"unread_count":0\}\n\n: heartbeat\n\n: heartbeat\n\n/)
  await streams.close()
  t.ok(out.writableEnded, 'close() ends the stream')
})

t.test('a user holds at most UNREAD_STREAMS_PER_USER streams, also when they ask all at once', async (t) => {
  const db = await openTestDb(t)
  const [user, other] = [await makeUser(db), await makeUser(db)]
  const streams = unreadStreams(db, { log: { warn() {}, error() {}, info() {} } })
  t.teardown(() => streams.close())
  const burst = await Promise.all(Array.from({ length: 40 }, () => streams.subscribe(user.id)))
  const held = burst.filter((out) => out !== null)
  t.equal(held.length, UNREAD_STREAMS_PER_USER, 'exactly the cap of 40 asked at once')
  t.equal(streams.size, UNREAD_STREAMS_PER_USER)
  t.ok(await streams.subscribe(other.id), "another user's stream is not counted against them")
  held[0]!.destroy()
  await sleep(10)
  t.ok(await streams.subscribe(user.id), 'a closed stream frees its place')
  t.equal(await streams.subscribe(user.id), null, 'and only that one')
})
