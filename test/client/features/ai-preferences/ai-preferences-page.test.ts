import t from 'tap'
import { action, loader, preferencesOf } from '../../../../client/features/ai-preferences/ai-preferences-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

const formOf = (entries: Array<[string, string]>) => {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

t.test('preferencesOf: the whole set from the form; amounts in Persian digits; unknown choices dropped', async (t) => {
  t.same(
    preferencesOf(
      formOf([
        ['budget_min', '۴۰۰'],
        ['budget_max', '1,200'],
        ['cities', 'berlin'],
        ['cities', 'hamburg'],
        ['type', 'private_room'],
        ['term', 'forever'],
        ['gender', 'female'],
        ['move_in', '2026-09-01'],
        ['must_haves', 'furnished'],
        ['must_haves', 'pool'],
      ]),
    ),
    {
      body: {
        budget_min: 400,
        budget_max: 1200,
        cities: ['berlin', 'hamburg'],
        type: 'private_room',
        term: null,
        gender: 'female',
        move_in: '2026-09-01',
        must_haves: ['furnished'],
      },
      invalid: [],
    },
  )
  t.same(preferencesOf(formOf([])).body, {
    budget_min: null,
    budget_max: null,
    cities: [],
    type: null,
    term: null,
    gender: null,
    move_in: null,
    must_haves: [],
  })
  t.same(
    preferencesOf(
      formOf([
        ['budget_min', 'lots'],
        ['budget_max', '99.5'],
      ]),
    ).invalid,
    ['budget_min', 'budget_max'],
  )
})

t.test('AI preferences page', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { token } = await telegramSession(app, 4620, 'Leila')
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg', fa: 'هامبورگ' })
  const path = '/en/dashboard/ai-preferences'
  const submit = (form: Record<string, string>, extra: Array<[string, string]> = []) => {
    const args = routeArgs(path, { app, token, form })
    const body = new URLSearchParams(form)
    for (const [name, value] of extra) body.append(name, value)
    return action({ ...args, request: new Request(args.request.url, { method: 'POST', body }) })
  }

  await t.test('loader: none saved yet → the empty set', async (t) => {
    t.same(await loader(routeArgs(path, { app, token })), {
      preferences: {
        budgetMin: null,
        budgetMax: null,
        cities: [],
        type: null,
        term: null,
        gender: null,
        moveIn: null,
        mustHaves: [],
      },
      cityNames: {},
    })
  })

  await t.test(
    'action: saved → the stored set; the loader then has it, with the cities named in the page language',
    async (t) => {
      const saved = await submit(
        { budget_min: '400', budget_max: '900', type: 'apartment', term: 'long', gender: '', move_in: '2026-10-01' },
        [
          ['cities', 'berlin'],
          ['cities', 'hamburg'],
          ['must_haves', 'contract'],
          ['must_haves', 'photos'],
        ],
      )
      t.match(saved, {
        saved: true,
        fields: [],
        preferences: {
          budgetMin: 400,
          budgetMax: 900,
          cities: ['berlin', 'hamburg'],
          mustHaves: ['contract', 'photos'],
        },
      })
      t.same(await loader(routeArgs('/dashboard/ai-preferences', { app, token, locale: 'fa' })), {
        preferences: {
          budgetMin: 400,
          budgetMax: 900,
          cities: ['berlin', 'hamburg'],
          type: 'apartment',
          term: 'long',
          gender: null,
          moveIn: '2026-10-01',
          mustHaves: ['contract', 'photos'],
        },
        cityNames: { berlin: 'برلین', hamburg: 'هامبورگ' },
      })
    },
  )

  await t.test(
    'action: the API refuses (eleven cities, a bad date; a minimum above the maximum) → those fields named, nothing saved',
    async (t) => {
      const cities = Array.from({ length: 11 }, (_, i): [string, string] => ['cities', `city-${i}`])
      t.same(await submit({ move_in: '2026-13-45' }, cities), { saved: false, fields: ['cities', 'move_in'] })
      t.same(await submit({ budget_min: '900', budget_max: '400' }), { saved: false, fields: ['budget_min'] })
      t.same(
        await submit({ budget_min: 'abc' }),
        { saved: false, fields: ['budget_min'] },
        'not a number: refused here',
      )
      t.match(await loader(routeArgs(path, { app, token })), { preferences: { budgetMin: 400, budgetMax: 900 } })
    },
  )

  await t.test('action: saving an empty form clears the preferences (PUT replaces the whole set)', async (t) => {
    t.match(await submit({}), { saved: true, preferences: { budgetMin: null, cities: [], mustHaves: [] } })
  })

  await t.test('anonymous → the loader and the action lead to sign-in with next (the action saying why)', async (t) => {
    const next = 'next=%2Fen%2Fdashboard%2Fai-preferences'
    t.same(redirectOf(await thrownBy(() => loader(routeArgs(path, { app })))), {
      status: 302,
      location: `/en/auth?${next}`,
    })
    t.same(redirectOf(await thrownBy(() => action(routeArgs(path, { app, form: { budget_min: '1' } })))), {
      status: 302,
      location: `/en/auth?login=required&${next}`,
    })
  })
})
