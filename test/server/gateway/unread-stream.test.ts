import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { apiCaller, telegramSession } from '../../helpers/build-api.ts'
import { buildTestStack, SESSION_COOKIES, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { openEventStream, type EventStreamReader } from '../../helpers/event-stream.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

// The gateway passes the API's live unread count through (docs/decisions/020-alerts-and-outbox.md):
// read over a real HTTP connection to the gateway, as a browser's EventSource reads it.

const STREAM = '/api/v1/alerts/notifications/stream'
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')

const countOf = (event: { event: string; data: string }) => {
  if (event.event !== 'unread') throw new Error(`not an unread event: ${event.event}`)
  return (JSON.parse(event.data) as { unread_count: number }).unread_count
}

t.test('the gateway streams the unread count live under the session policy', async (t) => {
  const { gateway, api, db } = await buildTestStack(t)
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const readers: EventStreamReader[] = []
  t.teardown(() => readers.forEach((r) => r.close()))
  const open = async (headers: Record<string, string>) => {
    const reader = await openEventStream(`${base}${STREAM}`, headers)
    readers.push(reader)
    return reader
  }
  const streamsGone = async () => {
    const deadline = Date.now() + 5_000
    while (api.unreadStreams.size > 0 && Date.now() < deadline) await sleep(20)
    return api.unreadStreams.size
  }

  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const call = apiCaller(api)
  const admin = await telegramSession(api, 777)
  const owner = await telegramSession(api, 9001)
  const renter = await signInThroughGateway(gateway, 9002)
  t.equal(renter.res.statusCode, 200)
  const alert = await gateway.inject({
    method: 'POST',
    url: '/api/v1/alerts',
    headers: { origin: 'https://khaneh.example' },
    cookies: renter.cookies,
    payload: { name: 'Berlin', filters: { city: 'berlin' } },
  })
  t.equal(alert.statusCode, 201)

  await t.test('events pass through as they happen, uncompressed and unbuffered', async (t) => {
    const stream = await open({ cookie: cookieHeader(renter.cookies), 'accept-encoding': 'br, gzip' })
    t.equal(stream.status, 200)
    t.match(stream.headers['content-type'], /^text\/event-stream/)
    t.equal(stream.headers['cache-control'], 'no-cache')
    t.equal(stream.headers['x-accel-buffering'], 'no')
    t.equal(stream.headers['content-encoding'], undefined, 'never compressed')
    t.equal(countOf(await stream.next()), 0, 'the count at once')

    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
    })
    const approved = await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
    t.equal(approved.statusCode, 200)
    t.equal(countOf(await stream.next()), 1, 'the approval reaches the browser while the stream stays open')

    stream.close()
    t.equal(await streamsGone(), 0, "the browser's hang-up aborts the API's stream")
  })

  await t.test('without a session: the 401 envelope', async (t) => {
    const res = await gateway.inject({ url: STREAM })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error.code, 'UNAUTHENTICATED')
  })

  await t.test('an expired access token is renewed once, as for any call, and the stream opens', async (t) => {
    const stream = await open({
      cookie: cookieHeader({ [SESSION_COOKIES.access]: 'expired.x.y', [SESSION_COOKIES.refresh]: renter.refresh }),
    })
    t.equal(stream.status, 200)
    const set = [stream.headers['set-cookie'] ?? []].flat().join('\n')
    t.match(set, new RegExp(`${SESSION_COOKIES.access}=`), 'the new access token is set')
    t.match(set, new RegExp(`${SESSION_COOKIES.refresh}=`), 'the rotated refresh token is set')
    t.equal(countOf(await stream.next()), 1)
    stream.close()
    t.equal(await streamsGone(), 0)
  })

  await t.test('a refresh token that fails: 401, cookies cleared', async (t) => {
    const res = await gateway.inject({
      url: STREAM,
      cookies: { [SESSION_COOKIES.access]: 'bad.x.y', [SESSION_COOKIES.refresh]: 'not-a-real-refresh-token-000000000' },
    })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error.code, 'UNAUTHENTICATED')
  })

  await t.test('closing the gateway with a stream open ends it promptly', async (t) => {
    const stream = await open({ cookie: cookieHeader(renter.cookies) })
    t.equal(countOf(await stream.next()), 1)
    const started = Date.now()
    await gateway.close()
    await stream.ended
    t.ok(Date.now() - started < 2_000, `closed in ${Date.now() - started} ms`)
    t.equal(await streamsGone(), 0, "and the API's stream with it")
  })
})

t.test('the API out of reach: the 502 envelope, as for any call', async (t) => {
  const { gateway } = await buildTestStack(t, { apiUrl: 'http://127.0.0.1:9' })
  const res = await gateway.inject({ url: STREAM })
  t.equal(res.statusCode, 502)
  t.equal(res.json().error.code, 'UPSTREAM_UNAVAILABLE')
})
