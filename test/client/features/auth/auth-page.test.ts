import t from 'tap'
import { action, loader } from '../../../../client/features/auth/auth-page.tsx'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { SIGN_IN_LOCK } from '../../../../server/api/rate-limit/limits.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { lastActionLink, verifiedIdentity } from '../../../helpers/email.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('sign-in page', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })

  await t.test('loader: anonymous → the page; signed in → on to a safe next, else the dashboard', async (t) => {
    t.equal(await loader(routeArgs('/en/auth', { app })), null)
    const { token } = await telegramSession(app, 4700)
    t.same(
      redirectOf(
        await thrownBy(() => loader(routeArgs('/en/auth?next=%2Fen%2Fdashboard%2Ffavorites', { app, token }))),
      ),
      { status: 302, location: '/en/dashboard/favorites' },
    )
    t.same(
      redirectOf(
        await thrownBy(() =>
          loader(routeArgs('/de/auth?next=https%3A%2F%2Fevil.example', { app, token, locale: 'de' })),
        ),
      ),
      { status: 302, location: '/de/dashboard' },
    )
  })

  const submit = (form: Record<string, string>, path = '/en/auth') => action(routeArgs(path, { app, form }))

  await t.test(
    'action sign-in with a verified address → the account is made on first sign-in, then the document reloads at next',
    async (t) => {
      await verifiedIdentity(app, dataDir, 'maryam@example.com', 'secret-pass', 'Maryam Karimi')
      for (const attempt of ['first sign-in creates the account', 'the second finds it']) {
        const answer = await submit(
          { intent: 'sign-in', email: 'maryam@example.com', password: 'secret-pass' },
          '/en/auth?next=%2Fen%2Fdashboard%2Fprofile',
        )
        t.same(redirectOf(answer), { status: 302, location: '/en/dashboard/profile' }, attempt)
        t.equal(
          (answer as Response).headers.get('x-remix-reload-document'),
          'true',
          'a document reload, so every part of the page sees the session',
        )
      }
    },
  )

  await t.test('action sign-in refusals: a wrong password, an address not verified yet', async (t) => {
    // a refusal is the page's answer with its status (a form sent without the app gets that page)
    t.match(await submit({ intent: 'sign-in', email: 'maryam@example.com', password: 'wrong-pass' }), {
      data: { intent: 'sign-in', status: 'error', problem: { kind: 'invalid_credentials' } },
      init: { status: 401 },
    })
    const signedUp = await submit({
      intent: 'sign-up',
      email: 'new@example.com',
      password: 'secret-pass',
      first_name: 'Sina',
      last_name: 'Rad',
    })
    t.match(signedUp, { intent: 'sign-up', status: 'check-inbox', email: 'new@example.com', idToken: String })
    t.match(await submit({ intent: 'sign-in', email: 'new@example.com', password: 'secret-pass' }), {
      intent: 'sign-in',
      status: 'unverified',
      email: 'new@example.com',
      idToken: String,
    })
  })

  await t.test('action sign-in paused by failures → offers a sign-in link, which is mailed', async (t) => {
    await verifiedIdentity(app, dataDir, 'paused@example.com', 'secret-pass')
    for (let i = 0; i < SIGN_IN_LOCK.perClient; i++)
      await submit({ intent: 'sign-in', email: 'paused@example.com', password: 'wrong-pass' })
    t.match(await submit({ intent: 'sign-in', email: 'paused@example.com', password: 'secret-pass' }), {
      data: {
        intent: 'sign-in',
        status: 'error',
        problem: { kind: 'too_many_attempts', retryAfterS: Number },
        offerLink: true,
      },
      init: { status: 429 },
    })
    t.same(await submit({ intent: 'sign-in-link', email: 'paused@example.com' }), {
      intent: 'sign-in-link',
      status: 'link-sent',
      email: 'paused@example.com',
    })
    t.ok(await lastActionLink(dataDir, 'paused@example.com', 'signIn'), 'the link is in the mail')
    t.match(
      await submit({ intent: 'sign-in', email: 'paused@example.com', password: 'wrong-pass' }, '/en/auth'),
      { data: { offerLink: true } },
      'still offered while the pause lasts',
    )
  })

  await t.test('action sign-up with fields the provider refuses → the fields, for the form', async (t) => {
    t.match(await submit({ intent: 'sign-up', email: 'not-an-address', password: 'x' }), {
      data: { status: 'error', problem: { kind: 'fields', fields: ['email', 'password'] } },
      init: { status: 400 },
    })
    t.match(await submit({ intent: 'sign-up', email: 'new@example.com', password: 'secret-pass' }), {
      data: { status: 'error', problem: { kind: 'email_in_use' } },
      init: { status: 409 },
    })
  })

  await t.test('action resend and reset → mail goes out; an unknown intent is an error', async (t) => {
    const { idToken } = (await submit({ intent: 'sign-in', email: 'new@example.com', password: 'secret-pass' })) as {
      idToken: string
    }
    const before = (await readOutbox(dataDir, 'mail', 'new@example.com')).length
    t.match(await submit({ intent: 'resend', email: 'new@example.com', id_token: idToken }), {
      intent: 'resend',
      status: 'check-inbox',
      idToken,
    })
    t.match(await submit({ intent: 'reset', email: 'maryam@example.com' }), {
      intent: 'reset',
      status: 'reset-sent',
      email: 'maryam@example.com',
    })
    t.equal((await readOutbox(dataDir, 'mail', 'new@example.com')).length, before + 1, 'a second verification mail')
    t.match(await submit({ intent: 'guess', email: 'new@example.com' }), {
      data: { status: 'error', problem: { kind: 'failed', message: 'Invalid authentication type', status: 400 } },
      init: { status: 400 },
    })
  })
})
