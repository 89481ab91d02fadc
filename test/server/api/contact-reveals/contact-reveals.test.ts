import t from 'tap'
import { contactRevealsRepo } from '../../../../server/api/contact-reveals/contact-reveals.repo.ts'
import { FREE_DAILY_REVEALS, PREMIUM_DAILY_REVEALS } from '../../../../shared/plans.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const DAY_MS = 86_400_000
const nextUtcMidnight = () => new Date((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS).toISOString()

t.test('contact access', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 8101, 'Owner')
  const admin = await telegramSession(app, 777, 'Admin')
  let nextUser = 8200
  const newReader = () => telegramSession(app, nextUser++, 'Reader')
  const listing = (fields: { status?: string; contact?: string | null } = {}) =>
    makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      contact: fields.contact === undefined ? '+49 151 5550100' : fields.contact,
      status: fields.status,
    })
  const listings = (n: number) => Promise.all(Array.from({ length: n }, () => listing()))
  const reveal = (id: number, token?: string) => call('POST', `/listings/${id}/contact`, token, {})
  const reveals = async (userId: number) =>
    db.query<{ listing_id: number; via: string }>(
      `SELECT listing_id, via FROM contact_reveals WHERE user_id = $1 ORDER BY listing_id`,
      [userId],
    )
  const makePremium = (userId: number, until: string) =>
    db.query(`UPDATE users SET premium_until = now() + $2::interval WHERE id = $1`, [userId, until])

  await t.test('a session is needed; a bad id is 400; a listing the reader may not see is 404', async (t) => {
    const open = await listing()
    const reader = await newReader()
    t.equal((await reveal(open.id)).statusCode, 401)
    t.equal((await call('POST', '/listings/abc/contact', reader.token, {})).statusCode, 400)
    t.equal((await reveal(99_999_999, reader.token)).statusCode, 404)
    for (const status of ['pending', 'rejected', 'rented', 'expired', 'removed']) {
      const hidden = await listing({ status })
      const res = await reveal(hidden.id, reader.token)
      t.equal(res.statusCode, 404, `a ${status} listing`)
      t.equal(res.json().error.code, 'NOT_FOUND')
      t.notMatch(res.body, /5550100/)
    }
    t.same(await reveals(reader.user.id), [], 'nothing was opened')
  })

  await t.test('an account deleted since its token was issued opens nothing (401)', async (t) => {
    const leaving = await newReader()
    const [l] = await listings(1)
    t.equal((await call('DELETE', '/users/account', leaving.token)).statusCode, 200)
    t.equal((await reveal(l!.id, leaving.token)).statusCode, 401)
    t.same(await reveals(leaving.user.id), [])
  })

  await t.test('a listing without a contact is 404 no_contact, and spends no reveal', async (t) => {
    const reader = await newReader()
    const bare = await listing({ contact: null })
    const res = await reveal(bare.id, reader.token)
    t.equal(res.statusCode, 404)
    t.match(res.json().error, { code: 'NOT_FOUND', details: { reason: 'no_contact' } })
    const [next] = await listings(1)
    t.equal((await reveal(next!.id, reader.token)).json().data.rate_limit.remaining_accesses, FREE_DAILY_REVEALS - 1)
  })

  await t.test(
    'a free reader opens 3 contacts a UTC day, then is offered this one (200, access payment_required, the price and the payment route); opened ones stay open for free',
    async (t) => {
      const reader = await newReader()
      const [a, b, c, d] = await listings(4)
      const before = Date.now()
      const first = await reveal(a!.id, reader.token)
      t.equal(first.statusCode, 200)
      const data = first.json().data
      t.same(data, {
        access: 'granted',
        contact_phone: '+49 151 5550100',
        listing_id: a!.id,
        access_granted_at: data.access_granted_at,
        rate_limit: { remaining_accesses: 2, resets_at: nextUtcMidnight() },
      })
      t.ok(Date.parse(data.access_granted_at) >= before - 1000, 'granted now')
      t.equal((await reveal(b!.id, reader.token)).json().data.rate_limit.remaining_accesses, 1)
      t.equal((await reveal(c!.id, reader.token)).json().data.rate_limit.remaining_accesses, 0)

      const refused = await reveal(d!.id, reader.token)
      t.equal(refused.statusCode, 200, 'an expected state, not a failed call')
      t.same(refused.json().data, {
        access: 'payment_required',
        listing_id: d!.id,
        reason: 'daily_reveals_used',
        price_eur: 0.99,
        payment_path: `/api/v1/payments/listings/${d!.id}/contact`,
        resets_at: nextUtcMidnight(),
      })
      t.notMatch(refused.body, /5550100/, 'no contact in the refusal')

      const again = await reveal(a!.id, reader.token)
      t.equal(again.statusCode, 200, 'an opened contact is answered again')
      t.equal(again.json().data.access_granted_at, data.access_granted_at, 'granted when it was first opened')
      t.equal(again.json().data.rate_limit.remaining_accesses, 0)
      t.same(
        (await reveals(reader.user.id)).map((r) => r.via),
        ['daily', 'daily', 'daily'],
        'one row per opened listing, the refused one not among them',
      )
    },
  )

  await t.test("yesterday's reveals and paid ones do not count against today", async (t) => {
    const reader = await newReader()
    const [old, paid, today] = await listings(3)
    await db.query(`INSERT INTO contact_reveals (user_id, listing_id, via, created_at) VALUES ($1, $2, 'daily', $3)`, [
      reader.user.id,
      old!.id,
      new Date((Math.floor(Date.now() / DAY_MS) - 1) * DAY_MS + 3_600_000),
    ])
    await contactRevealsRepo(db).open(reader.user.id, paid!.id, 'payment')
    const opened = await reveal(paid!.id, reader.token)
    t.equal(opened.statusCode, 200, 'a paid contact is open')
    t.equal(opened.json().data.rate_limit.remaining_accesses, FREE_DAILY_REVEALS)
    t.equal((await reveal(old!.id, reader.token)).statusCode, 200, "yesterday's stays open")
    t.equal((await reveal(today!.id, reader.token)).json().data.rate_limit.remaining_accesses, FREE_DAILY_REVEALS - 1)
  })

  await t.test('the owner and admins see the contact free, recorded as the owner’s, in any status', async (t) => {
    const pending = await listing({ status: 'pending' })
    const [active] = await listings(1)
    const own = await reveal(pending.id, owner.token)
    t.equal(own.statusCode, 200)
    t.match(own.json().data, { contact_phone: '+49 151 5550100', rate_limit: { remaining_accesses: 3 } })
    t.equal((await reveal(active!.id, owner.token)).json().data.rate_limit.remaining_accesses, 3)
    t.equal((await reveal(pending.id, admin.token)).statusCode, 200, 'an admin too')
    t.same(
      (await reveals(owner.user.id)).map((r) => r.via),
      ['owner', 'owner'],
    )
    t.same(
      (await reveals(admin.user.id)).map((r) => r.via),
      ['owner'],
    )
  })

  await t.test('premium readers open 30 a day, then are told when more come: the next UTC midnight', async (t) => {
    const reader = await newReader()
    await makePremium(reader.user.id, '10 days')
    const all = await listings(PREMIUM_DAILY_REVEALS + 1)
    for (const [i, l] of all.slice(0, PREMIUM_DAILY_REVEALS).entries()) {
      const res = await reveal(l.id, reader.token)
      t.equal(res.statusCode, 200)
      t.equal(res.json().data.rate_limit.remaining_accesses, PREMIUM_DAILY_REVEALS - 1 - i)
    }
    const refused = await reveal(all.at(-1)!.id, reader.token)
    t.equal(refused.statusCode, 200)
    t.same(refused.json().data, {
      access: 'daily_limit',
      listing_id: all.at(-1)!.id,
      reason: 'daily_reveals_used',
      resets_at: nextUtcMidnight(),
    })
    t.equal((await reveals(reader.user.id)).length, PREMIUM_DAILY_REVEALS)
  })

  await t.test('premium that has ended is checked at read: the free rules apply again', async (t) => {
    const reader = await newReader()
    await makePremium(reader.user.id, '-1 minute')
    const all = await listings(FREE_DAILY_REVEALS + 1)
    for (const l of all.slice(0, FREE_DAILY_REVEALS)) t.equal((await reveal(l.id, reader.token)).statusCode, 200)
    t.equal((await reveal(all.at(-1)!.id, reader.token)).json().data.access, 'payment_required')
  })

  await t.test('an opened contact is gone when its listing leaves the public side', async (t) => {
    const reader = await newReader()
    const [l] = await listings(1)
    t.equal((await reveal(l!.id, reader.token)).statusCode, 200)
    await db.query(`UPDATE listings SET status = 'rented' WHERE id = $1`, [l!.id])
    t.equal((await reveal(l!.id, reader.token)).statusCode, 404)
  })

  await t.test('the listing read shows the contact to the reader who opened it, and to nobody else', async (t) => {
    const reader = await newReader()
    const stranger = await newReader()
    const [l] = await listings(1)
    const read = async (token?: string) =>
      (await call('GET', `/listings/${l!.id}`, token)).json().data.contact as string | null
    t.equal(await read(reader.token), null, 'not before it is opened')
    await reveal(l!.id, reader.token)
    t.equal(await read(reader.token), '+49 151 5550100', 'the reader who opened it')
    t.equal(
      (await call('GET', `/listings/${l!.slug}`, reader.token)).json().data.contact,
      '+49 151 5550100',
      'by slug too',
    )
    t.equal(await read(stranger.token), null, 'another reader')
    t.equal(await read(), null, 'an anonymous reader')
    t.equal(await read(owner.token), '+49 151 5550100', 'the owner')
  })

  await t.test("analytics count the readers who opened the contact, once each, never the owner's looks", async (t) => {
    const [l] = await listings(1)
    const [first, second] = [await newReader(), await newReader()]
    await reveal(l!.id, first.token)
    await reveal(l!.id, first.token)
    await reveal(l!.id, second.token)
    await reveal(l!.id, owner.token)
    await reveal(l!.id, admin.token)
    const analytics = await call('GET', `/users/listings/${l!.id}/analytics`, owner.token)
    t.equal(analytics.json().data.contact_reveals, 2)
    const own = await call('GET', '/users/listings?include_analytics=true', owner.token)
    const row = own.json().data.listings.find((x: { id: number }) => x.id === l!.id)
    t.equal(row.analytics.contact_reveals, 2)
  })
})

t.test('contact races', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 8301, 'Owner')
  const listings = (n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', contact: '@owner_handle' }),
      ),
    )
  const reveal = (id: number, token: string) => call('POST', `/listings/${id}/contact`, token, {})
  const count = async (userId: number) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_reveals WHERE user_id = $1`, [userId]))[0]!.n

  await t.test('10 reveals at once by a free reader on 10 listings → exactly 3 opened, 7 offers to buy', async (t) => {
    const reader = await telegramSession(app, 8302)
    const all = await listings(10)
    const answers = await Promise.all(all.map((l) => reveal(l.id, reader.token)))
    const access = answers.map((r) => r.json().data.access)
    t.equal(access.filter((a) => a === 'granted').length, 3, '3 granted')
    t.equal(access.filter((a) => a === 'payment_required').length, 7, '7 offers to buy')
    t.equal(await count(reader.user.id), 3, 'three rows')
    t.same(
      answers
        .filter((r) => r.json().data.access === 'granted')
        .map((r) => r.json().data.rate_limit.remaining_accesses)
        .sort(),
      [0, 1, 2],
      'each answer counts the ones before it',
    )
  })

  await t.test('10 reveals at once of one listing → all answered, one reveal spent', async (t) => {
    const reader = await telegramSession(app, 8303)
    const [l] = await listings(1)
    const answers = await Promise.all(Array.from({ length: 10 }, () => reveal(l!.id, reader.token)))
    t.same(
      answers.map((r) => r.statusCode),
      Array(10).fill(200),
    )
    t.equal(await count(reader.user.id), 1)
    t.equal(new Set(answers.map((r) => r.json().data.access_granted_at)).size, 1, 'one grant time')
    t.same(
      answers.map((r) => r.json().data.rate_limit.remaining_accesses),
      Array(10).fill(2),
    )
  })
})
