import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { lastActionLink } from '../../../helpers/email.ts'

t.test('built-in e-mail identity provider', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir), publicBaseUrl: 'https://khaneh.example' })
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/v1/identity/${url}`, payload: payload as object })

  await t.test(
    'sign-up answers an unverified ID token and mails a verification link in the chosen language',
    async (t) => {
      const res = await post('sign-up', {
        email: 'Neda@Example.com ',
        password: 'secret1',
        display_name: 'Neda',
        language: 'de',
      })
      t.equal(res.statusCode, 400, 'a padded e-mail is not an e-mail')
      const ok = await post('sign-up', {
        email: 'Neda@Example.com',
        password: 'secret1',
        display_name: 'Neda',
        language: 'de',
      })
      t.equal(ok.statusCode, 201)
      t.match(ok.json().data, {
        email: 'neda@example.com',
        email_verified: false,
        display_name: 'Neda',
        id_token: /^[\w-]+\.[\w-]+\.[\w-]+$/,
      })
      const [mail] = await readOutbox(dataDir, 'mail', 'neda@example.com')
      t.match(mail, {
        subject: /E-Mail-Adresse/,
        text: /https:\/\/khaneh\.example\/de\/auth\/action\?mode=verifyEmail&oobCode=[\w-]{40,}/,
      })
      t.match(mail!.text, /Der Link gilt 24 Stunden\./, 'its lifetime, in words')
      const [row] = await db.query<{ password_hash: string }>(
        `SELECT password_hash FROM email_identities WHERE email = 'neda@example.com'`,
      )
      t.match(row!.password_hash, /^scrypt\$16384\$8\$1\$/, 'the password is stored as an scrypt hash')
      t.notMatch(row!.password_hash, /secret1/)
    },
  )

  await t.test('a Persian sign-up: the link\'s lifetime in Persian digits ("۲۴ ساعت", not "24 ساعت")', async (t) => {
    const ok = await post('sign-up', {
      email: 'shirin@example.com',
      password: 'secret1',
      display_name: 'Shirin',
      language: 'fa',
    })
    t.equal(ok.statusCode, 201)
    const [mail] = await readOutbox(dataDir, 'mail', 'shirin@example.com')
    t.match(mail!.text, /این پیوند تا ۲۴ ساعت معتبر است\./)
    const words = mail!.text.replace(/https?:\/\/\S+/g, '')
    t.notMatch(words, /[0-9]/, 'no Latin digit outside the link')
  })

  await t.test('sign-up refusals: taken e-mail (409), short password, bad e-mail (400 with fields)', async (t) => {
    const taken = await post('sign-up', { email: 'neda@example.com', password: 'another1' })
    t.equal(taken.statusCode, 409)
    t.match(taken.json().error, { code: 'CONFLICT', details: { reason: 'email_already_in_use' } })
    const short = await post('sign-up', { email: 'x@example.com', password: '12345' })
    t.equal(short.statusCode, 400)
    t.match(short.json().error.details, [{ path: 'body.password' }])
    const bad = await post('sign-up', { email: 'not-an-email', password: 'secret1' })
    t.match(bad.json().error.details, [{ path: 'body.email' }])
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_identities WHERE email = 'x@example.com'`,
    )) as [{ n: number }]
    t.equal(n, 0, 'nothing written')
  })

  await t.test('verification link: check, apply once, then refused', async (t) => {
    const link = await lastActionLink(dataDir, 'neda@example.com', 'verifyEmail')
    const code = link.searchParams.get('oobCode')
    const check = await post('check-code', { oob_code: code })
    t.same(check.json().data, { mode: 'verifyEmail', email: 'neda@example.com' })
    t.equal(
      (await post('apply-code', { mode: 'resetPassword', oob_code: code, new_password: 'hijack1' })).statusCode,
      400,
      'a code only works for its purpose',
    )
    t.equal((await post('apply-code', { mode: 'verifyEmail', oob_code: code })).statusCode, 200)
    const again = await post('apply-code', { mode: 'verifyEmail', oob_code: code })
    t.equal(again.statusCode, 400)
    t.match(again.json().error.details, [{ path: 'oob_code', code: 'invalid_code' }])
    t.equal((await post('check-code', { oob_code: 'x'.repeat(43) })).statusCode, 400, 'unknown code')
    const signIn = await post('sign-in', { email: 'NEDA@example.com', password: 'secret1' })
    t.equal(signIn.json().data.email_verified, true)
  })

  await t.test('sign-in: one answer for wrong password and unknown e-mail; throttled after 5 failures', async (t) => {
    const wrong = await post('sign-in', { email: 'neda@example.com', password: 'nope-nope' })
    const unknown = await post('sign-in', { email: 'nobody@example.com', password: 'nope-nope' })
    t.equal(wrong.statusCode, 401)
    t.equal(unknown.statusCode, 401)
    t.same(wrong.json().error, unknown.json().error)
    for (let i = 0; i < 4; i++) await post('sign-in', { email: 'neda@example.com', password: 'nope-nope' })
    const blocked = await post('sign-in', { email: 'neda@example.com', password: 'secret1' })
    t.equal(blocked.statusCode, 429, 'even the right password waits')
    t.match(blocked.json().error.details, { reason: 'too_many_attempts', retry_after_s: Number })
    await db.query(`UPDATE identity_sign_in_failures SET failed_at = failed_at - interval '16 minutes'`)
    t.equal(
      (await post('sign-in', { email: 'neda@example.com', password: 'secret1' })).statusCode,
      200,
      'the window passes',
    )
  })

  await t.test(
    'password reset: same answer for unknown e-mails, link works once, old password and sessions end',
    async (t) => {
      const before = (await readOutbox(dataDir, 'mail')).length
      t.same((await post('send-password-reset', { email: 'ghost@example.com' })).json().data, { sent: true })
      t.equal((await readOutbox(dataDir, 'mail')).length, before, 'nothing sent for an unknown e-mail')
      t.same((await post('send-password-reset', { email: 'neda@example.com' })).json().data, { sent: true })
      const link = await lastActionLink(dataDir, 'neda@example.com', 'resetPassword')
      t.match(link.pathname, '/de/auth/action')
      t.match(
        (await readOutbox(dataDir, 'mail', 'neda@example.com')).at(-1)!.text,
        /einmal und 1 Stunde lang\./,
        'one hour, not "1 hours"',
      )
      const code = link.searchParams.get('oobCode')
      t.equal(
        (await post('apply-code', { mode: 'resetPassword', oob_code: code })).statusCode,
        400,
        'a new password is required',
      )
      t.equal(
        (await post('apply-code', { mode: 'resetPassword', oob_code: code, new_password: '123' })).statusCode,
        400,
        'and must be long enough',
      )
      t.equal(
        (await post('apply-code', { mode: 'resetPassword', oob_code: code, new_password: 'brand-new-1' })).statusCode,
        200,
      )
      t.equal(
        (await post('apply-code', { mode: 'resetPassword', oob_code: code, new_password: 'brand-new-2' })).statusCode,
        400,
        'used once',
      )
      t.equal((await post('sign-in', { email: 'neda@example.com', password: 'secret1' })).statusCode, 401)
      t.equal((await post('sign-in', { email: 'neda@example.com', password: 'brand-new-1' })).statusCode, 200)
    },
  )

  await t.test('expired links are refused', async (t) => {
    await post('send-password-reset', { email: 'neda@example.com' })
    const code = (await lastActionLink(dataDir, 'neda@example.com', 'resetPassword')).searchParams.get('oobCode')
    await db.query(`UPDATE identity_codes SET expires_at = now() - interval '1 second'`)
    t.equal(
      (await post('apply-code', { mode: 'resetPassword', oob_code: code, new_password: 'later-pass' })).statusCode,
      400,
    )
  })

  await t.test('resending verification: needs a valid ID token; three links an hour', async (t) => {
    const fresh = (await post('sign-up', { email: 'omid@example.com', password: 'secret1' })).json().data
    t.equal(
      (await post('send-verification', { id_token: fresh.id_token.slice(0, -2) + 'xx' })).statusCode,
      401,
      'forged token',
    )
    t.same((await post('send-verification', { id_token: fresh.id_token })).json().data, {
      sent: true,
      already_verified: false,
    })
    t.equal((await post('send-verification', { id_token: fresh.id_token })).statusCode, 200)
    const limited = await post('send-verification', { id_token: fresh.id_token })
    t.equal(limited.statusCode, 429, 'the sign-up mail counts: 3 an hour')
    t.equal((await readOutbox(dataDir, 'mail', 'omid@example.com')).length, 3)
  })

  await t.test('ten sign-in links asked for at once: exactly three are mailed, as one after another', async (t) => {
    t.equal((await post('sign-up', { email: 'parisa@example.com', password: 'secret1' })).statusCode, 201)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('send-sign-in-link', { email: 'parisa@example.com' })),
    )
    t.same(new Set(answers.map((a) => a.statusCode)), new Set([200]), 'the answer never tells')
    const links = (await readOutbox(dataDir, 'mail', 'parisa@example.com')).filter((m) => /mode=signIn&/.test(m.text))
    t.equal(links.length, 3)
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity_codes c JOIN email_identities i USING (uid)
        WHERE i.email = 'parisa@example.com' AND c.purpose = 'signIn'`,
    )
    t.equal(row!.n, 3)
  })

  await t.test('two concurrent sign-ups of one e-mail: exactly one account', async (t) => {
    const results = await Promise.all(
      [1, 2].map(() => post('sign-up', { email: 'twin@example.com', password: 'secret1' })),
    )
    t.same(results.map((r) => r.statusCode).sort(), [201, 409])
  })
})
