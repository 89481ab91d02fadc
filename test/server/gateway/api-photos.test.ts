import { createServer } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { apiPhotoSource } from '../../../server/gateway/api-photos.ts'
import { buildGateway } from '../../../server/gateway/app.ts'
import type { PhotoSource } from '../../../server/gateway/photos.routes.ts'
import type { PageRenderer } from '../../../server/gateway/ssr/renderer.ts'
import { telegramPhotoStore } from '../../../server/integrations/photos/telegram-store.ts'
import { buildTestApi, telegramSession } from '../../helpers/build-api.ts'
import { startFakeBotApi } from '../../helpers/fake-telegram-bot-api.ts'

// A pure gateway (ROLE=gateway, docs/decisions/031-process-roles.md) holds no photo store: it streams
// photos from the API's GET /api/v1/photos/{fileId}, keeping /api/telegramFile's answers.

/** These tests never render a page, so they need no client build. */
const noPages: PageRenderer = {
  render: async () => {
    throw new Error('no pages in the photo tests')
  },
}

async function gatewayWith(t: Test, apiUrl: string, photos: PhotoSource) {
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

t.test('a gateway without a store, in front of an API with the Telegram store', async (t) => {
  const fake = await startFakeBotApi()
  t.teardown(() => fake.close())
  const store = telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase: fake.url, timeoutMs: 500 })
  const { app: api } = await buildTestApi(t, { photos: store })
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  const gateway = await gatewayWith(t, apiUrl, apiPhotoSource(apiUrl))

  const me = await telegramSession(api, 9401)
  const body = new FormData()
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  body.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg')
  const uploaded = await api.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { authorization: `Bearer ${me.token}` },
    payload: body,
  })
  t.equal(uploaded.statusCode, 200)
  const { url, file_id: fileId } = uploaded.json().data.photos[0]

  await t.test(
    'a photo: the bytes the store holds, its type and length, the id as ETag, a year immutable',
    async (t) => {
      const res = await gateway.inject({ url })
      t.equal(res.statusCode, 200)
      t.equal(res.headers['content-type'], 'image/webp')
      t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
      t.equal(res.headers.etag, `"${fileId}"`)
      t.equal(Number(res.headers['content-length']), fake.documents.get(fileId)!.bytes.length)
      t.same(res.rawPayload, fake.documents.get(fileId)!.bytes)
      const downloads = fake.calls.download
      t.equal((await gateway.inject({ url, headers: { 'if-none-match': `"${fileId}"` } })).statusCode, 304)
      t.equal(fake.calls.download, downloads, 'a 304 asks nobody')
    },
  )

  await t.test('an id the store does not know → 404, not cached', async (t) => {
    const res = await gateway.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAInotAfileWeEverSent' })
    t.equal(res.statusCode, 404)
    t.equal(res.json().error.code, 'NOT_FOUND')
    t.equal(res.headers['cache-control'], 'no-store')
  })

  await t.test('the store silent behind the API → 504, as with the store itself', async (t) => {
    fake.stall = { getFile: 'hang' }
    t.teardown(() => void (fake.stall = {}))
    const res = await gateway.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAIsomeOtherFileId' })
    t.equal(res.statusCode, 504)
    t.match(res.json(), { success: false, error: { code: 'UPSTREAM_TIMEOUT' } })
    t.equal(res.headers['cache-control'], 'no-store')
  })

  await t.test('the store failing behind the API → 502, its words kept from the page', async (t) => {
    fake.answers = {
      getFile: { status: 500, contentType: 'text/html', body: '<html>proxy error at internal-host-42</html>' },
    }
    t.teardown(() => void (fake.answers = {}))
    const res = await gateway.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAIyetAnotherFileId' })
    t.equal(res.statusCode, 502)
    t.match(res.json(), { success: false, error: { code: 'UPSTREAM_UNAVAILABLE' } })
    t.notMatch(res.body, /internal-host-42|bot/)
  })
})

t.test('the API itself down or silent', async (t) => {
  const down = createServer().listen(0, '127.0.0.1')
  await once(down, 'listening')
  const downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}`
  await new Promise((resolve) => down.close(resolve))
  const unreachable = await gatewayWith(t, downUrl, apiPhotoSource(downUrl))
  const refused = await unreachable.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAIsomeFileId' })
  t.equal(refused.statusCode, 502, 'nothing listens → 502')
  t.equal(refused.json().error.code, 'UPSTREAM_UNAVAILABLE')
  t.equal(refused.headers['cache-control'], 'no-store')

  const silent = createServer(() => {}).listen(0, '127.0.0.1')
  await once(silent, 'listening')
  t.teardown(() => {
    silent.closeAllConnections()
    silent.close()
  })
  const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  const waiting = await gatewayWith(t, silentUrl, apiPhotoSource(silentUrl, { timeoutMs: 200 }))
  const late = await waiting.inject({ url: '/api/telegramFile/BQACAgIAAxkDAAIsomeFileId' })
  t.equal(late.statusCode, 504, 'no answer in time → 504')
  t.equal(late.json().error.code, 'UPSTREAM_TIMEOUT')
})
