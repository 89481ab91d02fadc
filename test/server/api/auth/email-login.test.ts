import { SignJWT } from 'jose'
import t from 'tap'
import { AppError } from '../../../../server/lib/errors.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi, TEST_SESSION_SECRET } from '../../../helpers/build-api.ts'
import { lastActionLink, verifiedIdentity } from '../../../helpers/email.ts'

t.test('e-mail sign-in: /auth/email-login and /auth/create-user', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const { app: adminApp } = await buildTestApi(t, {
    db,
    mailer: outboxMailer(dataDir),
    auth: { secret: TEST_SESSION_SECRET, accessTtlMs: 60_000, adminEmails: ['boss@example.com'] },
  })
  const post = (url: string, payload: unknown, on = app) =>
    on.inject({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object })

  await t.test('create-user makes the account (with a referral code), then email-login signs in', async (t) => {
    const identity = await verifiedIdentity(app, dataDir, 'maryam@example.com')
    const created = await post('auth/create-user', {
      firebase_token: identity.id_token,
      first_name: 'Maryam',
      last_name: 'Karimi',
      phone_number: '+49 151 000',
      language_code: 'en',
      referral_code: 'FRIEND01',
      role: 'admin',
      ai_credits: 999,
    })
    t.equal(created.statusCode, 201)
    const session = created.json().data
    t.match(session, {
      token: /\./,
      refresh_token: String,
      user: {
        email: 'maryam@example.com',
        email_verified: true,
        auth_method: 'email',
        role: 'user',
        ai_credits: 3,
        language: 'en',
      },
    })
    const [row] = await db.query<{ referred_by_code: string }>(`SELECT referred_by_code FROM users WHERE id = $1`, [
      session.user.id,
    ])
    t.equal(row!.referred_by_code, 'FRIEND01', 'the referral code is kept')
    const again = await post('auth/email-login', { email: 'Maryam@Example.com', firebase_token: identity.id_token })
    t.equal(again.statusCode, 200)
    t.equal(again.json().data.user.id, session.user.id)
    const twice = await post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Again' })
    t.equal(twice.statusCode, 409)
    t.match(twice.json().error.details, { reason: 'account_exists' })
  })

  await t.test('a first sign-in is no failure: email-login makes the account from the names given, once', async (t) => {
    const identity = await verifiedIdentity(app, dataDir, 'first@example.com', 'secret-pass', 'Ignored Name')
    const login = await post('auth/email-login', {
      email: 'first@example.com',
      firebase_token: identity.id_token,
      first_name: 'Shadi',
      last_name: 'Rahimi',
      language_code: 'de',
    })
    t.equal(login.statusCode, 200)
    t.match(login.json().data, {
      token: /\./,
      user: {
        email: 'first@example.com',
        email_verified: true,
        first_name: 'Shadi',
        last_name: 'Rahimi',
        language: 'de',
        auth_method: 'email',
        ai_credits: 3,
      },
    })
    const again = await post('auth/email-login', { firebase_token: identity.id_token, first_name: 'Other' })
    t.equal(again.json().data.user.id, login.json().data.user.id, 'the same account the next time')
    t.equal(again.json().data.user.first_name, 'Shadi', 'names are taken at the first sign-in only')
    const twice = await post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Again' })
    t.equal(twice.statusCode, 409)
    const named = await verifiedIdentity(app, dataDir, 'named@example.com', 'secret-pass', 'Navid  Sadeghi Far')
    const fromIdentity = (await post('auth/email-login', { firebase_token: named.id_token })).json().data.user
    t.match(fromIdentity, { first_name: 'Navid', last_name: 'Sadeghi Far' }, 'else the name the identity carries')
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email = 'first@example.com'`,
    )
    t.equal(row!.n, 1)
  })

  await t.test('an unverified e-mail never signs in, creates or takes over an account', async (t) => {
    const unverified = (
      await post('identity/sign-up', { email: 'maryam2@example.com', password: 'secret-pass' })
    ).json().data
    const login = await post('auth/email-login', { firebase_token: unverified.id_token })
    t.equal(login.statusCode, 403)
    t.match(login.json().error.details, { reason: 'email_not_verified' })
    t.equal((await post('auth/create-user', { firebase_token: unverified.id_token, first_name: 'M' })).statusCode, 403)
    // an account whose e-mail someone else signs up with, unverified: no way in
    await db.query(
      `INSERT INTO users (first_name, email, email_verified, auth_method, referral_code) VALUES ('Owner', 'victim@example.com', true, 'telegram', 'RVICTIM1')`,
    )
    const squatter = (await post('identity/sign-up', { email: 'victim@example.com', password: 'secret-pass' })).json()
      .data
    t.equal((await post('auth/email-login', { firebase_token: squatter.id_token })).statusCode, 403)
    const [victim] = await db.query<{ email_uid: string | null }>(
      `SELECT email_uid FROM users WHERE email = 'victim@example.com'`,
    )
    t.equal(victim!.email_uid, null, 'the existing account is untouched')
  })

  await t.test(
    'token refusals: forged, foreign key, wrong audience, expired, e-mail mismatch, malformed',
    async (t) => {
      const identity = await verifiedIdentity(app, dataDir, 'token@example.com')
      await post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Tok' })
      const [h, p, s] = identity.id_token.split('.')
      const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'someone-else' })).toString('base64url')}.${s}`
      t.equal((await post('auth/email-login', { firebase_token: forged })).statusCode, 401, 'a changed payload')
      const now = Math.floor(Date.now() / 1000)
      const claims = { email: 'token@example.com', email_verified: true }
      const foreign = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(identity.uid)
        .setIssuer('khaneh-identity')
        .setAudience('khaneh-email-login')
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode('x'.repeat(48)))
      t.equal((await post('auth/email-login', { firebase_token: foreign })).statusCode, 401, 'another key')
      const accessToken = (await post('auth/email-login', { firebase_token: identity.id_token })).json().data.token
      t.equal(
        (await post('auth/email-login', { firebase_token: accessToken })).statusCode,
        401,
        'an access token is not an ID token',
      )
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`
      t.equal((await post('auth/email-login', { firebase_token: none })).statusCode, 401, 'alg none')
      const mismatch = await post('auth/email-login', { email: 'other@example.com', firebase_token: identity.id_token })
      t.equal(mismatch.statusCode, 400)
      t.match(mismatch.json().error.details, [{ path: 'email', code: 'mismatch' }])
      t.equal((await post('auth/email-login', { firebase_token: '' })).statusCode, 400)
      t.equal((await post('auth/create-user', { firebase_token: identity.id_token, first_name: '' })).statusCode, 400)
      const expiredToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(identity.uid)
        .setIssuer('khaneh-identity')
        .setAudience('khaneh-email-login')
        .setExpirationTime(now - 10)
        .sign(new TextEncoder().encode('y'.repeat(48)))
      t.equal((await post('auth/email-login', { firebase_token: expiredToken })).statusCode, 401, 'expired')
    },
  )

  await t.test('ADMIN_EMAILS grants the admin role at sign-in', async (t) => {
    const identity = await verifiedIdentity(adminApp, dataDir, 'boss@example.com')
    const created = await post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Boss' }, adminApp)
    t.equal(created.json().data.user.role, 'admin')
  })

  await t.test('a password reset ends every session of the account', async (t) => {
    const identity = await verifiedIdentity(app, dataDir, 'reset@example.com', 'old-password')
    const session = (await post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Reset' })).json()
      .data
    await post('identity/send-password-reset', { email: 'reset@example.com' })
    const code = (await lastActionLink(dataDir, 'reset@example.com', 'resetPassword')).searchParams.get('oobCode')
    t.equal(
      (await post('identity/apply-code', { mode: 'resetPassword', oob_code: code, new_password: 'new-password' }))
        .statusCode,
      200,
    )
    t.equal((await post('auth/refresh', { refresh_token: session.refresh_token })).statusCode, 401)
  })

  await t.test('two concurrent create-user calls: exactly one account', async (t) => {
    const identity = await verifiedIdentity(app, dataDir, 'race@example.com')
    const results = await Promise.all(
      [1, 2].map(() => post('auth/create-user', { firebase_token: identity.id_token, first_name: 'Race' })),
    )
    t.same(results.map((r) => r.statusCode).sort(), [201, 409])
  })
})

t.test('with Firebase configured, its verifier decides and the built-in provider is not served', async (t) => {
  const tokens = new Map([
    ['firebase.verified.token', { uid: 'fb-uid-1', email: 'Fb@Example.com', emailVerified: true, name: 'Fari' }],
  ])
  const { app } = await buildTestApi(t, {
    auth: {
      secret: TEST_SESSION_SECRET,
      accessTtlMs: 60_000,
      firebaseIdTokens: {
        async verify(token) {
          const identity = tokens.get(token)
          if (!identity) throw new AppError('UNAUTHENTICATED', 'Invalid e-mail sign-in token')
          return identity
        },
      },
    },
  })
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/identity/sign-up',
        payload: { email: 'x@example.com', password: 'secret1' },
      })
    ).statusCode,
    404,
  )
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/create-user',
    payload: { firebase_token: 'firebase.verified.token', first_name: 'Fari' },
  })
  t.equal(created.statusCode, 201)
  t.equal(created.json().data.user.email, 'fb@example.com')
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/email-login',
        payload: { firebase_token: 'firebase.other.token' },
      })
    ).statusCode,
    401,
  )
})
