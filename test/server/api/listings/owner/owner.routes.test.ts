import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'

t.test("the owner's listing writes", async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', { en: 'Turkey' }, 'TRY')
  await makeCity(db, 'DE', 'berlin')
  await makeCity(db, 'TR', 'istanbul')
  const signIn = (id: number) => telegramSession(app, id)
  const owner = await signIn(9301)
  const other = await signIn(9302)
  const admin = await signIn(777)
  const call = apiCaller(app)
  await db.query(
    `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) VALUES ($1, 'dmine0000001-webp', 'dthumb000001-webp', 1600, 1200), ($2, 'dtheirs00001-webp', 'dthumb000002-webp', 10, 10)`,
    [owner.user.id, other.user.id],
  )
  const body = {
    type: 'private_room',
    country: 'de',
    city: 'Berlin',
    rent: 650,
    description: 'A bright room near the park, five minutes from the U-Bahn.',
    photos: ['dmine0000001-webp'],
    contact: '+49 151 2345678',
    verification_number: '   ',
    status: 'active',
    owner: { id: other.user.id },
    boost_until: '2099-01-01T00:00:00Z',
    favorite_count: 999,
    surprise: 'dropped',
  }

  let id = 0
  await t.test(
    'create: 201, pending, write defaults (EUR, fa), server-owned fields ignored; invisible to the public',
    async (t) => {
      t.equal((await call('POST', '/listings', null, body)).statusCode, 401)
      const res = await call('POST', '/listings', owner.token, body)
      t.equal(res.statusCode, 201, res.body)
      const listing = res.json().data
      id = listing.id
      t.match(listing, {
        status: 'pending',
        type: 'private_room',
        country: 'DE',
        city: 'berlin',
        rent: 650,
        currency: 'EUR',
        is_negotiable: false,
        original_language: 'fa',
        boost_until: null,
        favorite_count: 0,
        contact: '+49 151 2345678',
        owner: { id: owner.user.id },
        photos: [{ url: '/api/telegramFile/dmine0000001-webp', width: 1600 }],
      })
      t.notOk('surprise' in listing)
      const [row] = await db.query<{ verification_number: string | null }>(
        `SELECT verification_number FROM listings WHERE id = $1`,
        [id],
      )
      t.equal(row!.verification_number, null, 'an empty verification number is removed')
      t.equal((await call('GET', `/listings/${id}`, null)).statusCode, 404, 'pending is not public')
      t.equal((await call('GET', `/listings/${id}`, other.token)).statusCode, 404, 'not for another user either')
      t.match(
        (await call('GET', `/listings/${id}`, owner.token)).json().data,
        { contact: '+49 151 2345678', is_owner: true },
        'the owner sees it, contact included, as theirs',
      )
      const asAdmin = await call('GET', `/listings/${id}`, admin.token)
      t.equal(asAdmin.statusCode, 200, 'an admin too')
      t.equal(asAdmin.json().data.is_owner, false, 'not as the owner')
      const search = (await call('GET', '/listings?country=DE', null)).json().data
      t.notOk(search.listings.some((l: { id: number }) => l.id === id))
    },
  )

  await t.test('negotiable: no rent, is_negotiable true; a country currency sticks', async (t) => {
    const res = await call('POST', '/listings', owner.token, {
      ...body,
      country: 'TR',
      city: 'istanbul',
      currency: 'try',
      rent: 20000,
      is_negotiable: true,
      photos: [],
    })
    t.match(res.json().data, { rent: null, is_negotiable: true, currency: 'TRY' })
    const noRent = await call('POST', '/listings', owner.token, { ...body, rent: undefined, photos: [] })
    t.match(noRent.json().data, { rent: null, is_negotiable: true })
  })

  await t.test('bad input is a 400 with field errors and writes nothing', async (t) => {
    const [{ n: before }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`)) as [
      { n: number },
    ]
    const cases: Array<[string, object, RegExp]> = [
      ['unknown city', { city: 'atlantis' }, /city/],
      ['city of another country', { city: 'istanbul' }, /city/],
      ['unknown country', { country: 'XX' }, /country/],
      ['short description', { description: 'short' }, /description/],
      ['unknown type', { type: 'castle' }, /type/],
      ['unknown currency', { currency: 'XYZ' }, /currency/],
      ["another user's photo", { photos: ['dtheirs00001-webp'] }, /photos\.0/],
      ['no contact', { contact: '' }, /contact/],
      [
        '13 photos',
        { photos: Array.from({ length: 13 }, (_, i) => `dmine${String(i).padStart(7, '0')}-webp`) },
        /photos/,
      ],
      ['negative rent', { rent: -5 }, /rent/],
      ['bad date', { start_date: '2026-02-31' }, /start_date/],
    ]
    for (const [name, change, path] of cases) {
      const res = await call('POST', '/listings', owner.token, { ...body, ...change })
      t.equal(res.statusCode, 400, name)
      t.match(JSON.stringify(res.json().error.details), path, `${name}: names the field`)
    }
    const [{ n: after }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`)) as [{ n: number }]
    t.equal(after, before)
  })

  await t.test('edit and remove: the owner only (404 for others); an edit goes back to moderation', async (t) => {
    await db.query(`UPDATE listings SET status = 'active', activated_at = now() WHERE id = $1`, [id])
    t.equal((await call('GET', `/listings/${id}`, null)).statusCode, 200, 'approved: public')
    t.equal((await call('GET', `/listings/${id}`, null)).json().data.contact, null, 'never the contact in public')
    const asOther = (await call('GET', `/listings/${id}`, other.token)).json().data
    t.equal(asOther.contact, null, 'nor to another user')
    t.notOk('is_owner' in asOther, "no owner's-view fields for another user")
    t.equal((await call('PUT', `/listings/${id}`, other.token, body)).statusCode, 404)
    t.equal((await call('DELETE', `/listings/${id}`, other.token)).statusCode, 404)
    t.equal((await call('PUT', `/listings/${id}`, null, body)).statusCode, 401)
    const edited = await call('PUT', `/listings/${id}`, owner.token, { ...body, rent: 700, photos: [] })
    t.equal(edited.statusCode, 200)
    t.match(edited.json().data, { rent: 700, status: 'pending', photos: [] })
    t.equal((await call('GET', `/listings/${id}`, null)).statusCode, 404, 'an edit hides it until approved again')
    t.equal((await call('DELETE', `/listings/${id}`, owner.token)).statusCode, 200)
    t.equal(
      (await call('PUT', `/listings/${id}`, owner.token, body)).statusCode,
      404,
      'a removed listing cannot be edited',
    )
    t.equal((await call('DELETE', `/listings/${id}`, owner.token)).statusCode, 404)
    t.equal((await call('PUT', '/listings/99999999', owner.token, body)).statusCode, 404)
  })
})

t.test("the owner's list and status changes", async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const signIn = (id: number) => telegramSession(app, id)
  const owner = await signIn(9401)
  const other = await signIn(9402)
  const call = apiCaller(app)
  const active = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    createdAt: new Date(Date.now() - 4000),
  })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
    createdAt: new Date(Date.now() - 3000),
  })
  const removed = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'removed',
    createdAt: new Date(Date.now() - 2000),
  })
  await makeListing(db, { ownerId: other.user.id, cityId: city.id, countryCode: 'DE' })

  await t.test(
    'my listings only, newest first, removed when asked; flags by status; per_page clamped to 1–100',
    async (t) => {
      t.equal((await call('GET', '/users/listings', null)).statusCode, 401)
      const mineRes = await call('GET', '/users/listings', owner.token)
      t.equal(mineRes.statusCode, 200, mineRes.body)
      const mine = mineRes.json().data
      t.same(
        mine.listings.map((l: { id: number }) => l.id),
        [pending.id, active.id],
      )
      t.match(mine.listings[1], {
        property_type: 'apartment',
        price: 800,
        status: 'active',
        can_edit: true,
        can_boost: true,
        can_remove: true,
      })
      t.match(mine.listings[0], { status: 'pending', can_boost: false })
      t.same(
        (await call('GET', '/users/listings?include_removed=true', owner.token))
          .json()
          .data.listings.map((l: { id: number }) => l.id),
        [removed.id, pending.id, active.id],
      )
      t.match((await call('GET', '/users/listings?include_removed=true', owner.token)).json().data.listings[0], {
        can_edit: false,
        can_remove: false,
      })
      t.same(
        (await call('GET', '/users/listings?status=active', owner.token))
          .json()
          .data.listings.map((l: { id: number }) => l.id),
        [active.id],
      )
      const perPage = async (query: string) =>
        (await call('GET', `/users/listings?${query}`, owner.token)).json().data.pagination
      t.match(await perPage('per_page=0'), { items_per_page: 1, total_pages: 2 })
      t.match(await perPage('per_page=-5'), { items_per_page: 1 })
      t.match(await perPage('per_page=101'), { items_per_page: 100, total_pages: 1 })
      t.match(await perPage('per_page=1&page=-3'), { current_page: 1, has_prev: false })
      t.equal(
        (await call('GET', '/users/listings?per_page=many', owner.token)).statusCode,
        400,
        'not a number is still refused',
      )
      t.match((await call('GET', '/users/listings?per_page=1&page=2', owner.token)).json().data.pagination, {
        current_page: 2,
        total_pages: 2,
        total_items: 2,
        has_prev: true,
      })
      t.notOk(JSON.stringify(mine).includes('contact'), 'the list carries no contact field')
    },
  )

  await t.test('status changes follow OWNER_TRANSITIONS; others get 404', async (t) => {
    t.equal(
      (await call('PUT', `/users/listings/${active.id}/status`, other.token, { status: 'rented' })).statusCode,
      404,
    )
    t.equal(
      (await call('PUT', `/users/listings/${active.id}/status`, owner.token, { status: 'active' })).statusCode,
      400,
      'an owner never activates',
    )
    const rented = await call('PUT', `/users/listings/${active.id}/status`, owner.token, { status: 'rented' })
    t.equal(rented.statusCode, 200)
    t.equal(rented.json().data.status, 'rented')
    t.equal(
      (await app.inject({ url: `/api/v1/listings/${active.id}` })).statusCode,
      404,
      'rented leaves the public view',
    )
    const wrong = await call('PUT', `/users/listings/${pending.id}/status`, owner.token, { status: 'rented' })
    t.equal(wrong.statusCode, 409)
    t.match(wrong.json().error.details, { reason: 'transition_not_allowed', from: 'pending', to: 'rented' })
    t.equal(
      (await call('PUT', `/users/listings/${active.id}/status`, owner.token, { status: 'pending' })).json().data.status,
      'pending',
      'relisting goes back to moderation',
    )
    t.equal(
      (await call('PUT', `/users/listings/${removed.id}/status`, owner.token, { status: 'pending' })).statusCode,
      404,
      'a removed listing stays removed',
    )
  })
})

t.test("a listing's term must be one its country offers", async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'NL', { en: 'Netherlands' })
  await db.query(`UPDATE countries SET supported_terms = ARRAY['long'] WHERE code = 'NL'`)
  await makeCity(db, 'NL', 'amsterdam')
  const owner = await telegramSession(app, 9311)
  const call = apiCaller(app)
  const body = {
    type: 'apartment',
    country: 'NL',
    city: 'amsterdam',
    rent: 1800,
    description: 'A canal-side flat with two bedrooms, close to the station.',
    photos: [],
    contact: '+31 6 12345678',
    term: 'short',
  }
  const count = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`))[0]!.n

  await t.test('create with a term the country does not offer → 400 naming term; nothing written', async (t) => {
    const res = await call('POST', '/listings', owner.token, body)
    t.equal(res.statusCode, 400)
    t.match(res.json().error.details, [{ path: 'term', code: 'unsupported_term' }])
    t.equal(await count(), 0)
  })

  await t.test('update to such a term → 400 naming term; the listing keeps its term', async (t) => {
    const created = await call('POST', '/listings', owner.token, { ...body, term: 'long' })
    t.equal(created.statusCode, 201)
    const id = created.json().data.id as number
    const res = await call('PUT', `/listings/${id}`, owner.token, body)
    t.equal(res.statusCode, 400)
    t.match(res.json().error.details, [{ path: 'term', code: 'unsupported_term' }])
    const [row] = await db.query<{ term: string }>(`SELECT term FROM listings WHERE id = $1`, [id])
    t.equal(row!.term, 'long')
  })
})
