import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi, TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'
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

  await t.test(
    "account status names the linked Telegram account as Telegram does, not the profile's username",
    async (t) => {
      const fields = signTelegramLogin(
        {
          id: 7106,
          first_name: 'Nasrin',
          last_name: 'K',
          username: 'nasrin_tg',
          auth_date: Math.floor(Date.now() / 1000),
        },
        TEST_BOT_TOKEN,
      )
      const s = (await app.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: fields })).json().data
      const renamed = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile',
        headers: auth(s.token),
        payload: { username: 'nasrin_home', first_name: 'Nasi' },
      })
      t.equal(renamed.statusCode, 200)
      const status = (await app.inject({ url: '/api/v1/users/account-status', headers: auth(s.token) })).json().data
      t.same(status.telegram_account, { username: 'nasrin_tg', name: 'Nasrin K' })
      const bare = await signIn(7107, 'Omid')
      const bareStatus = (await app.inject({ url: '/api/v1/users/account-status', headers: auth(bare.token) })).json()
        .data
      t.same(bareStatus.telegram_account, { username: null, name: 'Omid' }, 'a Telegram account without a username')
    },
  )

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

t.test('deleting an e-mail account erases its identity: the same e-mail and password no longer sign in', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const email = 'leaving@example.com'
  const identity = await verifiedIdentity(app, dataDir, email, 'leaving-pass')
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/create-user',
    payload: { firebase_token: identity.id_token, first_name: 'Leila' },
  })
  t.equal(created.statusCode, 201)
  const session = created.json().data
  const auth = { authorization: `Bearer ${session.token}` }
  // what the person left behind: a wrong password, an unfinished Telegram link, a push subscription
  const wrong = await app.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-in',
    payload: { email, password: 'not-the-pass' },
  })
  t.equal(wrong.statusCode, 401)
  t.equal(
    (await app.inject({ method: 'POST', url: '/api/v1/users/link-nonce', headers: auth, payload: {} })).statusCode,
    200,
  )
  const countOf = async (sql: string, param: unknown) => (await db.query<{ n: number }>(sql, [param]))[0]!.n
  const traces = async () => ({
    identities: await countOf(`SELECT count(*)::int AS n FROM email_identities WHERE email = $1`, email),
    codes: await countOf(`SELECT count(*)::int AS n FROM identity_codes WHERE uid = $1`, identity.uid),
    knownClients: await countOf(`SELECT count(*)::int AS n FROM identity_known_clients WHERE uid = $1`, identity.uid),
    failures: await countOf(`SELECT count(*)::int AS n FROM identity_sign_in_failures WHERE email = $1`, email),
    linkNonces: await countOf(`SELECT count(*)::int AS n FROM link_nonces WHERE user_id = $1`, session.user.id),
    liveSessions: await countOf(
      `SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
      session.user.id,
    ),
  })
  t.match(await traces(), { identities: 1, codes: 1, knownClients: 1, failures: 1, linkNonces: 1, liveSessions: 1 })

  const del = await app.inject({ method: 'DELETE', url: '/api/v1/users/account', headers: auth })
  t.equal(del.statusCode, 200)
  t.same(await traces(), { identities: 0, codes: 0, knownClients: 0, failures: 0, linkNonces: 0, liveSessions: 0 })
  const again = await app.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-in',
    payload: { email, password: 'leaving-pass' },
  })
  t.not(again.statusCode, 200, 'the identity provider refuses the old e-mail and password')
  t.match(again.json().error, { details: { reason: 'invalid_credentials' } })
  const [row] = await db.query<{ email_uid: string | null }>(`SELECT email_uid FROM users WHERE id = $1`, [
    session.user.id,
  ])
  t.equal(row!.email_uid, null, 'the account no longer points at an identity')

  const fresh = await verifiedIdentity(app, dataDir, email, 'a-new-pass')
  t.not(fresh.uid, identity.uid, 'the address can sign up afresh')
  const comeback = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/create-user',
    payload: { firebase_token: fresh.id_token, first_name: 'Leila' },
  })
  t.equal(comeback.statusCode, 201)
  t.not(comeback.json().data.user.id, session.user.id, 'as a new account')
})
