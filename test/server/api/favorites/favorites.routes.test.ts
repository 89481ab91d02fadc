import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

t.test('favourites', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const signIn = (id: number) => telegramSession(app, id)
  const me = await signIn(8001)
  const other = await signIn(8002)
  const owner = await signIn(8003)
  const call = apiCaller(app)
  const a = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    createdAt: new Date(Date.now() - 3000),
  })
  const b = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    createdAt: new Date(Date.now() - 2000),
  })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
  })

  await t.test('a session is needed; bad ids are 400, unknown or non-public listings 404', async (t) => {
    t.equal((await call('GET', '/favorites')).statusCode, 401)
    t.equal((await call('POST', `/favorites/${a.id}`)).statusCode, 401)
    t.equal((await call('DELETE', `/favorites/${a.id}`)).statusCode, 401)
    t.equal((await call('POST', '/favorites/abc', me.token)).statusCode, 400)
    t.equal((await call('POST', '/favorites/99999999', me.token)).statusCode, 404)
    t.equal(
      (await call('POST', `/favorites/${pending.id}`, me.token)).statusCode,
      404,
      'a pending listing cannot be saved',
    )
    t.equal((await call('GET', '/favorites?limit=abc', me.token)).statusCode, 400, 'not a number is still refused')
  })

  await t.test('page sizes are clamped, not refused: limit 1–100, page at least 0', async (t) => {
    const used = async (query: string) => {
      const res = await call('GET', `/favorites?${query}`, me.token)
      t.equal(res.statusCode, 200, query)
      return res.json().data.pagination
    }
    t.match(await used('limit=0'), { items_per_page: 1 })
    t.match(await used('limit=-5'), { items_per_page: 1 })
    t.match(await used('limit=500'), { items_per_page: 100 })
    t.match(await used('limit=2.9'), { items_per_page: 2 }, 'a decimal is read as a whole number')
    t.match(await used('limit='), { items_per_page: 20 }, 'empty is the default')
    t.match(await used('page=-3'), { current_page: 1, items_per_page: 20 }, 'page -3 is page 0, the first page')
  })

  await t.test('adding is idempotent and counts once; the listing reads show it to me only', async (t) => {
    const first = await call('POST', `/favorites/${a.id}`, me.token)
    t.equal(first.statusCode, 200)
    t.match(first.json().data, { listing_id: a.id, is_favorited: true, favorite_count: 1, favorited_at: String })
    const again = await call('POST', `/favorites/${a.id}`, me.token)
    t.match(again.json().data, { is_favorited: true, favorite_count: 1 })
    await call('POST', `/favorites/${a.id}`, other.token)
    const mine = (await call('GET', `/listings/${a.id}`, me.token)).json().data
    t.match(mine, { is_favorited: true, favorite_count: 2, favorited_at: first.json().data.favorited_at })
    const anonymous = (await call('GET', `/listings/${a.id}`)).json().data
    t.match(anonymous, { is_favorited: false, favorited_at: null })
    const list = (await call('GET', '/listings?sort=newest', me.token)).json().data.listings
    t.same(
      list.map((l: { id: number; is_favorited: boolean }) => [l.id, l.is_favorited]),
      [
        [b.id, false],
        [a.id, true],
      ],
    )
    // a reader with none of the page's listings among their favourites gets the shared page as it is
    const shared = (await call('GET', '/listings?sort=newest')).json().data
    t.same(
      shared.listings.map((l: { is_favorited: boolean }) => l.is_favorited),
      [false, false],
      'left unmarked',
    )
    t.same((await call('GET', '/listings?sort=newest', owner.token)).json().data, shared)
    t.equal(
      (await call('GET', '/listings', 'not.a.token')).statusCode,
      401,
      'a bad token on a public read is a 401 (the gateway then retries anonymously)',
    )
  })

  await t.test('marks: which of the asked listings the reader saved, and when; only theirs', async (t) => {
    const saved = (await call('GET', `/listings/${a.id}`, me.token)).json().data.favorited_at
    const mine = await call('GET', `/favorites/marks?ids=${b.id},${a.id},99999999`, me.token)
    t.equal(mine.statusCode, 200)
    t.same(mine.json().data, { marks: [{ listing_id: a.id, favorited_at: saved }] })
    t.same((await call('GET', `/favorites/marks?ids=${b.id}`, owner.token)).json().data, { marks: [] })
    t.equal((await call('GET', `/favorites/marks?ids=${a.id}`)).statusCode, 401)
    for (const ids of ['', 'abc', '1,,2', '99999999999', Array.from({ length: 101 }, (_, i) => i + 1).join(',')])
      t.equal((await call('GET', `/favorites/marks?ids=${ids}`, me.token)).statusCode, 400, `ids=${ids.slice(0, 20)}`)
  })

  await t.test('the list: newest first, paged, page 0 is the first page; another user sees only theirs', async (t) => {
    await call('POST', `/favorites/${b.id}`, me.token)
    const page = (await call('GET', '/favorites?page=0&limit=1', me.token)).json().data
    t.equal(page.favorites.length, 1)
    t.match(page.favorites[0], { id: b.id, listing: { id: b.id, is_favorited: true } })
    t.match(page.pagination, { current_page: 1, total_pages: 2, total_items: 2, has_next: true, has_prev: false })
    const second = (await call('GET', '/favorites?page=2&limit=1', me.token)).json().data
    t.equal(second.favorites[0].id, a.id)
    const theirs = (await call('GET', '/favorites', other.token)).json().data
    t.same(
      theirs.favorites.map((f: { id: number }) => f.id),
      [a.id],
    )
    t.notOk(JSON.stringify(theirs).includes('"contact":"'), 'no contact in favourites')
  })

  await t.test(
    'removing is idempotent; a listing that stops being public stays in the list with its status',
    async (t) => {
      const removed = await call('DELETE', `/favorites/${a.id}`, me.token)
      t.match(removed.json().data, { is_favorited: false, favorite_count: 1, favorited_at: null })
      t.match((await call('DELETE', `/favorites/${a.id}`, me.token)).json().data, {
        is_favorited: false,
        favorite_count: 1,
      })
      t.equal((await call('DELETE', '/favorites/99999999', me.token)).statusCode, 404)
      await db.query(`UPDATE listings SET status = 'rented' WHERE id = $1`, [b.id])
      const list = (await call('GET', '/favorites', me.token)).json().data
      t.match(list.favorites, [{ id: b.id, listing: { status: 'rented' } }])
      await db.query(`UPDATE listings SET status = 'removed' WHERE id = $1`, [b.id])
      t.equal(
        (await call('GET', '/favorites', me.token)).json().data.favorites.length,
        0,
        'removed listings leave the list',
      )
      t.match(
        (await call('GET', '/favorites', other.token)).json().data.favorites,
        [{ id: a.id }],
        "the other user's favourite is untouched",
      )
    },
  )

  await t.test('concurrent adds by one user count once', async (t) => {
    const c = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
    await Promise.all([1, 2, 3].map(() => call('POST', `/favorites/${c.id}`, me.token)))
    const [row] = await db.query<{ favorite_count: number }>(`SELECT favorite_count FROM listings WHERE id = $1`, [
      c.id,
    ])
    t.equal(row!.favorite_count, 1)
  })
})
