import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import t from 'tap'
import { diskPhotoStore } from '../../../../server/integrations/photos/disk-store.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { pngBytes } from '../../../helpers/png.ts'

/** A PNG whose header claims `width`×`height` but carries no pixels: a pixel-flood probe. */
function floodPng(width: number, height: number): Buffer {
  return pngBytes(width, height, { colourType: 2, scanlines: Buffer.alloc(64) })
}

const form = (files: Array<{ name?: string; field?: string; data: Buffer; type?: string }>) => {
  const body = new FormData()
  for (const f of files)
    body.append(
      f.field ?? 'photos',
      new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }),
      f.name ?? 'photo.jpg',
    )
  return body
}

t.test('photo uploads', async (t) => {
  const dataDir = t.testdir()
  const photos = diskPhotoStore(dataDir)
  const { app, db } = await buildTestApi(t, { photos })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const signIn = (id: number) => telegramSession(app, id)
  const me = await signIn(9101)
  const other = await signIn(9102)
  const admin = await signIn(777)
  const upload = (
    token: string | null,
    body: FormData | string,
    url = '/api/v1/upload/photos',
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: body,
    })
  const storedFiles = async () => (await readdir(path.join(dataDir, 'photos')).catch(() => [] as string[])).length

  // A 2000×1000 JPEG, EXIF orientation 6 (shown turned 90°), a camera owner and GPS in its metadata.
  const tagged = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Artist: 'Secret Person', Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' },
    })
    .toBuffer()
  const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#fff' } })
    .png()
    .toBuffer()

  await t.test('a JPEG and a PNG become two WebP variants each; upright; metadata gone', async (t) => {
    t.match((await sharp(tagged).metadata()).orientation, 6, 'the test image really carries an orientation')
    t.ok(tagged.includes(Buffer.from('Secret Person')), 'and its owner')
    const res = await upload(me.token, form([{ data: tagged }, { data: png, name: 'plan.png', type: 'image/png' }]))
    t.equal(res.statusCode, 200, res.body)
    const [first, second] = res.json().data.photos
    t.match(first, {
      width: 800,
      height: 1600,
      url: /^\/api\/telegramFile\/d[0-9a-f]+-webp$/,
      thumb_url: /^\/api\/telegramFile\//,
    })
    t.match(second, { width: 300, height: 200 })
    const stored = await photos.get(first.file_id)
    const bytes = await readFile(path.join(dataDir, 'photos', `${first.file_id}.webp`))
    t.equal(stored?.contentType, 'image/webp')
    const meta = await sharp(bytes).metadata()
    t.match(meta, { format: 'webp', width: 800, height: 1600 })
    t.notOk(meta.exif, 'no EXIF')
    t.notOk(meta.xmp, 'no XMP')
    t.notOk(
      bytes.includes(Buffer.from('Secret Person')) || bytes.includes(Buffer.from('SpyCam')),
      'no camera or owner text',
    )
    const thumb = await sharp(await readFile(path.join(dataDir, 'photos', `${first.thumb_file_id}.webp`))).metadata()
    t.ok(Math.max(thumb.width!, thumb.height!) <= 480, 'the small variant is at most 480 px')
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads WHERE user_id = $1`, [
      me.user.id,
    ])) as [{ n: number }]
    t.equal(n, 2)
  })

  await t.test('the refusal matrix stores nothing', async (t) => {
    const before = await storedFiles()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    t.equal((await upload(null, form([{ data: png }]))).statusCode, 401, 'anonymous')
    t.equal(
      (await upload(me.token, form([{ data: svg, name: 'x.svg', type: 'image/svg+xml' }]))).statusCode,
      415,
      'SVG',
    )
    t.equal(
      (await upload(me.token, form([{ data: Buffer.from('just text, named like a photo'), name: 'x.jpg' }])))
        .statusCode,
      415,
      'wrong magic bytes',
    )
    const polyglot = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), tagged])
    t.equal((await upload(me.token, form([{ data: polyglot }]))).statusCode, 415, 'PNG magic on a JPEG body')
    const flood = await upload(
      me.token,
      form([{ data: floodPng(20_000, 20_000), name: 'flood.png', type: 'image/png' }]),
    )
    t.equal(flood.statusCode, 413, 'pixel flood: 400 MP refused from the header')
    t.match(flood.json().error.details, { reason: 'too_many_pixels' })
    const huge = Buffer.concat([tagged, Buffer.alloc(15 * 1024 * 1024)])
    t.equal((await upload(me.token, form([{ data: huge }]))).statusCode, 413, 'over 15 MB')
    t.equal(
      (await upload(me.token, form(Array.from({ length: 13 }, () => ({ data: png, type: 'image/png' }))))).statusCode,
      413,
      'more than 12 files',
    )
    t.equal(
      (
        await upload(
          me.token,
          form([
            { data: png, type: 'image/png' },
            { data: svg, type: 'image/svg+xml' },
          ]),
        )
      ).statusCode,
      415,
      'one bad file fails the batch',
    )
    t.equal((await upload(me.token, form([{ data: png, field: 'avatar' }]))).statusCode, 400, 'another field')
    t.equal((await upload(me.token, new FormData())).statusCode, 400, 'no files')
    t.equal(
      (await upload(me.token, '{"photos":[]}', undefined, { 'content-type': 'application/json' })).statusCode,
      415,
      'not multipart',
    )
    t.equal(await storedFiles(), before, 'nothing was stored')
  })

  await t.test('appended payloads do not survive the re-encoding', async (t) => {
    const smuggled = Buffer.concat([tagged, Buffer.from('<html><script>alert(document.cookie)</script></html>')])
    const res = await upload(me.token, form([{ data: smuggled }]))
    t.equal(res.statusCode, 200)
    const bytes = await readFile(path.join(dataDir, 'photos', `${res.json().data.photos[0].file_id}.webp`))
    t.notOk(bytes.includes(Buffer.from('<script>')))
  })

  await t.test('validate answers per file and stores nothing', async (t) => {
    const before = await storedFiles()
    const res = await upload(
      me.token,
      form([
        { data: png, name: 'ok.png', type: 'image/png' },
        { data: Buffer.from('nope'), name: 'bad.jpg' },
      ]),
      '/api/v1/upload/photos/validate',
    )
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      files: [
        { filename: 'ok.png', valid: true, format: 'png', width: 300, height: 200 },
        { filename: 'bad.jpg', valid: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
      ],
      max_files: 12,
    })
    t.equal(await storedFiles(), before)
  })

  await t.test('the daily quota', async (t) => {
    await db.query(
      `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) SELECT $1, 'q' || g, 'qt' || g, 1, 1 FROM generate_series(1, 100) g`,
      [other.user.id],
    )
    const res = await upload(other.token, form([{ data: png, type: 'image/png' }]))
    t.equal(res.statusCode, 429)
    t.match(res.json().error.details, { reason: 'upload_quota' })
  })

  await t.test('the daily quota is exact when uploads arrive at once', async (t) => {
    const busy = await signIn(9103)
    await db.query(
      `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) SELECT $1, 'r' || g, 'rt' || g, 1, 1 FROM generate_series(1, 97) g`,
      [busy.user.id],
    )
    // three places left: eight single-photo uploads at once, and one of two photos that cannot fit whole
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => upload(busy.token, form([{ data: png, type: 'image/png' }]))),
      upload(
        busy.token,
        form([
          { data: png, type: 'image/png' },
          { data: png, type: 'image/png' },
        ]),
      ),
    ])
    const statuses = answers.map((res) => res.statusCode)
    const kept = answers.reduce((sum, res) => sum + (res.statusCode === 200 ? res.json().data.photos.length : 0), 0)
    t.equal(kept, 3, `three photos kept (answers ${statuses.join(',')})`)
    t.ok(
      statuses.every((status) => status === 200 || status === 429),
      'every other upload is refused as over the quota',
    )
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads WHERE user_id = $1`, [
      busy.user.id,
    ])
    t.equal(row?.n, 100)
  })

  await t.test("a listing's photos: its owner and admins only; others get 404", async (t) => {
    const listing = await makeListing(db, { ownerId: me.user.id, cityId: city.id, countryCode: 'DE' })
    const [photo] = await db.query<{ id: number }>(
      `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, 0, 'dphotoaaaa-webp', 'dthumbaaaa-webp', 10, 10), ($1, 1, 'dphotobbbb-webp', 'dthumbbbbb-webp', 10, 10) RETURNING id`,
      [listing.id],
    )
    const get = (token: string, id: number) =>
      app.inject({ url: `/api/v1/upload/listings/${id}/photos`, headers: { authorization: `Bearer ${token}` } })
    const del = (token: string, id: number, photoId: number) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/upload/listings/${id}/photos/${photoId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    t.equal((await get(me.token, listing.id)).json().data.photos.length, 2)
    t.equal((await get(other.token, listing.id)).statusCode, 404, "someone else's listing")
    t.equal((await get(admin.token, listing.id)).statusCode, 200, 'an admin')
    t.equal((await get(me.token, 99_999_999)).statusCode, 404)
    t.equal((await del(other.token, listing.id, photo!.id)).statusCode, 404, 'no deleting in a listing of someone else')
    t.equal((await get(me.token, listing.id)).json().data.photos.length, 2, 'still there')
    const deleted = await del(me.token, listing.id, photo!.id)
    t.equal(deleted.statusCode, 200)
    t.equal(deleted.json().data.photos.length, 1)
    t.equal((await del(me.token, listing.id, photo!.id)).statusCode, 404, 'already gone')
    t.equal((await app.inject({ url: `/api/v1/upload/listings/${listing.id}/photos` })).statusCode, 401)
  })
})
