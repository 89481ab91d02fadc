import { request as httpGet, type IncomingMessage } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { buildGateway } from '../../../server/gateway/app.ts'
import type { PageRenderer } from '../../../server/gateway/ssr/renderer.ts'
import type { PhotoStore } from '../../../server/integrations/photos/photo-store.ts'
import { telegramPhotoStore } from '../../../server/integrations/photos/telegram-store.ts'
import { buildTestApi, telegramSession } from '../../helpers/build-api.ts'
import { startFakeBotApi, type FakeBotApi } from '../../helpers/fake-telegram-bot-api.ts'

/** These tests never render a page, so they need no client build. */
const noPages: PageRenderer = {
  render: async () => {
    throw new Error('no pages in the photo tests')
  },
}

async function fakeFor(t: Test): Promise<FakeBotApi> {
  const fake = await startFakeBotApi()
  t.teardown(() => fake.close())
  return fake
}

const storeFor = (fake: FakeBotApi, timeoutMs = 1_500, apiBase = fake.url) =>
  telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase, timeoutMs })

async function gatewayWith(t: Test, apiUrl: string, photos: PhotoStore) {
  const gateway = await buildGateway({
    apiUrl,
    publicBaseUrl: 'https://khaneh.example',
    renderer: noPages,
    photos,
    logLevel: 'silent',
  })
  t.teardown(() => gateway.close())
  return gateway
}

/** The real gateway in front of the real API (on a loopback port), both with the Telegram photo store. */
async function stackWith(t: Test, photos: PhotoStore) {
  const { app: api, db } = await buildTestApi(t, { photos })
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  return { api, db, apiUrl, gateway: await gatewayWith(t, apiUrl, photos) }
}

/** Nothing the gateway or the API answers may carry the bot token, in the body or in a header. */
function assertNoToken(t: Test, res: { body: string; headers: Record<string, unknown> }, token: string) {
  t.notOk(res.body.includes(token), 'no token in the body')
  t.notOk(JSON.stringify(res.headers).includes(token), 'no token in the headers')
}

const totalCalls = (fake: FakeBotApi) => fake.requests.length

t.test('/api/telegramFile with the Telegram photo store', async (t) => {
  const fake = await fakeFor(t)
  const { api, apiUrl, gateway } = await stackWith(t, storeFor(fake))
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  const me = await telegramSession(api, 9301)
  const body = new FormData()
  body.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg')
  const uploaded = await api.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { authorization: `Bearer ${me.token}` },
    payload: body,
  })

  await t.test('an upload through the API stores both variants in Telegram and answers its file ids', async (t) => {
    t.equal(uploaded.statusCode, 200, uploaded.body)
    const [photo] = uploaded.json().data.photos
    t.ok(fake.documents.has(photo.file_id), 'the large variant is a Telegram document')
    t.ok(fake.documents.has(photo.thumb_file_id), 'so is the small one')
    t.match(photo, {
      width: 900,
      height: 600,
      url: `/api/telegramFile/${photo.file_id}`,
      thumb_url: `/api/telegramFile/${photo.thumb_file_id}`,
    })
    t.match(fake.documents.get(photo.file_id), { chatId: fake.chatId, mimeType: 'image/webp', fileName: 'photo.webp' })
    assertNoToken(t, uploaded, fake.token)
  })

  await t.test('a photo streams from Telegram: image type, a year of immutable caching, the id as ETag', async (t) => {
    const { url, file_id: fileId } = uploaded.json().data.photos[0]
    const res = await gateway.inject({ url })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-type'], 'image/webp')
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    t.equal(res.headers.etag, `"${fileId}"`)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(Number(res.headers['content-length']), fake.documents.get(fileId)!.bytes.length)
    t.same(res.rawPayload, fake.documents.get(fileId)!.bytes, 'the bytes Telegram holds')
    assertNoToken(t, { body: '', headers: res.headers }, fake.token)
    const before = totalCalls(fake)
    const again = await gateway.inject({ url, headers: { 'if-none-match': `"${fileId}"` } })
    t.equal(again.statusCode, 304, 'revalidation with the ETag')
    t.equal(totalCalls(fake), before, 'a 304 asks Telegram nothing')
  })

  await t.test('a bad id → 400 before any call to Telegram', async (t) => {
    const before = totalCalls(fake)
    for (const url of [
      '/api/telegramFile/..%2F..%2Fetc%2Fpasswd',
      `/api/telegramFile/${'a'.repeat(201)}`,
      '/api/telegramFile/abc%20def',
    ]) {
      const res = await gateway.inject({ url })
      t.equal(res.statusCode, 400, url)
      t.equal(res.json().error.code, 'VALIDATION_ERROR')
    }
    t.equal(totalCalls(fake), before)
  })

  await t.test('an id Telegram does not know → 404, not cached', async (t) => {
    const res = await gateway.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAInotAfileWeEverSent' })
    t.equal(res.statusCode, 404)
    t.equal(res.json().error.code, 'NOT_FOUND')
    t.equal(res.headers['cache-control'], 'no-store')
    assertNoToken(t, res, fake.token)
  })

  await t.test('Telegram silent → 504 UPSTREAM_TIMEOUT envelope', async (t) => {
    const fileId = uploaded.json().data.photos[0].thumb_file_id
    for (const stall of [{ getFile: 'hang' }, { download: 'hang' }] as const) {
      fake.stall = stall
      const res = await gateway.inject({ url: `/api/telegramFile/${fileId}` })
      fake.stall = {}
      t.equal(res.statusCode, 504, JSON.stringify(stall))
      t.match(res.json(), { success: false, error: { code: 'UPSTREAM_TIMEOUT' } })
      t.equal(res.headers['cache-control'], 'no-store', 'a failure is not cached')
      assertNoToken(t, res, fake.token)
    }
  })

  await t.test('the reader leaving aborts the Telegram download', async (t) => {
    const patient = await gatewayWith(t, apiUrl, storeFor(fake, 10_000))
    const base = await patient.listen({ host: '127.0.0.1', port: 0 })
    const { url } = uploaded.json().data.photos[0]
    for (const stall of ['hang', 'stall'] as const) {
      fake.stall = { download: stall }
      const closed = fake.closedEarly
      const started = Date.now()
      const req = httpGet(`${base}${url}`)
      req.on('error', () => {})
      // 'stall' sends the headers and a first chunk: leave after them; 'hang' sends nothing: leave soon
      if (stall === 'stall') req.on('response', (res) => res.once('data', () => req.destroy()))
      else setTimeout(() => req.destroy(), 100)
      req.end()
      await fake.waitForClosedEarly(closed + 1)
      t.ok(Date.now() - started < 2_000, `${stall}: the upstream request closed at once, long before its 10 s timeout`)
    }
    fake.stall = {}
  })
})

t.test('/api/telegramFile with a Telegram download that never ends', async (t) => {
  const fake = await fakeFor(t)
  // the idle timeout is long: only the 1.5 s deadline can end these downloads in time
  const store = telegramPhotoStore({
    botToken: fake.token,
    chatId: fake.chatId,
    apiBase: fake.url,
    timeoutMs: 10_000,
    deadlineMs: 1_500,
  })
  const { apiUrl } = await stackWith(t, store)
  const gateway = await gatewayWith(t, apiUrl, store)
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  const url = `/api/telegramFile/${fake.addFile('room.jpg', jpeg)}`
  t.afterEach(() => void (fake.stall = {}))

  await t.test('no answer by the deadline → 504 UPSTREAM_TIMEOUT envelope, long before the idle timeout', async (t) => {
    fake.stall = { download: 'hang' }
    const closed = fake.closedEarly
    const started = Date.now()
    const res = await Promise.race([gateway.inject({ url }), sleep(6_000, null, { ref: false })])
    t.ok(res, 'answered within 6 s')
    t.equal(res?.statusCode, 504)
    t.match(res?.json(), { success: false, error: { code: 'UPSTREAM_TIMEOUT' } })
    t.equal(res?.headers['cache-control'], 'no-store')
    t.ok(Date.now() - started < 5_000, 'at the deadline')
    t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Telegram request was closed')
  })

  await t.test(
    'a download trickling for ever: 200 and bytes, then the response is cut at the deadline and the Telegram request closed',
    async (t) => {
      fake.stall = { download: 'trickle' }
      const closed = fake.closedEarly
      const started = Date.now()
      const req = httpGet(`${base}${url}`)
      req.on('error', () => {})
      t.teardown(() => req.destroy())
      const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve).end())
      t.equal(res.statusCode, 200, 'the headers went out with the first bytes')
      let received = 0
      res.on('data', (chunk: Buffer) => void (received += chunk.length))
      res.on('error', () => {})
      const ended = await Promise.race([
        new Promise((resolve) => res.once('close', () => resolve('closed'))),
        sleep(6_000, 'still open', { ref: false }),
      ])
      t.equal(ended, 'closed', 'the response ended within 6 s')
      t.notOk(res.complete, 'cut, not completed')
      t.ok(Date.now() - started < 5_000, 'at the deadline')
      t.ok(received > 10, `bytes kept arriving until then (${received})`)
      t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Telegram request was closed')
    },
  )
})

t.test('Telegram down', async (t) => {
  const fake = await fakeFor(t)
  const down = await startFakeBotApi({ token: fake.token })
  await down.close() // nothing listens on its port any more
  const { api, db, gateway } = await stackWith(t, storeFor(fake, 1_500, down.url))

  await t.test('a photo → 502 UPSTREAM_UNAVAILABLE envelope without the token', async (t) => {
    const res = await gateway.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAIsomeFileId' })
    t.equal(res.statusCode, 502)
    t.match(res.json(), { success: false, error: { code: 'UPSTREAM_UNAVAILABLE' } })
    assertNoToken(t, res, fake.token)
  })

  await t.test('an upload → 502 UPSTREAM_UNAVAILABLE, nothing recorded', async (t) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const me = await telegramSession(api, 9302)
    const body = new FormData()
    body.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png')
    const res = await api.inject({
      method: 'POST',
      url: '/api/v1/upload/photos',
      headers: { authorization: `Bearer ${me.token}` },
      payload: body,
    })
    t.equal(res.statusCode, 502)
    t.equal(res.json().error.code, 'UPSTREAM_UNAVAILABLE')
    assertNoToken(t, res, fake.token)
    t.same(await db.query(`SELECT id FROM uploads WHERE user_id = $1`, [me.user.id]), [])
  })
})
