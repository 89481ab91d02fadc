import t from 'tap'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { buildTestStack, SESSION_COOKIES, tempDir } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { verifiedIdentity } from '../../helpers/email.ts'

const ORIGIN = 'https://khaneh.example'

t.test('e-mail sign-in through the gateway', async (t) => {
  const dataDir = tempDir(t)
  const { gateway, api } = await buildTestStack(t, {}, { mailer: outboxMailer(dataDir) })
  const AT = '__Host-khaneh_at'
  const RT = '__Host-khaneh_rt'

  await t.test(
    'create-user (201) and email-login put the session in cookies; the page gets only the user',
    async (t) => {
      const identity = await verifiedIdentity(api, dataDir, 'gw@example.com')
      const created = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/create-user',
        headers: { origin: ORIGIN },
        payload: { firebase_token: identity.id_token, first_name: 'Gita' },
      })
      t.equal(created.statusCode, 201)
      t.same(Object.keys(created.json().data), ['user'])
      t.notMatch(created.body, /refresh_token|access_token|"token"/)
      t.ok(setCookies(created)[AT]?.value, 'access cookie')
      t.ok(setCookies(created)[RT]?.value, 'refresh cookie')

      const login = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/email-login',
        headers: { origin: ORIGIN },
        payload: { email: 'gw@example.com', firebase_token: identity.id_token },
      })
      t.equal(login.statusCode, 200)
      const access = setCookies(login)[AT]!.value
      const profile = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [AT]: access } })
      t.equal(profile.json().data.email, 'gw@example.com')
    },
  )

  await t.test(
    'refusals pass through without cookies (unverified 403, cross-site 403, text/plain 415); a verified address new to Khaneh is signed up',
    async (t) => {
      const fresh = (
        await api.inject({
          method: 'POST',
          url: '/api/v1/identity/sign-up',
          payload: { email: 'fresh@example.com', password: 'secret1' },
        })
      ).json().data
      const unverified = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/email-login',
        headers: { origin: ORIGIN },
        payload: { firebase_token: fresh.id_token },
      })
      t.equal(unverified.statusCode, 403)
      t.same(setCookies(unverified), {})
      const other = await verifiedIdentity(api, dataDir, 'nobody-yet@example.com')
      const unknown = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/email-login',
        headers: { origin: ORIGIN },
        payload: { firebase_token: other.id_token },
      })
      // a first sign-in is no error: the account is made from the verified identity (docs/decisions/016-email-sign-in.md)
      t.equal(unknown.statusCode, 200)
      t.ok(setCookies(unknown)[SESSION_COOKIES.access], 'the new account gets its session')
      const crossSite = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/email-login',
        headers: { origin: 'https://evil.example' },
        payload: { firebase_token: other.id_token },
      })
      t.equal(crossSite.statusCode, 403)
      const plain = await gateway.inject({
        method: 'POST',
        url: '/api/v1/identity/sign-in',
        headers: { origin: ORIGIN, 'content-type': 'text/plain' },
        payload: '{"email":"a@b.c","password":"x"}',
      })
      t.equal(plain.statusCode, 415)
      const form = await gateway.inject({
        method: 'POST',
        url: '/api/v1/identity/sign-in',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40b.c&password=x',
      })
      t.equal(form.statusCode, 415)
    },
  )
})
