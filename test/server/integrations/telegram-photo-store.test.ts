import { finished } from 'node:stream/promises'
import { text } from 'node:stream/consumers'
import { setTimeout as sleep } from 'node:timers/promises'
import { inspect } from 'node:util'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { loadConfig } from '../../../server/config.ts'
import { AppError } from '../../../server/lib/errors.ts'
import { photoStoreFor } from '../../../server/main.ts'
import { telegramPhotoStore } from '../../../server/integrations/photos/telegram-store.ts'
import type { StoredPhoto } from '../../../server/integrations/photos/photo-store.ts'
import { startFakeBotApi, type FakeBotApi } from '../../helpers/fake-telegram-bot-api.ts'

const bytesOf = async (photo: StoredPhoto | null) => {
  const chunks: Buffer[] = []
  for await (const chunk of photo!.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The token must not show in anything an error can be turned into: message, string, JSON, inspection (causes included). */
function assertNoToken(t: Test, err: unknown, token: string) {
  t.ok(err, 'it failed')
  for (const form of [(err as Error).message, String(err), JSON.stringify(err), inspect(err, { depth: 5 })])
    t.notMatch(form, token)
}

async function fakeFor(t: Test): Promise<FakeBotApi> {
  const fake = await startFakeBotApi()
  t.teardown(() => fake.close())
  return fake
}

t.test('telegramPhotoStore', async (t) => {
  const fake = await fakeFor(t)
  const store = telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase: fake.url, timeoutMs: 2_000 })
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer()

  t.equal(store.kind, 'telegram')

  await t.test('put sends a real multipart sendDocument and answers Telegram file_id', async (t) => {
    const fileId = await store.put(image, 'image/webp')
    const doc = fake.documents.get(fileId)
    t.ok(doc, 'the id is the one Telegram handed out')
    t.match(doc, { chatId: fake.chatId, fileName: 'photo.webp', mimeType: 'image/webp' })
    t.equal(doc!.fields.disable_content_type_detection, 'true')
    t.same(doc!.bytes, image, 'the bytes arrived intact')
    t.equal(fake.calls.sendDocument, 1)
  })

  await t.test(
    'get streams the same bytes, with the type from the path and the size from content-length',
    async (t) => {
      const fileId = await store.put(image, 'image/webp')
      const photo = await store.get(fileId)
      t.equal(photo?.contentType, 'image/webp')
      t.equal(photo?.size, image.length)
      t.same(await bytesOf(photo), image)
    },
  )

  await t.test('a file path is asked once, then served from the cache', async (t) => {
    const fileId = await store.put(image, 'image/webp')
    const before = { ...fake.calls }
    t.same(await bytesOf(await store.get(fileId)), image)
    t.same(await bytesOf(await store.get(fileId)), image)
    t.equal(fake.calls.getFile - before.getFile, 1, 'one getFile')
    t.equal(fake.calls.download - before.download, 2, 'two downloads')
  })

  await t.test('an expired path (404) is refreshed exactly once', async (t) => {
    const fileId = await store.put(image, 'image/webp')
    await bytesOf(await store.get(fileId))
    fake.expirePath(fileId)
    const before = { ...fake.calls }
    t.same(await bytesOf(await store.get(fileId)), image)
    t.equal(fake.calls.getFile - before.getFile, 1, 'one fresh getFile')
    t.equal(fake.calls.download - before.download, 2, 'the stale download, then the fresh one')
  })

  await t.test('an unknown id is null; a malformed one is not even asked', async (t) => {
    t.equal(await store.get('BQACAgIAAxkDAAInotAfileWeEverSent'), null)
    const before = fake.calls.getFile
    t.equal(await store.get('../../etc/passwd'), null)
    t.equal(fake.calls.getFile, before)
  })

  await t.test(
    'Telegram refusals become UPSTREAM_UNAVAILABLE with its description and without the token',
    async (t) => {
      const wrongChat = telegramPhotoStore({ botToken: fake.token, chatId: '-100999', apiBase: fake.url })
      const err = await wrongChat.put(image, 'image/webp').catch((e: unknown) => e)
      t.type(err, AppError)
      t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502, message: /chat not found/ })
      assertNoToken(t, err, fake.token)

      const wrongToken = '4242424242:AAWrongTokenWrongTokenWrongToken_xyz'
      const unauthorized = telegramPhotoStore({ botToken: wrongToken, chatId: fake.chatId, apiBase: fake.url })
      const denied = await unauthorized.get('BQACAgIAAxkDAAIsomeFileId').catch((e: unknown) => e)
      t.match(denied, { code: 'UPSTREAM_UNAVAILABLE', message: /Unauthorized/ })
      assertNoToken(t, denied, wrongToken)
    },
  )

  await t.test('Telegram down → UPSTREAM_UNAVAILABLE without the token', async (t) => {
    const down = await startFakeBotApi()
    await down.close()
    const store = telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase: down.url })
    for (const err of [
      await store.put(image, 'image/webp').catch((e: unknown) => e),
      await store.get('BQACAgIAAxkDAAIsomeFileId').catch((e: unknown) => e),
    ]) {
      t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502 })
      assertNoToken(t, err, fake.token)
    }
  })
})

t.test('telegramPhotoStore timeouts and readers who leave', async (t) => {
  const fake = await fakeFor(t)
  // short enough to test, long enough for a loaded CI machine to answer the calls that should succeed
  const store = telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase: fake.url, timeoutMs: 1_000 })
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a33' } })
    .png()
    .toBuffer()
  const fileId = await store.put(image, 'image/png')
  t.afterEach(() => {
    fake.stall = {}
  })

  for (const [endpoint, call] of [
    ['getFile', () => store.get(fileId)],
    ['download', () => store.get(fileId)],
    ['sendDocument', () => store.put(image, 'image/png')],
  ] as const) {
    await t.test(`a hanging ${endpoint} → UPSTREAM_TIMEOUT, quickly`, async (t) => {
      fake.stall = { [endpoint]: 'hang' }
      const started = Date.now()
      const err = await call().catch((e: unknown) => e)
      t.match(err, { code: 'UPSTREAM_TIMEOUT', status: 504 })
      t.ok(Date.now() - started < 5_000, 'within the timeout, not the default 10 s')
      assertNoToken(t, err, fake.token)
    })
  }

  await t.test('a download that stalls midway fails the stream after the timeout', async (t) => {
    fake.stall = { download: 'stall' }
    const closed = fake.closedEarly
    const photo = await store.get(fileId)
    const started = Date.now()
    await t.rejects(bytesOf(photo))
    t.ok(Date.now() - started < 5_000, 'within the timeout between chunks, not the default 10 s')
    await fake.waitForClosedEarly(closed + 1)
  })

  await t.test(
    'a download that trickles for ever fails at the overall deadline and closes the upstream request',
    async (t) => {
      // each byte comes well within the 1 s idle timeout: only the deadline can end this download
      const deadlined = telegramPhotoStore({
        botToken: fake.token,
        chatId: fake.chatId,
        apiBase: fake.url,
        timeoutMs: 1_000,
        deadlineMs: 1_500,
      })
      fake.stall = { download: 'trickle' }
      const closed = fake.closedEarly
      const started = Date.now()
      const photo = await deadlined.get(fileId)
      t.teardown(() => photo?.stream.destroy())
      let received = 0
      photo!.stream.on('data', (chunk: Buffer) => void (received += chunk.length))
      const outcome = await Promise.race([
        finished(photo!.stream).then(
          () => 'ended',
          (err: unknown) => err,
        ),
        sleep(6_000, 'still reading', { ref: false }),
      ])
      const elapsed = Date.now() - started
      t.match(outcome, { code: 'UPSTREAM_TIMEOUT', status: 504 }, 'the reader gets a timeout')
      t.ok(elapsed >= 1_400 && elapsed < 4_000, `ended at the 1.5 s deadline (${elapsed} ms)`)
      t.ok(received > 10, `bytes kept arriving until then (${received})`)
      assertNoToken(t, outcome, fake.token)
      t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the fake saw its request closed')
    },
  )

  await t.test('the caller aborting while Telegram is silent aborts the upstream request', async (t) => {
    fake.stall = { download: 'hang' }
    const closed = fake.closedEarly
    const reader = new AbortController()
    const pending = store.get(fileId, reader.signal)
    setTimeout(() => reader.abort(), 50)
    await t.rejects(pending, { name: 'AbortError' })
    await fake.waitForClosedEarly(closed + 1)
    t.pass('the fake saw its request closed')
  })

  await t.test('the caller aborting mid-download stops the stream and the upstream request', async (t) => {
    fake.stall = { download: 'stall' }
    const closed = fake.closedEarly
    const reader = new AbortController()
    const photo = await store.get(fileId, reader.signal)
    t.ok(photo, 'the download started')
    const read = bytesOf(photo)
    reader.abort()
    await t.rejects(read)
    await fake.waitForClosedEarly(closed + 1)
    t.pass('the fake saw its request closed')
  })

  await t.test('destroying the stream (the route does so when its reader leaves) aborts the download', async (t) => {
    fake.stall = { download: 'stall' }
    const closed = fake.closedEarly
    const photo = await store.get(fileId)
    photo!.stream.destroy()
    await fake.waitForClosedEarly(closed + 1)
    t.pass('the fake saw its request closed')
  })
})

t.test('telegramPhotoStore answers it may not serve', async (t) => {
  const fake = await fakeFor(t)
  const store = telegramPhotoStore({ botToken: fake.token, chatId: fake.chatId, apiBase: fake.url, timeoutMs: 2_000 })

  await t.test('over 20 MB by content-length → refused before the body is read', async (t) => {
    const closed = fake.closedEarly
    // the fake announces 21 MB, sends the first bytes and holds on: reading on would end in a timeout
    const fileId = fake.addFile('huge.jpg', Buffer.alloc(64 * 1024, 1), { declaredSize: 21 * 1024 * 1024 })
    const err = await store.get(fileId).catch((e: unknown) => e)
    t.match(err, { code: 'UPSTREAM_UNAVAILABLE', message: /larger/ }, 'refused for its size, not timed out')
    await fake.waitForClosedEarly(closed + 1)
    t.pass('the download was dropped unread')
  })

  await t.test('a file that is not an image gets a type the route refuses', async (t) => {
    const photo = await store.get(fake.addFile('contract.pdf', Buffer.from('%PDF-1.7')))
    t.notMatch(photo?.contentType, /^image\//)
    t.equal(await text(photo!.stream), '%PDF-1.7')
  })

  await t.test('a Telegram 5xx without a Bot API body → UPSTREAM_UNAVAILABLE', async (t) => {
    fake.answers.getFile = { status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' }
    t.teardown(() => void (fake.answers.getFile = undefined))
    const err = await store.get(fake.addFile('a.jpg', Buffer.from('jpeg'))).catch((e: unknown) => e)
    t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502 })
    assertNoToken(t, err, fake.token)
  })

  await t.test('429 Too Many Requests → SERVICE_UNAVAILABLE with retry_after', async (t) => {
    const body = {
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    }
    fake.answers.sendDocument = { status: 429, contentType: 'application/json', body: JSON.stringify(body) }
    t.teardown(() => void (fake.answers.sendDocument = undefined))
    const err = await store.put(Buffer.from('x'), 'image/webp').catch((e: unknown) => e)
    t.match(err, { code: 'SERVICE_UNAVAILABLE', status: 503, details: { reason: 'upstream_busy', retry_after_s: 7 } })
  })
})

t.test('the service picks the Telegram store only with a bot and a storage chat', async (t) => {
  const base = { DATA_DIR: t.testdir(), LOG_LEVEL: 'silent' }
  const bot = { TELEGRAM_BOT_TOKEN: '4242424242:AAConfigTokenConfigTokenConfigTok_x' }
  t.equal(photoStoreFor(loadConfig(base)).kind, 'disk')
  t.equal(photoStoreFor(loadConfig({ ...base, ...bot })).kind, 'disk', 'a bot alone signs people in but stores nothing')
  t.equal(photoStoreFor(loadConfig({ ...base, ...bot, TELEGRAM_STORAGE_CHAT_ID: '-1001234567890' })).kind, 'telegram')
})
