import t from 'tap'
import { action, loader } from '../../../../client/features/auth/auth-action-page.tsx'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { lastActionLink } from '../../../helpers/email.ts'
import { redirectOf, routeArgs } from '../../../helpers/page-context.ts'

t.test('e-mail action page (/auth/action)', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/v1/identity/${url}`, payload })
  t.equal((await post('sign-up', { email: 'sara@example.com', password: 'secret-pass' })).statusCode, 201)
  const page = (link: URL) => `/en/auth/action${link.search}`

  await t.test('loader: a verification link confirms the address on arrival; used again it is invalid', async (t) => {
    const link = await lastActionLink(dataDir, 'sara@example.com', 'verifyEmail')
    t.same(await loader(routeArgs(page(link), { app })), { state: 'verified', email: 'sara@example.com' })
    t.same(await loader(routeArgs(page(link), { app })), { state: 'invalid' })
  })

  await t.test(
    'loader: a reset link shows the form without using the link; a verification code is not a reset one',
    async (t) => {
      t.equal((await post('send-password-reset', { email: 'sara@example.com' })).statusCode, 200)
      const link = await lastActionLink(dataDir, 'sara@example.com', 'resetPassword')
      t.same(await loader(routeArgs(page(link), { app })), { state: 'reset', email: 'sara@example.com' })
      t.same(
        await loader(routeArgs(page(link), { app })),
        { state: 'reset', email: 'sara@example.com' },
        'still usable',
      )
      const code = link.searchParams.get('oobCode')!
      t.same(await loader(routeArgs(`/en/auth/action?mode=verifyEmail&oobCode=${code}`, { app })), { state: 'invalid' })
    },
  )

  await t.test(
    'a sign-in link: the loader shows whom it signs in without using it; the action signs in once',
    async (t) => {
      t.equal((await post('send-sign-in-link', { email: 'sara@example.com' })).statusCode, 200)
      const link = await lastActionLink(dataDir, 'sara@example.com', 'signIn')
      for (const visit of ['opened', 'opened again (a mail scanner first)'])
        t.same(await loader(routeArgs(page(link), { app })), { state: 'sign-in', email: 'sara@example.com' }, visit)
      const code = link.searchParams.get('oobCode')!
      t.same(
        await loader(routeArgs(`/en/auth/action?mode=resetPassword&oobCode=${code}`, { app })),
        { state: 'invalid' },
        'a sign-in code is not a reset one',
      )
      const signedIn = await action(routeArgs(page(link), { app, form: {} }))
      t.same(
        redirectOf(signedIn),
        { status: 302, location: '/en/dashboard' },
        'signed in (the account made on first use)',
      )
      t.equal((signedIn as Response).headers.get('x-remix-reload-document'), 'true')
      t.same(await action(routeArgs(page(link), { app, form: {} })), { state: 'invalid' }, 'a spent link')
      t.same(await loader(routeArgs(page(link), { app })), { state: 'invalid' })
    },
  )

  await t.test('loader: a made-up, malformed or mode-less link is invalid', async (t) => {
    for (const search of [
      '?mode=verifyEmail&oobCode=' + 'a'.repeat(40),
      '?mode=resetPassword&oobCode=short',
      '?mode=signIn&oobCode=' + 'a'.repeat(40),
      '',
    ]) {
      t.same(await loader(routeArgs(`/en/auth/action${search}`, { app })), { state: 'invalid' }, search || 'no query')
    }
  })

  await t.test('action: a new password sets it and spends the link; too short is refused first', async (t) => {
    const link = await lastActionLink(dataDir, 'sara@example.com', 'resetPassword')
    t.same(await action(routeArgs(page(link), { app, form: { new_password: '123' } })), { state: 'too-short' })
    t.same(await action(routeArgs(page(link), { app, form: { new_password: 'new-secret-pass' } })), {
      state: 'password-changed',
      email: 'sara@example.com',
    })
    t.same(
      await action(routeArgs(page(link), { app, form: { new_password: 'another-pass' } })),
      { state: 'invalid' },
      'a spent link',
    )
    t.equal(
      (await post('sign-in', { email: 'sara@example.com', password: 'new-secret-pass' })).statusCode,
      200,
      'the new password signs in',
    )
  })
})
