import sharp from 'sharp'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildGateway } from '../../../server/gateway/app.ts'
import type { PageRenderer } from '../../../server/gateway/ssr/renderer.ts'
import type { PhotoStore } from '../../../server/integrations/photos/photo-store.ts'
import { supabasePhotoStore } from '../../../server/integrations/photos/supabase-store.ts'
import type { Db } from '../../../server/api/db/client.ts'
import { buildTestApi, telegramSession } from '../../helpers/build-api.ts'
import { startFakeSupabaseStorage, type FakeSupabaseStorage } from '../../helpers/fake-supabase-storage.ts'

/** These tests never render a page, so they need no client build. */
const noPages: PageRenderer = {
  render: async () => {
    throw new Error('no pages in the photo tests')
  },
}

const storeFor = (fake: FakeSupabaseStorage, timeoutMs = 1_500) =>
  supabasePhotoStore({ url: fake.url, serviceRoleKey: fake.serviceRoleKey, bucket: 'photos', timeoutMs })

/** One product process: the real API on a loopback port (on `db` when given) and the real gateway, with its own photo store. */
async function processWith(t: Test, photos: PhotoStore, db?: Db) {
  const { app: api, db: database } = await buildTestApi(t, { photos, ...(db && { db }) })
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  const gateway: FastifyInstance = await buildGateway({
    apiUrl,
    publicBaseUrl: 'https://khaneh.example',
    renderer: noPages,
    photos,
    logLevel: 'silent',
  })
  t.teardown(() => gateway.close())
  return { api, db: database, gateway }
}

/** Nothing a process answers may carry the service role key, in the body or in a header. */
function assertNoKey(t: Test, res: { body: string; headers: Record<string, unknown> }, key: string) {
  t.notOk(res.body.includes(key), 'no key in the body')
  t.notOk(JSON.stringify(res.headers).includes(key), 'no key in the headers')
}

async function upload(api: FastifyInstance, telegramId: number) {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  const me = await telegramSession(api, telegramId)
  const body = new FormData()
  body.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg')
  return api.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { authorization: `Bearer ${me.token}` },
    payload: body,
  })
}

t.test('/api/telegramFile with the Supabase Storage photo store', async (t) => {
  const fake = await startFakeSupabaseStorage()
  t.teardown(() => fake.close())
  const a = await processWith(t, storeFor(fake))
  // a second process on the same database and the same Storage project, with its own client
  const b = await processWith(t, storeFor(fake), a.db)
  const uploaded = await upload(a.api, 9401)
  t.afterEach(() => void (fake.stall = {}))

  await t.test('an upload through the API stores both variants as objects in the bucket', async (t) => {
    t.equal(uploaded.statusCode, 200, uploaded.body)
    const [photo] = uploaded.json().data.photos
    t.match(photo, {
      width: 900,
      height: 600,
      url: `/api/telegramFile/${photo.file_id}`,
      thumb_url: `/api/telegramFile/${photo.thumb_file_id}`,
    })
    for (const id of [photo.file_id, photo.thumb_file_id])
      t.match(fake.objects.get(`photos/${id}.webp`), { contentType: 'image/webp' }, id)
    assertNoKey(t, uploaded, fake.serviceRoleKey)
  })

  await t.test(
    'a photo streams from Storage: image type, its length, a year of immutable caching, the id as ETag',
    async (t) => {
      const { url, file_id: fileId } = uploaded.json().data.photos[0]
      const object = fake.objects.get(`photos/${fileId}.webp`)!
      const res = await a.gateway.inject({ url })
      t.equal(res.statusCode, 200)
      t.equal(res.headers['content-type'], 'image/webp')
      t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
      t.equal(res.headers.etag, `"${fileId}"`)
      t.equal(Number(res.headers['content-length']), object.bytes.length)
      t.same(res.rawPayload, object.bytes, 'the bytes Storage holds')
      assertNoKey(t, { body: '', headers: res.headers }, fake.serviceRoleKey)
      const before = fake.requests.length
      const again = await a.gateway.inject({ url, headers: { 'if-none-match': `"${fileId}"` } })
      t.equal(again.statusCode, 304, 'revalidation with the ETag')
      t.equal(fake.requests.length, before, 'a 304 asks Storage nothing')
    },
  )

  await t.test('the other process serves the photo (and its thumbnail) uploaded on the first', async (t) => {
    const { url, thumb_url: thumbUrl, file_id: fileId } = uploaded.json().data.photos[0]
    const res = await b.gateway.inject({ url })
    t.equal(res.statusCode, 200)
    t.same(res.rawPayload, fake.objects.get(`photos/${fileId}.webp`)!.bytes)
    t.equal((await b.gateway.inject({ url: thumbUrl })).statusCode, 200)
  })

  await t.test('an id Storage does not hold → 404, not cached', async (t) => {
    const res = await b.gateway.inject({ url: '/api/telegramFile/s0123456789abcdef01234567-webp' })
    t.equal(res.statusCode, 404)
    t.equal(res.json().error.code, 'NOT_FOUND')
    t.equal(res.headers['cache-control'], 'no-store')
  })

  await t.test('Storage failing → 502 UPSTREAM_UNAVAILABLE envelope, not cached, without the key', async (t) => {
    fake.failNext(500, { on: 'download' })
    const res = await a.gateway.inject({ url: uploaded.json().data.photos[0].url })
    t.equal(res.statusCode, 502)
    t.match(res.json(), { success: false, error: { code: 'UPSTREAM_UNAVAILABLE' } })
    t.equal(res.headers['cache-control'], 'no-store')
    assertNoKey(t, res, fake.serviceRoleKey)
  })

  await t.test('Storage silent → 504 UPSTREAM_TIMEOUT envelope, not cached', async (t) => {
    fake.stall = { download: 'hang' }
    const res = await a.gateway.inject({ url: uploaded.json().data.photos[0].thumb_url })
    t.equal(res.statusCode, 504)
    t.match(res.json(), { success: false, error: { code: 'UPSTREAM_TIMEOUT' } })
    t.equal(res.headers['cache-control'], 'no-store')
  })

  await t.test('an upload while Storage fails → 502 UPSTREAM_UNAVAILABLE, nothing recorded', async (t) => {
    fake.failNext(503, { on: 'upload' })
    const res = await upload(b.api, 9402)
    t.equal(res.statusCode, 502)
    t.equal(res.json().error.code, 'UPSTREAM_UNAVAILABLE')
    assertNoKey(t, res, fake.serviceRoleKey)
    t.same(
      await a.db.query(`SELECT u.id FROM uploads u JOIN users s ON s.id = u.user_id WHERE s.telegram_id = 9402`),
      [],
    )
  })
})
