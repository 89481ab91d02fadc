import t from 'tap'
import { action, loader } from '../../../../client/features/dashboard/profile-page.tsx'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { outboxSmsSender } from '../../../../server/integrations/sms/sms-sender.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('profile page', async (t) => {
  const dataDir = t.testdir()
  const { app } = await buildTestApi(t, { sms: outboxSmsSender(dataDir) })
  const { token, user } = await telegramSession(app, 4800, 'Omid')
  const submit = (form: Record<string, string>) => action(routeArgs('/en/dashboard/profile', { app, token, form }))

  await t.test('loader: signed in → the user; anonymous → sign-in with next', async (t) => {
    t.match(await loader(routeArgs('/en/dashboard/profile', { app, token })), {
      user: { id: user.id, firstName: 'Omid' },
    })
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/profile', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Fprofile',
    })
  })

  await t.test(
    'action: the form saved → the user as stored; empty optional fields are cleared, an unknown language is left alone',
    async (t) => {
      const saved = await submit({ first_name: '  Omid ', last_name: '', username: 'omid_r', language: 'de' })
      t.match(saved, {
        saved: true,
        fields: [],
        user: { firstName: 'Omid', lastName: null, username: 'omid_r', language: 'de' },
      })
      t.match(await submit({ first_name: 'Omid', language: 'xx' }), { saved: true, user: { language: 'de' } })
    },
  )

  await t.test('action: a 400 with field errors → the fields named, for the form; nothing saved', async (t) => {
    t.same(await submit({ first_name: '   ', username: 'o'.repeat(200) }), {
      saved: false,
      user: null,
      fields: ['first_name', 'username'],
    })
    t.match(
      await loader(routeArgs('/en/dashboard/profile', { app, token })),
      { user: { firstName: 'Omid', language: 'de' } },
      'the name is still the one saved before',
    )
  })

  await t.test('action: the session gone → sign in and back to the profile, not a form state', async (t) => {
    t.same(
      redirectOf(await thrownBy(() => action(routeArgs('/en/dashboard/profile', { app, form: { first_name: 'X' } })))),
      { status: 302, location: '/en/auth?login=required&next=%2Fen%2Fdashboard%2Fprofile' },
    )
  })

  await t.test(
    'action, phone intent: a code is sent, a wrong one and a malformed number are named problems, the right one verifies',
    async (t) => {
      const phone = '+49 151 23456789'
      t.same(await submit({ intent: 'phone', phone_number: 'not a number' }), {
        phone: { step: 'error', phone: '', problem: 'phone' },
      })
      t.same(await submit({ intent: 'phone', phone_number: phone }), { phone: { step: 'code-sent', phone } })
      const code = /(\d{6})/.exec((await readOutbox(dataDir, 'sms')).at(-1)?.text ?? '')?.[1] ?? ''
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      t.match(await submit({ intent: 'phone', phone_number: phone, code: wrong }), {
        phone: { step: 'error', phone, problem: 'wrong_code' },
      })
      t.match(await submit({ intent: 'phone', phone_number: phone, code: '12' }), {
        phone: { step: 'error', phone, problem: 'code' },
      })
      t.match(await submit({ intent: 'phone', phone_number: phone, code }), {
        phone: { step: 'verified', user: { id: user.id, phoneVerified: true } },
      })
    },
  )
})
