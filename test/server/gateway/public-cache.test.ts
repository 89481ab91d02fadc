import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

// Both caches (the API's public reads and the gateway's pages) last a minute here: a write shows at
// once, to anonymous readers of the API and of the pages (docs/decisions/006-caches-and-their-lifetimes.md).
t.test('writes through the gateway leave its public cache at once', async (t) => {
  const { gateway, api, db } = await buildTestStack(t, { renderCacheMs: 60_000 }, { publicCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })

  const signIn = (id: number) => signInThroughGateway(gateway, id)
  const owner = await signIn(9801)
  const admin = await signIn(777)
  const write = (as: { cookies: Record<string, string> }, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    gateway.inject({
      method,
      url: `/api/v1${url}`,
      headers: { origin: ORIGIN },
      cookies: as.cookies,
      ...(payload && { payload }),
    })

  const listing = (description: string) =>
    makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', description })
  const toEdit = await listing('The old text of a quiet flat near the river.')
  const toRent = await listing('A flat that is about to be rented out.')
  const toReject = await listing('A flat whose photos show another flat.')
  const toRemove = await listing('A flat its owner takes down today.')
  const twoPhotos = await listing('A flat with one photo too many in it.')
  const [photo] = await db.query<{ id: number }>(
    `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, 0, 'gwgone01-webp', 'gwgonet1-webp', 10, 10), ($1, 1, 'gwstay01-webp', 'gwstayt1-webp', 10, 10) RETURNING id`,
    [twoPhotos.id],
  )
  await db.query(
    `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) VALUES ($1, 'gwphoto001-webp', 'gwthumb001-webp', 10, 10)`,
    [owner.id],
  )

  /** An anonymous read through the proxy: the listing, or the status. */
  const read = async (idOrSlug: string | number) => {
    const res = await gateway.inject({ url: `/api/v1/listings/${idOrSlug}?language=en` })
    return res.statusCode === 200 ? (res.json().data as { description: string; photos: unknown[] }) : res.statusCode
  }
  const listed = async () =>
    ((await gateway.inject({ url: '/api/v1/listings?sort=newest' })).json().data.listings as Array<{ id: number }>).map(
      (l) => l.id,
    )
  /** An anonymous visitor's page of the listing (rendered from the loaders' cached reads). */
  const page = (slug: string) => gateway.inject({ url: `/en/listing/${slug}`, headers: { 'user-agent': CHROME } })
  /** The listings page (its loader's read of the list is cached too). */
  const listingsPage = async () =>
    (await gateway.inject({ url: '/en/listings?sort=newest', headers: { 'user-agent': CHROME } })).body

  // warm every cache first: each read below would be served from one for a minute
  for (const flat of [toEdit, toRent, toReject, toRemove, twoPhotos]) {
    t.equal(typeof (await read(flat.slug)), 'object')
    t.equal(typeof (await read(flat.id)), 'object')
    t.equal((await page(flat.slug)).statusCode, 200)
  }
  t.same((await listed()).sort(), [toEdit.id, toRent.id, toReject.id, toRemove.id, twoPhotos.id].sort())
  t.match(await listingsPage(), `/en/listing/${toRemove.slug}`)

  await t.test("an owner's edit and its approval", async (t) => {
    const edit = {
      type: 'apartment',
      country: 'DE',
      city: 'berlin',
      rent: 900,
      description: 'The new text: a bright flat with a balcony.',
      photos: ['gwphoto001-webp'],
      contact: '+49 151 1111111',
    }
    const edited = await write(owner, 'PUT', `/listings/${toEdit.id}`, edit)
    t.equal(edited.statusCode, 200, edited.body)
    t.equal(await read(toEdit.slug), 404, 'back to moderation: not public at once')
    t.equal(await read(toEdit.id), 404)
    t.equal((await page(toEdit.slug)).statusCode, 404)
    t.notOk((await listed()).includes(toEdit.id))

    const approved = await write(admin, 'PUT', `/admin/listings/${toEdit.id}/status`, { status: 'active' })
    t.equal(approved.statusCode, 200, approved.body)
    t.match(await read(toEdit.slug), { description: 'The new text: a bright flat with a balcony.' })
    t.match(await read(toEdit.id), { description: 'The new text: a bright flat with a balcony.' })
    const shown = await page(toEdit.slug)
    t.equal(shown.statusCode, 200)
    t.match(shown.body, 'The new text: a bright flat with a balcony.')
    t.notMatch(shown.body, 'The old text')
    t.ok((await listed()).includes(toEdit.id))
  })

  await t.test("the owner's status change", async (t) => {
    t.equal((await write(owner, 'PUT', `/users/listings/${toRent.id}/status`, { status: 'rented' })).statusCode, 200)
    t.equal(await read(toRent.slug), 404)
    t.equal((await page(toRent.slug)).statusCode, 404)
    t.notOk((await listed()).includes(toRent.id))
  })

  await t.test("a moderator's rejection", async (t) => {
    const rejected = await write(admin, 'PUT', `/admin/listings/${toReject.id}/status`, {
      status: 'rejected',
      reason: 'The photos show another flat.',
    })
    t.equal(rejected.statusCode, 200, rejected.body)
    t.equal(await read(toReject.id), 404)
    t.equal((await page(toReject.slug)).statusCode, 404)
  })

  await t.test("the owner's removal, and the list page", async (t) => {
    t.equal((await write(owner, 'DELETE', `/listings/${toRemove.id}`)).statusCode, 200)
    t.equal(await read(toRemove.slug), 404)
    t.equal(await read(toRemove.id), 404)
    t.equal((await page(toRemove.slug)).statusCode, 404)
    t.notOk((await listed()).includes(toRemove.id))
    t.notMatch(await listingsPage(), `/en/listing/${toRemove.slug}`, 'its card is gone from the listings page')
  })

  await t.test("a photo's removal", async (t) => {
    t.equal((await write(owner, 'DELETE', `/upload/listings/${twoPhotos.id}/photos/${photo!.id}`)).statusCode, 200)
    const after = await read(twoPhotos.slug)
    t.equal(typeof after === 'object' && after.photos.length, 1)
    const shown = (await page(twoPhotos.slug)).body
    t.notMatch(shown, 'gwgone01-webp', 'the page no longer shows the removed photo')
    t.match(shown, 'gwstay01-webp')
  })

  await t.test(
    'a write that does not pass through the gateway (a script, another gateway) shows at once',
    async (t) => {
      const flat = await read(twoPhotos.slug)
      t.equal(typeof flat, 'object')
      const direct = await api.inject({
        method: 'PUT',
        url: `/api/v1/users/listings/${twoPhotos.id}/status`,
        headers: { authorization: `Bearer ${owner.cookies['__Host-khaneh_at']}` },
        payload: { status: 'rented' },
      })
      t.equal(direct.statusCode, 200, direct.body)
      t.equal(await read(twoPhotos.slug), 404)
      t.equal((await page(twoPhotos.slug)).statusCode, 404, 'its page too: the gateway heard of the write')
    },
  )
})
