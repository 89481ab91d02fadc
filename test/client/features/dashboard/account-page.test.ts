import t from 'tap'
import { action, loader } from '../../../../client/features/dashboard/account-page.tsx'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

const PAGE = '/en/dashboard/account-management'

t.test('account page', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
  const { token, user } = await telegramSession(app, 4900, 'Kian')
  const submit = (form: Record<string, string>, signedIn = token) =>
    action(routeArgs(PAGE, { app, token: signedIn, form }))
  const status = async () => (await loader(routeArgs(PAGE, { app, token }))).status

  await t.test('loader: signed in → the user and the sign-in methods; anonymous → sign-in with next', async (t) => {
    t.match(await loader(routeArgs(PAGE, { app, token })), {
      user: { id: user.id },
      status: { telegramLinked: true, emailLinked: false, canUnlink: false },
    })
    t.same(redirectOf(await thrownBy(() => loader(routeArgs(PAGE, { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Faccount-management',
    })
  })

  await t.test('action: a nonce for the Telegram widget', async (t) => {
    t.match(await submit({ intent: 'telegram-nonce' }), {
      intent: 'telegram-nonce',
      status: 'nonce',
      nonce: /^\S{16,}$/,
    })
  })

  await t.test(
    'action: the only sign-in method cannot be unlinked; an unknown intent or method is an error',
    async (t) => {
      t.match(await submit({ intent: 'unlink', method: 'telegram' }), {
        intent: 'unlink',
        status: 'error',
        problem: { kind: 'failed' },
      })
      t.match(await submit({ intent: 'unlink', method: 'fax' }), {
        status: 'error',
        problem: { kind: 'failed', message: 'Invalid authentication type', status: 400 },
      })
      t.match(await submit({ intent: 'rename' }), {
        intent: 'rename',
        status: 'error',
        problem: { kind: 'failed', status: 400 },
      })
    },
  )

  await t.test(
    'action link-email: a new address gets an account with the provider and a confirmation link first',
    async (t) => {
      t.same(await submit({ intent: 'link-email', email: 'kian@example.com', password: 'secret-pass' }), {
        intent: 'link-email',
        status: 'check-inbox',
        email: 'kian@example.com',
      })
      t.match(await status(), { emailLinked: false })
      t.match(
        await submit({ intent: 'link-email', email: 'kian@example.com', password: 'other-pass' }),
        { status: 'error', problem: { kind: 'invalid_credentials' } },
        'the wrong password of an address with a provider account',
      )
    },
  )

  await t.test('action link-email: a verified address is linked, then either method can be unlinked', async (t) => {
    await verifiedIdentity(app, dataDir, 'kian.verified@example.com', 'secret-pass', 'Kian')
    t.same(await submit({ intent: 'link-email', email: 'kian.verified@example.com', password: 'secret-pass' }), {
      intent: 'link-email',
      status: 'done',
      method: 'email',
    })
    t.match(await status(), { emailLinked: true, telegramLinked: true, canUnlink: true })
    t.same(await submit({ intent: 'unlink', method: 'email' }), { intent: 'unlink', status: 'done', method: 'email' })
  })

  await t.test(
    "action link-email of another account's address → the merge to confirm; merge → back to the page with merged=1",
    async (t) => {
      const identity = await verifiedIdentity(app, dataDir, 'other@example.com', 'secret-pass', 'Dara Other')
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/create-user',
        payload: { firebase_token: identity.id_token, first_name: 'Dara' },
      })
      t.equal(created.statusCode, 201)
      const merge = await submit({ intent: 'link-email', email: 'other@example.com', password: 'secret-pass' })
      t.match(merge, { intent: 'link-email', status: 'merge', method: 'email', mergeToken: String, otherName: 'Dara' })
      const { mergeToken } = merge as { mergeToken: string }
      t.same(
        redirectOf(await submit({ intent: 'merge', method: 'email', target: 'telegram', merge_token: mergeToken })),
        { status: 302, location: `${PAGE}?merged=1` },
      )
      t.match(await status(), { emailLinked: true, telegramLinked: true })
      t.match(
        await submit({ intent: 'merge', method: 'email', target: 'telegram', merge_token: mergeToken }),
        { intent: 'merge', status: 'error' },
        'a merge token works once',
      )
    },
  )

  await t.test('action delete → the account is gone and the home page reloads, saying so', async (t) => {
    const other = await telegramSession(app, 4901)
    const answer = await submit({ intent: 'delete' }, other.token)
    t.same(redirectOf(answer), { status: 302, location: '/en?account=deleted' })
    t.equal((answer as Response).headers.get('x-remix-reload-document'), 'true')
    t.match(
      redirectOf(await thrownBy(() => loader(routeArgs(PAGE, { app, token: other.token })))),
      { status: 302 },
      'its session no longer signs in',
    )
  })
})
