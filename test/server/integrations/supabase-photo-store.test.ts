import { finished } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { inspect } from 'node:util'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { loadConfig } from '../../../server/config.ts'
import { photoStoreFor } from '../../../server/main.ts'
import { FILE_ID, type StoredPhoto } from '../../../server/integrations/photos/photo-store.ts'
import {
  supabasePhotoStore,
  type SupabasePhotoStoreOptions,
} from '../../../server/integrations/photos/supabase-store.ts'
import {
  startFakeSupabaseStorage,
  type FakeSupabaseStorage,
  type FakeSupabaseStorageOptions,
} from '../../helpers/fake-supabase-storage.ts'

const bytesOf = async (photo: StoredPhoto | null) => {
  const chunks: Buffer[] = []
  for await (const chunk of photo!.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The key must not show in anything an error can be turned into: message, string, JSON, inspection (causes included). */
function assertNoKey(t: Test, err: unknown, key: string) {
  t.ok(err, 'it failed')
  for (const form of [(err as Error).message, String(err), JSON.stringify(err), inspect(err, { depth: 5 })])
    t.notMatch(form, key)
}

async function fakeFor(t: Test, options?: FakeSupabaseStorageOptions): Promise<FakeSupabaseStorage> {
  const fake = await startFakeSupabaseStorage(options)
  t.teardown(() => fake.close())
  return fake
}

const storeFor = (fake: FakeSupabaseStorage, options: Partial<SupabasePhotoStoreOptions> = {}) =>
  supabasePhotoStore({ url: fake.url, serviceRoleKey: fake.serviceRoleKey, bucket: 'photos', ...options })

const image = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .webp()
    .toBuffer()

t.test('supabasePhotoStore', async (t) => {
  const fake = await fakeFor(t)
  const store = storeFor(fake, { timeoutMs: 2_000 })
  const webp = await image()
  t.equal(store.kind, 'supabase')

  await t.test('the first put makes the private, images-only bucket; the photo is an object there', async (t) => {
    const fileId = await store.put(webp, 'image/webp')
    t.match(fileId, FILE_ID)
    t.match(fake.buckets.get('photos'), {
      public: false,
      allowed_mime_types: ['image/webp', 'image/jpeg', 'image/png'],
    })
    const object = fake.objects.get(`photos/${fileId}.webp`)
    t.ok(object, 'stored under its id, with its extension')
    t.same(object!.bytes, webp, 'the bytes arrived intact')
    t.equal(object!.contentType, 'image/webp')
    t.equal(object!.cacheControl, '31536000', 'a photo never changes: Storage may keep it a year')
    await store.put(webp, 'image/webp')
    t.same(
      fake.requests.filter((r) => r.includes('/bucket')),
      ['GET /storage/v1/bucket/photos', 'POST /storage/v1/bucket'],
      'the bucket is looked for and made once',
    )
  })

  await t.test('get streams the same bytes, with the stored type and the size', async (t) => {
    const fileId = await store.put(webp, 'image/webp')
    const photo = await store.get(fileId)
    t.equal(photo?.contentType, 'image/webp')
    t.equal(photo?.size, webp.length)
    t.same(await bytesOf(photo), webp)
    t.match(fake.requests.at(-1), `GET /storage/v1/object/photos/${fileId}.webp`)
  })

  await t.test('an id Storage does not hold → null (Storage says 404 inside an HTTP 400)', async (t) => {
    t.equal(await store.get('s000000000000000000000000-webp'), null)
    t.equal(await store.get('s000000000000000000000000-png'), null)
  })

  await t.test('an id that is not one of ours → null without asking Storage', async (t) => {
    const before = fake.requests.length
    for (const id of ['../etc/passwd', 'abc', 'sdeadbeefdeadbeef-gif', 'sdeadbeefdeadbeef'])
      t.equal(await store.get(id), null, id)
    t.equal(fake.requests.length, before)
  })

  await t.test('another process (its own store on the same project) reads the photo', async (t) => {
    const fileId = await store.put(webp, 'image/webp')
    const elsewhere = storeFor(fake)
    t.same(await bytesOf(await elsewhere.get(fileId)), webp)
  })

  await t.test('a PNG and a JPEG keep their types', async (t) => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const id = await store.put(png, 'image/png')
    t.match(id, /-png$/)
    t.equal((await store.get(id))?.contentType, 'image/png')
    await t.rejects(store.put(png, 'image/gif'), /Unsupported photo type/)
  })
})

t.test('supabasePhotoStore with a bucket already there', async (t) => {
  await t.test('an existing bucket is used as it is', async (t) => {
    const fake = await fakeFor(t, { buckets: ['listing-photos'] })
    const fileId = await storeFor(fake, { bucket: 'listing-photos' }).put(await image(), 'image/webp')
    t.ok(fake.objects.has(`listing-photos/${fileId}.webp`))
    t.notOk(fake.requests.includes('POST /storage/v1/bucket'), 'not made again')
  })

  await t.test('a bucket another process made first (409 on create) is used', async (t) => {
    const fake = await fakeFor(t)
    const a = storeFor(fake)
    const b = storeFor(fake)
    const ids = await Promise.all([a.put(await image(), 'image/webp'), b.put(await image(), 'image/webp')])
    t.equal(fake.buckets.size, 1)
    for (const id of ids) t.ok(fake.objects.has(`photos/${id}.webp`))
  })
})

t.test('supabasePhotoStore failures', async (t) => {
  const fake = await fakeFor(t)
  const store = storeFor(fake, { timeoutMs: 1_000 })
  const webp = await image()
  const fileId = await store.put(webp, 'image/webp')
  t.afterEach(() => void (fake.stall = {}))

  for (const [call, status] of [
    ['download', 500],
    ['download', 503],
    ['upload', 500],
  ] as const) {
    await t.test(`Storage answering ${status} to a ${call} → UPSTREAM_UNAVAILABLE (502)`, async (t) => {
      fake.failNext(status, { on: call })
      const err = await (call === 'upload' ? store.put(webp, 'image/webp') : store.get(fileId)).catch((e: unknown) => e)
      t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502, message: new RegExp(`${call} answered ${status}`) })
      assertNoKey(t, err, fake.serviceRoleKey)
    })
  }

  await t.test('an upload Storage refuses (a duplicate, a forbidden type) → UPSTREAM_UNAVAILABLE', async (t) => {
    fake.failNext(409, { on: 'upload' })
    t.match(await store.put(webp, 'image/webp').catch((e: unknown) => e), {
      code: 'UPSTREAM_UNAVAILABLE',
      message: /answered 400 \(409\)/,
    })
  })

  await t.test('a bucket that cannot be made → the upload fails; the next one tries again', async (t) => {
    const fresh = await fakeFor(t)
    const other = storeFor(fresh)
    fresh.failNext(500, { on: 'bucket' })
    t.match(await other.put(webp, 'image/webp').catch((e: unknown) => e), { code: 'UPSTREAM_UNAVAILABLE' })
    t.equal(fresh.objects.size, 0)
    const id = await other.put(webp, 'image/webp')
    t.ok(fresh.objects.has(`photos/${id}.webp`))
  })

  await t.test('a wrong key → UPSTREAM_UNAVAILABLE without the key', async (t) => {
    const wrong = storeFor(fake, { serviceRoleKey: 'not-the-service-role-key' })
    for (const call of [() => wrong.get(fileId), () => wrong.put(webp, 'image/webp')]) {
      const err = await call().catch((e: unknown) => e)
      t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502 })
      assertNoKey(t, err, 'not-the-service-role-key')
    }
  })

  await t.test('Storage down → UPSTREAM_UNAVAILABLE', async (t) => {
    const down = await startFakeSupabaseStorage()
    await down.close()
    const gone = supabasePhotoStore({ url: down.url, serviceRoleKey: down.serviceRoleKey, bucket: 'photos' })
    for (const call of [() => gone.get(fileId), () => gone.put(webp, 'image/webp')]) {
      const err = await call().catch((e: unknown) => e)
      t.match(err, { code: 'UPSTREAM_UNAVAILABLE', status: 502, message: /ECONNREFUSED/ })
      assertNoKey(t, err, down.serviceRoleKey)
    }
  })

  for (const [call, run] of [
    ['download', () => store.get(fileId)],
    ['upload', () => store.put(webp, 'image/webp')],
  ] as const) {
    await t.test(`a hanging ${call} → UPSTREAM_TIMEOUT (504), quickly`, async (t) => {
      fake.stall = { [call]: 'hang' }
      const started = Date.now()
      const err = await run().catch((e: unknown) => e)
      t.match(err, { code: 'UPSTREAM_TIMEOUT', status: 504 })
      t.ok(Date.now() - started < 5_000, 'within the timeout, not the default 10 s')
      assertNoKey(t, err, fake.serviceRoleKey)
    })
  }

  await t.test('a download that stalls midway fails the stream after the idle timeout', async (t) => {
    fake.stall = { download: 'stall' }
    const closed = fake.closedEarly
    const photo = await store.get(fileId)
    await t.rejects(bytesOf(photo), { code: 'UPSTREAM_TIMEOUT' })
    t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Storage request was closed')
  })

  await t.test('a download that trickles for ever fails at the deadline and closes the request', async (t) => {
    const deadlined = storeFor(fake, { timeoutMs: 1_000, deadlineMs: 1_500 })
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
    t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Storage request was closed')
  })

  await t.test('the caller aborting while Storage is silent aborts the request', async (t) => {
    fake.stall = { download: 'hang' }
    const closed = fake.closedEarly
    const reader = new AbortController()
    const pending = store.get(fileId, reader.signal)
    setTimeout(() => reader.abort(), 50)
    await t.rejects(pending, { name: 'AbortError' })
    t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Storage request was closed')
  })

  await t.test('destroying the stream (the route does so when its reader leaves) aborts the download', async (t) => {
    fake.stall = { download: 'stall' }
    const closed = fake.closedEarly
    const photo = await store.get(fileId)
    photo!.stream.destroy()
    t.ok(await fake.waitForClosedEarly(closed + 1, 2_000), 'the Storage request was closed')
  })
})

t.test('the service picks Supabase Storage first, then Telegram, then disk', async (t) => {
  const base = { DATA_DIR: t.testdir(), LOG_LEVEL: 'silent' }
  const supabase = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' }
  const telegram = {
    TELEGRAM_BOT_TOKEN: '4242424242:AAConfigTokenConfigTokenConfigTok_x',
    TELEGRAM_STORAGE_CHAT_ID: '-1001234567890',
  }
  t.equal(photoStoreFor(loadConfig({ ...base, ...supabase, ...telegram })).kind, 'supabase')
  t.equal(photoStoreFor(loadConfig({ ...base, ...supabase })).kind, 'supabase')
  t.equal(photoStoreFor(loadConfig({ ...base, ...telegram })).kind, 'telegram')
  t.equal(photoStoreFor(loadConfig(base)).kind, 'disk')
})
