import t from 'tap'
import type { PublicChange } from '../../../../../server/lib/change-bus.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'

// With a public cache of a minute, every write that changes what the public sees shows at once in
// the process that made it (docs/decisions/006-caches-and-their-lifetimes.md).
t.test('writes leave the public cache at once', async (t) => {
  const { app, db } = await buildTestApi(t, { publicCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9701)
  const admin = await telegramSession(app, 777)
  const call = apiCaller(app)
  const listing = (description: string) =>
    makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', description })
  await db.query(
    `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) VALUES ($1, 'cachephoto01-webp', 'cachethumb01-webp', 10, 10)`,
    [owner.user.id],
  )
  const leaving = await telegramSession(app, 9702)
  // made before the first read: a listing made behind the API's back shows only when the cache expires
  const toEdit = await listing('The old text of a quiet flat near the river.')
  const toRent = await listing('A flat that is about to be rented out.')
  const toReject = await listing('A flat whose photos show another flat.')
  const toRemove = await listing('A flat its owner takes down today.')
  const twoPhotos = await listing('A flat with one photo too many in it.')
  const kept = await listing('A flat nobody touches through the API.')
  const other = await listing('A flat its owner edits in a moment.')
  const leavingFlat = await makeListing(db, {
    ownerId: leaving.user.id,
    cityId: city.id,
    countryCode: 'DE',
    description: 'The flat of a user who leaves.',
  })

  const read = async (idOrSlug: string | number, language = 'fa') => {
    const res = await call('GET', `/listings/${idOrSlug}?language=${language}`, null)
    return res.statusCode === 200 ? (res.json().data as { description: string; photos: unknown[] }) : res.statusCode
  }
  const listed = async () =>
    (
      (await call('GET', '/listings?sort=newest', null)).json().data.listings as Array<{
        id: number
        description: string
      }>
    ).map((l) => l.id)
  // what the change bus told every process (this one's caches, and every other's) since the last look
  let heard: PublicChange[] = []
  app.publicChanges.subscribe((change) => heard.push(change))
  const changedBy = (_write: unknown) => {
    const told = heard.flatMap((c) => ('listing' in c ? [String(c.listing.id), c.listing.slug] : ['*']))
    heard = []
    return [...new Set(told)].sort()
  }

  await t.test(
    "an owner's edit: gone from the public at once (back to moderation); its approval shows the new text at once",
    async (t) => {
      const flat = toEdit
      t.match(await read(flat.id), { description: 'The old text of a quiet flat near the river.' })
      t.match(await read(flat.slug, 'en'), { description: 'The old text of a quiet flat near the river.' })
      t.match(
        await read(`00${flat.id}`),
        { description: 'The old text of a quiet flat near the river.' },
        'the id spelled with zeros',
      )
      t.ok((await listed()).includes(flat.id))

      const edit = {
        type: 'apartment',
        country: 'DE',
        city: 'berlin',
        rent: 900,
        description: 'The new text: a bright flat with a balcony.',
        photos: ['cachephoto01-webp'],
        contact: '+49 151 1111111',
      }
      const edited = await call('PUT', `/listings/${flat.id}`, owner.token, edit)
      t.equal(edited.statusCode, 200, edited.body)
      t.same(
        changedBy(edited),
        [String(flat.id), flat.slug].sort(),
        'the answer names the listing it changed, by id and slug',
      )
      t.equal(await read(flat.id), 404, 'pending again: not public')
      t.equal(await read(flat.slug, 'en'), 404)
      t.equal(await read(`00${flat.id}`), 404)
      t.notOk((await listed()).includes(flat.id), 'and not listed')

      const approved = await call('PUT', `/admin/listings/${flat.id}/status`, admin.token, { status: 'active' })
      t.equal(approved.statusCode, 200, approved.body)
      t.same(changedBy(approved), [String(flat.id), flat.slug].sort())
      t.match(await read(flat.slug, 'en'), {
        description: 'The new text: a bright flat with a balcony.',
        photos: [{ url: '/api/telegramFile/cachephoto01-webp' }],
      })
      t.match(await read(flat.id), { description: 'The new text: a bright flat with a balcony.' })
      t.ok((await listed()).includes(flat.id))
    },
  )

  await t.test("the owner's status change", async (t) => {
    const flat = toRent
    t.match(await read(flat.slug), { description: 'A flat that is about to be rented out.' })
    t.ok((await listed()).includes(flat.id))
    const rented = await call('PUT', `/users/listings/${flat.id}/status`, owner.token, { status: 'rented' })
    t.equal(rented.statusCode, 200, rented.body)
    t.same(changedBy(rented), [String(flat.id), flat.slug].sort())
    t.equal(await read(flat.slug), 404)
    t.notOk((await listed()).includes(flat.id))
  })

  await t.test("a moderator's rejection", async (t) => {
    const flat = toReject
    t.match(await read(flat.id, 'de'), { description: 'A flat whose photos show another flat.' })
    const rejected = await call('PUT', `/admin/listings/${flat.id}/status`, admin.token, {
      status: 'rejected',
      reason: 'The photos show another flat.',
    })
    t.equal(rejected.statusCode, 200, rejected.body)
    t.equal(await read(flat.id, 'de'), 404)
    t.notOk((await listed()).includes(flat.id))
  })

  await t.test("the owner's removal", async (t) => {
    const flat = toRemove
    t.match(await read(flat.slug, 'tr'), { description: 'A flat its owner takes down today.' })
    changedBy('the writes before')
    const removed = await call('DELETE', `/listings/${flat.id}`, owner.token)
    t.equal(removed.statusCode, 200, removed.body)
    t.same(changedBy(removed), [String(flat.id), flat.slug].sort())
    t.equal(await read(flat.slug, 'tr'), 404)
    t.notOk((await listed()).includes(flat.id))
  })

  await t.test("a photo's removal", async (t) => {
    const flat = twoPhotos
    const [photo] = await db.query<{ id: number }>(
      `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, 0, 'cachekeep01-webp', 'cachekeept1-webp', 10, 10), ($1, 1, 'cachedrop01-webp', 'cachedropt1-webp', 10, 10) RETURNING id`,
      [flat.id],
    )
    t.match(await read(flat.slug), { photos: [{}, {}] })
    const deleted = await call('DELETE', `/upload/listings/${flat.id}/photos/${photo!.id}`, owner.token)
    t.equal(deleted.statusCode, 200, deleted.body)
    t.same(changedBy(deleted), [String(flat.id), flat.slug].sort())
    const after = await read(flat.slug)
    t.equal(typeof after === 'object' && after.photos.length, 1, 'the photo is gone at once')
  })

  await t.test('only the changed listing is forgotten; reads and refused writes name no change', async (t) => {
    t.match(await read(kept.id), { description: 'A flat nobody touches through the API.' })
    // a change behind the API's back (another process) shows only when the cached read expires
    await db.query(`UPDATE listings SET description = 'Changed behind the API' WHERE id = $1`, [kept.id])
    const removed = await call('DELETE', `/listings/${other.id}`, owner.token)
    t.equal(removed.statusCode, 200)
    t.match(
      await read(kept.id),
      { description: 'A flat nobody touches through the API.' },
      'another listing keeps its cached read',
    )

    changedBy(removed)
    const get = await call('GET', `/listings/${kept.id}`, null)
    t.same(changedBy(get), [], 'a read tells nothing')
    const refused = await call('DELETE', `/listings/${kept.id}`, admin.token.slice(0, -2))
    t.equal(refused.statusCode, 401)
    t.same(changedBy(refused), [], 'nor a refused write')
    const profile = await call('PUT', '/users/profile', owner.token, { first_name: 'Nima' })
    t.equal(profile.statusCode, 200, profile.body)
    t.same(changedBy(profile), [], 'nor a write that changes no listing')
  })

  await t.test('a change of many listings (an account deletion) forgets them all', async (t) => {
    const flat = leavingFlat
    t.match(await read(flat.slug), { description: 'The flat of a user who leaves.' })
    const deleted = await call('DELETE', '/users/account', leaving.token)
    t.equal(deleted.statusCode, 200, deleted.body)
    t.same(changedBy(deleted), ['*'], 'every listing')
    t.equal(await read(flat.slug), 404)
  })
})
