import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { emailAuthAction } from '../../client/features/auth/email-auth.ts'
import { ApiError } from '../../client/lib/api/call.ts'
import { createApi } from '../../client/lib/api/index.ts'
import { firebaseIdentity } from '../../client/lib/identity.ts'

/** A fake Identity Toolkit v1 (the shapes of identitytoolkit.googleapis.com) on loopback. */
async function fakeIdentityToolkit(t: { teardown(fn: () => unknown): void }) {
  const calls: Array<{
    method: string
    key: string | null
    locale: string | undefined
    body: Record<string, unknown>
  }> = []
  const users = new Map<string, { password: string; verified: boolean; name?: string }>()
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, string>
    const url = new URL(req.url ?? '/', 'http://x')
    const method = url.pathname.replace('/v1/accounts:', '')
    calls.push({
      method,
      key: url.searchParams.get('key'),
      locale: req.headers['x-firebase-locale'] as string | undefined,
      body,
    })
    const fail = (message: string) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message } }))
    const ok = (data: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data))
    const email = body.email ?? ''
    switch (method) {
      case 'signUp':
        if (users.has(email)) return fail('EMAIL_EXISTS')
        if ((body.password ?? '').length < 6) return fail('WEAK_PASSWORD : Password should be at least 6 characters')
        users.set(email, { password: body.password!, verified: false })
        return ok({ idToken: jwt({ email, email_verified: false }), email, localId: 'u1' })
      case 'update':
        if (body.oobCode)
          return body.oobCode === 'good-verify-code-0123456789'
            ? ok({ email: 'sam@example.com', emailVerified: true })
            : fail('INVALID_OOB_CODE')
        return ok({ idToken: jwt({ email: 'sam@example.com', email_verified: false, name: body.displayName }) })
      case 'sendOobCode':
        return body.requestType === 'PASSWORD_RESET' && !users.has(email) ? fail('EMAIL_NOT_FOUND') : ok({ email })
      case 'signInWithPassword': {
        const user = users.get(email)
        if (email === 'hammer@example.com')
          return fail('TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled')
        if (!user || user.password !== body.password) return fail('INVALID_LOGIN_CREDENTIALS')
        return ok({
          idToken: jwt({ email, email_verified: true, name: 'Sam' }),
          email,
          displayName: 'Sam',
          registered: true,
        })
      }
      case 'resetPassword':
        if (body.oobCode !== 'good-reset-code-0123456789') return fail('EXPIRED_OOB_CODE')
        return ok({ email: 'sam@example.com', requestType: 'PASSWORD_RESET' })
      default:
        return fail('UNKNOWN')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => server.close(resolve)))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls }
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected a rejection')
}

t.test('Firebase Authentication through its REST API', async (t) => {
  const fake = await fakeIdentityToolkit(t)
  const identity = firebaseIdentity({ apiKey: 'web-key', baseUrl: fake.baseUrl })

  await t.test("sign-up sets the display name and sends the verification mail in the reader's language", async (t) => {
    const created = await identity.signUp({
      email: 'sam@example.com',
      password: 'secret1',
      displayName: 'Sam Rad',
      language: 'de',
    })
    t.match(created, { email: 'sam@example.com', emailVerified: false, displayName: 'Sam Rad' })
    t.same(
      fake.calls.map((c) => c.method),
      ['signUp', 'update', 'sendOobCode'],
    )
    t.ok(fake.calls.every((c) => c.key === 'web-key'))
    t.match(fake.calls[2], { locale: 'de', body: { requestType: 'VERIFY_EMAIL', idToken: created.idToken } })
  })

  await t.test("errors read as the built-in provider's reasons", async (t) => {
    t.match(await rejection(identity.signUp({ email: 'sam@example.com', password: 'secret1' })), {
      status: 409,
      details: { reason: 'email_already_in_use' },
    })
    await t.rejects(identity.signUp({ email: 'new@example.com', password: '123' }), {
      status: 400,
      code: 'VALIDATION_ERROR',
    })
    t.match(await rejection(identity.signIn({ email: 'sam@example.com', password: 'wrong' })), {
      status: 401,
      details: { reason: 'invalid_credentials' },
    })
    t.match(await rejection(identity.signIn({ email: 'hammer@example.com', password: 'x' })), {
      status: 429,
      details: { reason: 'too_many_attempts' },
    })
    await t.rejects(identity.checkResetCode('stale-code-0123456789'), ApiError)
    await t.rejects(identity.applyCode({ mode: 'verifyEmail', oobCode: 'bad-code-0123456789' }), {
      status: 400,
      code: 'VALIDATION_ERROR',
    })
  })

  await t.test('Firebase keeps its own lock: a paused sign-in offers no e-mailed sign-in link', async (t) => {
    t.equal(identity.signInLinks, undefined)
    const api = createApi(async () => {
      throw new Error('the product API is not reached')
    })
    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'sign-in', email: 'hammer@example.com', password: 'x' }))
      form.set(name, value)
    t.match(await emailAuthAction(api, identity, form, 'en', '/en/dashboard'), {
      data: { status: 'error', problem: { kind: 'too_many_attempts' }, offerLink: false },
      init: { status: 429 },
    })
    form.set('intent', 'sign-in-link')
    t.match(
      await emailAuthAction(api, identity, form, 'en', '/en/dashboard'),
      { data: { status: 'error', problem: { kind: 'failed', status: 400 } } },
      'nor sends one',
    )
  })

  await t.test('sign-in reads email_verified from the ID token; codes verify and reset', async (t) => {
    t.match(await identity.signIn({ email: 'sam@example.com', password: 'secret1' }), {
      emailVerified: true,
      displayName: 'Sam',
    })
    t.same(await identity.applyCode({ mode: 'verifyEmail', oobCode: 'good-verify-code-0123456789' }), {
      email: 'sam@example.com',
    })
    t.same(await identity.checkResetCode('good-reset-code-0123456789'), { email: 'sam@example.com' })
    await identity.applyCode({ mode: 'resetPassword', oobCode: 'good-reset-code-0123456789', newPassword: 'newpass1' })
    t.match(fake.calls.at(-1), { method: 'resetPassword', body: { newPassword: 'newpass1' } })
  })

  await t.test('a reset request for an unknown address answers like a known one', async (t) => {
    await identity.sendPasswordReset('ghost@example.com', 'fa')
    t.match(fake.calls.at(-1), { method: 'sendOobCode', locale: 'fa', body: { requestType: 'PASSWORD_RESET' } })
  })

  await t.test('an unreachable provider is a network error', async (t) => {
    const down = firebaseIdentity({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' })
    await t.rejects(down.signIn({ email: 'a@example.com', password: 'secret1' }), { code: 'NETWORK_ERROR' })
  })
})
