import t from 'tap'
import { buildTestApi, TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

t.test('account status and deletion', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const signIn = async (id: number, firstName = `User${id}`) => {
    const fields = signTelegramLogin(
      { id, first_name: firstName, auth_date: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    )
    return (await app.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: fields })).json().data
  }
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })

  await t.test('account status lists the sign-in methods', async (t) => {
    const s = await signIn(7101)
    const res = await app.inject({ url: '/api/v1/users/account-status', headers: auth(s.token) })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      auth_methods: ['telegram'],
      telegram_linked: true,
      email_linked: false,
      can_unlink: false,
    })
    t.equal((await app.inject({ url: '/api/v1/users/account-status' })).statusCode, 401)
  })

  await t.test("the summary counts only the signed-in user's listings (removed left out) and favourites", async (t) => {
    const s = await signIn(7104)
    const other = await signIn(7105)
    await makeListing(db, { ownerId: s.user.id, cityId: city.id, countryCode: 'DE' })
    await makeListing(db, { ownerId: s.user.id, cityId: city.id, countryCode: 'DE', status: 'pending' })
    await makeListing(db, { ownerId: s.user.id, cityId: city.id, countryCode: 'DE', status: 'removed' })
    const theirs = await makeListing(db, { ownerId: other.user.id, cityId: city.id, countryCode: 'DE' })
    await db.query(`INSERT INTO favorites (user_id, listing_id) VALUES ($1, $2)`, [s.user.id, theirs.id])
    const res = await app.inject({ url: '/api/v1/users/summary', headers: auth(s.token) })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      user: { id: s.user.id },
      listings: { total: 2, by_status: { active: 1, pending: 1 } },
      favorites: 1,
    })
    t.same(res.json().data.listings.by_status.removed, undefined)
    const theirsSummary = (await app.inject({ url: '/api/v1/users/summary', headers: auth(other.token) })).json().data
    t.match(theirsSummary, { listings: { total: 1 }, favorites: 0 })
    t.equal((await app.inject({ url: '/api/v1/users/summary' })).statusCode, 401)
  })

  await t.test('deleting the account erases personal data, removes listings and ends every session', async (t) => {
    const s = await signIn(7102)
    const other = await signIn(7103)
    const mine = await makeListing(db, { ownerId: s.user.id, cityId: city.id, countryCode: 'DE' })
    const theirs = await makeListing(db, { ownerId: other.user.id, cityId: city.id, countryCode: 'DE' })
    const del = await app.inject({ method: 'DELETE', url: '/api/v1/users/account', headers: auth(s.token) })
    t.equal(del.statusCode, 200)
    t.equal(
      (await app.inject({ url: '/api/v1/users/profile', headers: auth(s.token) })).statusCode,
      401,
      'the access token no longer works',
    )
    t.equal(
      (await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refresh_token: s.refresh_token } }))
        .statusCode,
      401,
      'sessions revoked',
    )
    t.equal(
      (await app.inject({ url: `/api/v1/listings/${mine.id}` })).statusCode,
      404,
      'their listing is gone from public view',
    )
    t.equal(
      (await app.inject({ url: `/api/v1/listings/${theirs.id}` })).statusCode,
      200,
      "another user's listing stays",
    )
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT telegram_id, first_name, username, email, phone_number, deleted_at FROM users WHERE id = $1`,
      [s.user.id],
    )
    t.match(row, { telegram_id: null, first_name: '', username: null, email: null, phone_number: null })
    t.ok(row!.deleted_at)
    const again = await app.inject({ method: 'DELETE', url: '/api/v1/users/account', headers: auth(s.token) })
    t.equal(again.statusCode, 401, 'a second delete with the old token is refused')
    const comeback = await signIn(7102, 'Returning')
    t.not(comeback.user.id, s.user.id, 'signing in again with the same Telegram account starts a new account')
  })
})
