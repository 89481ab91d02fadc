import t from 'tap'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { outboxSmsSender } from '../../../../server/integrations/sms/sms-sender.ts'
import { buildTestApi, TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

t.test('POST /users/verify-phone', async (t) => {
  const dir = t.testdir()
  const { app, db } = await buildTestApi(t, { sms: outboxSmsSender(dir) })
  let nextTelegramId = 6000
  const signIn = async () => {
    const id = nextTelegramId++
    const fields = signTelegramLogin(
      { id, first_name: `User${id}`, auth_date: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    )
    const session = (await app.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: fields })).json()
      .data
    return { token: session.token as string, id: session.user.id as number }
  }
  const post = (token: string | null, payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/users/verify-phone',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    })
  const profile = async (token: string) =>
    (await app.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` } })).json().data
  /** The code of the newest SMS sent to `phone`. */
  const lastCode = async (phone: string) => {
    const text = (await readOutbox(dir, 'sms', phone)).at(-1)?.text ?? ''
    const code = /: (\d{6})\./.exec(text)?.[1]
    if (!code) throw new Error(`no code sent to ${phone}: ${text}`)
    return code
  }
  const codeRow = async (userId: number) =>
    (
      await db.query<{ attempts: number; used: boolean }>(
        `SELECT attempts, used_at IS NOT NULL AS used FROM phone_codes WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
        [userId],
      )
    )[0]
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  await t.test('an anonymous request → 401 and no SMS', async (t) => {
    const res = await post(null, { phone_number: '+989120000001' })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error.code, 'UNAUTHENTICATED')
    t.same(await readOutbox(dir, 'sms', '+989120000001'), [])
  })

  await t.test('a number not in E.164 or a malformed code → 400 with field details, nothing sent', async (t) => {
    const user = await signIn()
    for (const phone_number of ['09123456789', '+98', '+98912abc4567', '+0989123456789', '+1234567890123456', '']) {
      const res = await post(user.token, { phone_number })
      t.equal(res.statusCode, 400, `${JSON.stringify(phone_number)} is refused`)
      t.match(res.json().error, { code: 'VALIDATION_ERROR', details: [{ path: /phone_number$/ }] })
    }
    const missing = await post(user.token, {})
    t.match(missing.json().error.details, [{ path: /phone_number$/ }])
    const badCode = await post(user.token, { phone_number: '+989120000002', code: '12345' })
    t.equal(badCode.statusCode, 400)
    t.match(badCode.json().error.details, [{ path: /code$/ }])
    t.same(await readOutbox(dir, 'sms'), [])
  })

  await t.test('send → code by SMS → verify: the number is verified and the profile shows it', async (t) => {
    const user = await signIn()
    // as typed on a Persian keyboard: Persian digits, spaces and dashes
    const sent = await post(user.token, { phone_number: '+۹۸ ۹۱۲-۰۰۰-۰۰۰۳' })
    t.equal(sent.statusCode, 200)
    t.same(sent.json().data, { sent: true, expires_in: 600 })
    const code = await lastCode('+989120000003')
    const stored = await db.query<{ code_hash: string }>(`SELECT code_hash FROM phone_codes WHERE user_id = $1`, [
      user.id,
    ])
    t.not(stored[0]?.code_hash, code, 'the code is stored hashed')
    t.notMatch(stored[0]?.code_hash, code)

    const persianCode = code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)))
    const verified = await post(user.token, { phone_number: '+989120000003', code: persianCode })
    t.equal(verified.statusCode, 200)
    t.match(verified.json().data, { id: user.id, phone_number: '+989120000003', phone_verified: true })
    t.match(await profile(user.token), { phone_number: '+989120000003', phone_verified: true })
    const status = (
      await app.inject({ url: '/api/v1/users/account-status', headers: { authorization: `Bearer ${user.token}` } })
    ).json().data
    t.equal(status.phone_verified, true)
  })

  await t.test(
    "the SMS is in the user's language: Persian (with Persian digits) by default, English once chosen",
    async (t) => {
      const persian = await signIn()
      t.equal((await post(persian.token, { phone_number: '+989120000050' })).statusCode, 200)
      const code = await lastCode('+989120000050')
      t.equal(
        (await readOutbox(dir, 'sms', '+989120000050')).at(-1)?.text,
        `کد تأیید خانه: ${code}. این کد تا ۱۰ دقیقه معتبر است.`,
      )

      const english = await signIn()
      const chosen = await app.inject({
        method: 'PUT',
        url: '/api/v1/users/profile',
        headers: { authorization: `Bearer ${english.token}` },
        payload: { language: 'en' },
      })
      t.equal(chosen.statusCode, 200)
      t.equal((await post(english.token, { phone_number: '+491510000051' })).statusCode, 200)
      const englishCode = await lastCode('+491510000051')
      t.equal(
        (await readOutbox(dir, 'sms', '+491510000051')).at(-1)?.text,
        `Your Khaneh code: ${englishCode}. It works for 10 minutes.`,
      )
    },
  )

  await t.test('five wrong codes → 400 each, then 429 and the right code is refused too', async (t) => {
    const user = await signIn()
    await post(user.token, { phone_number: '+4915100000004' })
    const code = await lastCode('+4915100000004')
    for (let i = 1; i <= 5; i++) {
      const res = await post(user.token, { phone_number: '+4915100000004', code: wrongCode(code) })
      t.equal(res.statusCode, 400, `wrong code #${i}`)
      t.same(res.json().error.details, [{ path: 'code', code: 'invalid_code', message: 'is not correct' }])
    }
    const right = await post(user.token, { phone_number: '+4915100000004', code })
    t.equal(right.statusCode, 429)
    t.equal(right.json().error.code, 'RATE_LIMITED')
    t.match(await profile(user.token), { phone_number: null, phone_verified: false })
  })

  await t.test('an expired code → 400 expired_code', async (t) => {
    const user = await signIn()
    await post(user.token, { phone_number: '+4915100000005' })
    const code = await lastCode('+4915100000005')
    await db.query(`UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id])
    const res = await post(user.token, { phone_number: '+4915100000005', code })
    t.equal(res.statusCode, 400)
    t.match(res.json().error, { code: 'VALIDATION_ERROR', details: [{ path: 'code', code: 'expired_code' }] })
    t.equal((await profile(user.token)).phone_verified, false)
  })

  await t.test('a code works once; a code for another number or an older code does not work', async (t) => {
    const user = await signIn()
    await post(user.token, { phone_number: '+4915100000006' })
    const code = await lastCode('+4915100000006')
    const other = await post(user.token, { phone_number: '+4915100000066', code })
    t.equal(other.statusCode, 400, 'the code is bound to its number')
    t.equal((await post(user.token, { phone_number: '+4915100000006', code })).statusCode, 200)
    const again = await post(user.token, { phone_number: '+4915100000006', code })
    t.equal(again.statusCode, 400)
    t.equal(again.json().error.details[0].code, 'expired_code')

    await post(user.token, { phone_number: '+4915100000067' })
    const older = await lastCode('+4915100000067')
    await post(user.token, { phone_number: '+4915100000067' })
    const newer = await lastCode('+4915100000067')
    if (older !== newer)
      t.equal(
        (await post(user.token, { phone_number: '+4915100000067', code: older })).statusCode,
        400,
        'a fresh code retires the older one',
      )
    t.equal((await post(user.token, { phone_number: '+4915100000067', code: newer })).statusCode, 200)
    t.match(await profile(user.token), { phone_number: '+4915100000067', phone_verified: true })
  })

  await t.test('a fourth code within an hour → 429 with retry_after_s', async (t) => {
    const user = await signIn()
    for (let i = 1; i <= 3; i++)
      t.equal((await post(user.token, { phone_number: '+4915100000007' })).statusCode, 200, `code #${i}`)
    const res = await post(user.token, { phone_number: '+4915100000007' })
    t.equal(res.statusCode, 429)
    t.equal(res.json().error.code, 'RATE_LIMITED')
    const retry = res.json().error.details.retry_after_s
    t.ok(Number.isInteger(retry) && retry > 3500 && retry <= 3600, `retry_after_s ${retry}`)
    t.equal((await readOutbox(dir, 'sms', '+4915100000007')).length, 3, 'the fourth was not sent')
    await db.query(`UPDATE phone_codes SET created_at = created_at - interval '61 minutes' WHERE user_id = $1`, [
      user.id,
    ])
    t.equal(
      (await post(user.token, { phone_number: '+4915100000007' })).statusCode,
      200,
      'after the hour a code can be sent again',
    )
  })

  await t.test("another user can't use my code for my number, and my code still works", async (t) => {
    const alice = await signIn()
    const bob = await signIn()
    await post(alice.token, { phone_number: '+4915100000008' })
    const code = await lastCode('+4915100000008')
    const stolen = await post(bob.token, { phone_number: '+4915100000008', code })
    t.equal(stolen.statusCode, 400, 'bob without a code of his own')
    await post(bob.token, { phone_number: '+4915100000008' })
    const bobCode = await lastCode('+4915100000008')
    if (bobCode !== code)
      t.equal(
        (await post(bob.token, { phone_number: '+4915100000008', code })).statusCode,
        400,
        'bob with a code of his own',
      )
    t.match(await profile(bob.token), { phone_number: null, phone_verified: false })
    t.match(await codeRow(alice.id), { attempts: 0, used: false }, "alice's code is untouched")
    const mine = await post(alice.token, { phone_number: '+4915100000008', code })
    t.equal(mine.statusCode, 200)
    t.match(mine.json().data, { id: alice.id, phone_verified: true })
  })

  await t.test('a number verified on another account → 409 and nothing changes', async (t) => {
    const alice = await signIn()
    const bob = await signIn()
    await post(alice.token, { phone_number: '+4915100000009' })
    t.equal(
      (await post(alice.token, { phone_number: '+4915100000009', code: await lastCode('+4915100000009') })).statusCode,
      200,
    )
    t.equal((await post(bob.token, { phone_number: '+4915100000009' })).statusCode, 200)
    const res = await post(bob.token, { phone_number: '+4915100000009', code: await lastCode('+4915100000009') })
    t.equal(res.statusCode, 409)
    t.equal(res.json().error.code, 'CONFLICT')
    t.match(await profile(bob.token), { phone_number: null, phone_verified: false })
    t.match(await profile(alice.token), { phone_number: '+4915100000009', phone_verified: true })

    await app.inject({
      method: 'DELETE',
      url: '/api/v1/users/account',
      headers: { authorization: `Bearer ${alice.token}` },
    })
    const afterDeletion = await post(bob.token, {
      phone_number: '+4915100000009',
      code: await lastCode('+4915100000009'),
    })
    t.equal(afterDeletion.statusCode, 200, 'a deleted account no longer holds the number')
  })

  await t.test('two accounts verifying one number at the same moment: one wins, the other gets 409', async (t) => {
    const alice = await signIn()
    const bob = await signIn()
    await post(alice.token, { phone_number: '+4915100000011' })
    const aliceCode = await lastCode('+4915100000011')
    await post(bob.token, { phone_number: '+4915100000011' })
    const bobCode = await lastCode('+4915100000011')
    const results = await Promise.all([
      post(alice.token, { phone_number: '+4915100000011', code: aliceCode }),
      post(bob.token, { phone_number: '+4915100000011', code: bobCode }),
    ])
    t.same(results.map((r) => r.statusCode).sort(), [200, 409])
    const holders = await db.query(`SELECT id FROM users WHERE phone_number = '+4915100000011' AND phone_verified`)
    t.equal(holders.length, 1)
  })

  await t.test('without an SMS sender sending a code → 503', async (t) => {
    const { app: bare } = await buildTestApi(t, { db })
    const user = await signIn()
    const res = await bare.inject({
      method: 'POST',
      url: '/api/v1/users/verify-phone',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { phone_number: '+4915100000010' },
    })
    t.equal(res.statusCode, 503)
    t.equal(res.json().error.code, 'SERVICE_UNAVAILABLE')
    t.equal(
      (await db.query(`SELECT 1 FROM phone_codes WHERE user_id = $1`, [user.id])).length,
      0,
      'the unsent code does not count',
    )
  })
})
