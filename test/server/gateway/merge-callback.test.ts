import { SignJWT } from 'jose'
import t from 'tap'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { buildTestStack, tempDir, emailAccountThroughGateway, linkNonce } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { verifiedIdentity } from '../../helpers/email.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'
const AT = '__Host-khaneh_at'
const RT = '__Host-khaneh_rt'
const CALLBACK = '/api/auth/telegram-merge-callback'

t.test('Telegram merge callback', async (t) => {
  const dataDir = tempDir(t)
  const { gateway, api } = await buildTestStack(t, {}, { mailer: outboxMailer(dataDir) })

  const emailUser = (email: string, firstName: string) =>
    emailAccountThroughGateway(gateway, api, dataDir, email, firstName)
  const nonceFor = (cookies: Record<string, string>) => linkNonce(gateway, cookies)
  // each payload is single-use: `ageS` makes a second, distinct one for the same Telegram account
  const widget = (id: number, firstName = 'Tele', ageS = 0) =>
    signTelegramLogin(
      { id, first_name: firstName, username: `tg${id}`, auth_date: Math.floor(Date.now() / 1000) - ageS },
      TEST_BOT_TOKEN,
    )
  const callback = (cookies: Record<string, string>, query: Record<string, string | number>) =>
    gateway.inject({
      url: `${CALLBACK}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      cookies,
    })
  const location = (res: { headers: Record<string, unknown> }) => new URL(String(res.headers.location), ORIGIN)

  await t.test('without a session: to the sign-in page, back to the account page after', async (t) => {
    const res = await callback({}, { ...widget(4001), nonce: 'x'.repeat(43), locale: 'en' })
    t.equal(res.statusCode, 303)
    t.equal(location(res).pathname, '/en/auth')
    t.equal(location(res).searchParams.get('next'), '/en/dashboard/account-management')
  })

  await t.test("a valid widget payload with the user's nonce links Telegram", async (t) => {
    const cookies = await emailUser('link@example.com', 'Lina')
    const res = await callback(cookies, { ...widget(4002), nonce: await nonceFor(cookies), locale: 'de' })
    t.equal(res.statusCode, 303)
    t.equal(res.headers['cache-control'], 'no-store')
    t.equal(location(res).pathname, '/de/dashboard/account-management')
    t.equal(location(res).searchParams.get('linked'), 'telegram')
    const status = (await gateway.inject({ url: '/api/v1/users/account-status', cookies })).json().data
    t.match(status, { telegram_linked: true, email_linked: true, can_unlink: true })
  })

  await t.test('a Telegram account with its own Khaneh account asks for a merge', async (t) => {
    await api.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: widget(4003, 'Other') })
    const cookies = await emailUser('merge@example.com', 'Mina')
    const res = await callback(cookies, { ...widget(4003, 'Other', 60), nonce: await nonceFor(cookies) })
    const target = location(res)
    t.equal(target.pathname, '/dashboard/account-management', 'fa without a locale')
    t.equal(target.searchParams.get('merge_method'), 'telegram')
    t.equal(target.searchParams.get('merge_name'), 'Other')
    t.ok(target.searchParams.get('merge_token'))
  })

  await t.test("without a language from the page, the visitor's own: the language cookie", async (t) => {
    const res = await callback({ i18n_redirected: 'tr' }, { ...widget(4010), nonce: 'x'.repeat(43) })
    t.equal(location(res).pathname, '/tr/auth')
    t.equal(location(res).searchParams.get('next'), '/tr/dashboard/account-management')
  })

  await t.test('all seven widget fields on the callback still reach the callback, not the sign-in route', async (t) => {
    const cookies = await emailUser('seven@example.com', 'Sami')
    const fields = signTelegramLogin(
      {
        id: 4011,
        first_name: 'Tele',
        last_name: 'Gram',
        username: 'tg4011',
        photo_url: 'https://t.me/i/userpic/320/tg.jpg',
        auth_date: Math.floor(Date.now() / 1000),
      },
      TEST_BOT_TOKEN,
    )
    const res = await callback(cookies, { ...fields, nonce: await nonceFor(cookies), locale: 'en' })
    t.equal(location(res).pathname, '/en/dashboard/account-management')
    t.equal(location(res).searchParams.get('linked'), 'telegram')
  })

  await t.test('refusals land on the account page as "Telegram merge callback failed: {status} {body}"', async (t) => {
    const cookies = await emailUser('refuse@example.com', 'Rafi')
    const forged = await callback(cookies, { ...widget(4004), first_name: 'Mallory', nonce: await nonceFor(cookies) })
    t.match(location(forged).searchParams.get('merge_error'), /^401 /)
    const someoneElses = await nonceFor(await emailUser('else@example.com', 'Elsa'))
    const foreignNonce = await callback(cookies, { ...widget(4005), nonce: someoneElses })
    t.match(location(foreignNonce).searchParams.get('merge_error'), /^403 /)
    const noNonce = await callback(cookies, { ...widget(4006) })
    t.match(location(noNonce).searchParams.get('merge_error'), /^(400|403) /)
    const reused = await nonceFor(cookies)
    await callback(cookies, { ...widget(4007), hash: '0'.repeat(64), nonce: reused })
    const second = await callback(cookies, { ...widget(4007), nonce: reused })
    t.match(location(second).searchParams.get('merge_error'), /^403 /, 'a nonce works once')
  })

  await t.test('a session renewed during the callback reaches the browser', async (t) => {
    const identity = await verifiedIdentity(api, dataDir, 'renew@example.com')
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/create-user',
      headers: { origin: ORIGIN },
      payload: { firebase_token: identity.id_token, first_name: 'Reza' },
    })
    const cookies = { [AT]: setCookies(created)[AT]!.value, [RT]: setCookies(created)[RT]!.value }
    const nonce = await nonceFor(cookies)
    // well-formed and far from expiry, but signed with another key: only the API's 401 tells
    const forged = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)))
    const res = await callback({ ...cookies, [AT]: forged }, { ...widget(4009), nonce, locale: 'en' })
    t.equal(location(res).searchParams.get('linked'), 'telegram', String(location(res)))
    t.ok(setCookies(res)[AT]?.value, 'a new access cookie')
    t.not(setCookies(res)[RT]?.value, cookies[RT], 'the rotated refresh token')
  })

  await t.test('the POST form is same-origin only', async (t) => {
    const cookies = await emailUser('post@example.com', 'Pari')
    const crossSite = await gateway.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { origin: 'https://evil.example' },
      cookies,
      payload: { ...widget(4008), nonce: await nonceFor(cookies) },
    })
    t.equal(crossSite.statusCode, 403)
    const ok = await gateway.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { origin: ORIGIN },
      cookies,
      payload: { ...widget(4008), nonce: await nonceFor(cookies) },
    })
    t.equal(ok.statusCode, 303)
    t.equal(location(ok).searchParams.get('linked'), 'telegram', String(location(ok)))
  })
})
