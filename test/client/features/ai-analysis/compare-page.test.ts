import t from 'tap'
import { action, loader, pairOf } from '../../../../client/features/ai-analysis/compare-page.tsx'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('pairOf: two different positive ids from ?a=&b=, else null', async (t) => {
  const of = (search: string) => pairOf(new URLSearchParams(search))
  t.same(of('a=12&b=34'), [12, 34])
  for (const bad of ['', 'a=12', 'a=12&b=12', 'a=0&b=3', 'a=-1&b=3', 'a=1.5&b=3', 'a=x&b=3', 'a=1&b=99999999999'])
    t.equal(of(bad), null, bad)
})

t.test('comparison page', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const { token, user } = await telegramSession(app, 4610, 'Mina')
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const cheap = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 300,
    description: 'I am abroad, so I will send you the keys by post after you pay.',
  })
  const fair = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 800,
    hasContract: true,
  })
  const removed = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', status: 'removed' })
  const credits = async () => (await call('GET', '/users/profile', token)).json().data.ai_credits as number
  const path = `/en/dashboard/favorites/compare?a=${cheap.id}&b=${fair.id}`

  await t.test(
    'loader: the two listings as cards and the credits, and no credit spent (reload as often as you like)',
    async (t) => {
      const before = await credits()
      for (const _ of [1, 2]) {
        const page = await loader(routeArgs(path, { app, token }))
        t.match(page, { credits: before, problem: null })
        t.same(
          page.listings?.map((l) => [l.id, l.cityName]),
          [
            [cheap.id, 'Berlin'],
            [fair.id, 'Berlin'],
          ],
        )
      }
      t.equal(await credits(), before)
    },
  )

  await t.test(
    'loader: a pair that is not two different ids, or a listing gone → named problems, not an error',
    async (t) => {
      t.match(await loader(routeArgs(`/en/dashboard/favorites/compare?a=${cheap.id}`, { app, token })), {
        listings: null,
        problem: 'invalid',
      })
      t.match(
        await loader(routeArgs(`/en/dashboard/favorites/compare?a=${cheap.id}&b=${removed.id}`, { app, token })),
        {
          listings: null,
          problem: 'not_found',
        },
      )
    },
  )

  await t.test('loader: anonymous → sign-in with next (the whole address)', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs(path, { app })))), {
      status: 302,
      location: `/en/auth?next=${encodeURIComponent(path)}`,
    })
  })

  await t.test('action: the comparison in the page language, one credit taken, the red flags per side', async (t) => {
    const before = await credits()
    const result = await action(routeArgs(path, { app, token, locale: 'fa', form: {} }))
    if (!('comparison' in result)) throw new Error(`expected a comparison, got ${JSON.stringify(result)}`)
    const { comparison } = result
    t.same(
      comparison.listings.map((l) => l.id),
      [cheap.id, fair.id],
    )
    t.equal(comparison.remainingCredits, before - 1)
    t.equal(await credits(), before - 1)
    t.same(
      comparison.redFlags.map((flags) => flags.map((f) => f.code)),
      [['owner_abroad'], []],
    )
    t.match(
      comparison.facts.find((f) => f.key === 'contract'),
      { label: 'قرارداد اجاره', better: 2 },
    )
    t.equal(comparison.verdict.winner, 2, 'the listing without red flags wins')
  })

  await t.test('action: a bad pair → invalid, a listing gone → not_found, both before any credit', async (t) => {
    const before = await credits()
    t.same(
      await action(routeArgs(`/en/dashboard/favorites/compare?a=${cheap.id}&b=${cheap.id}`, { app, token, form: {} })),
      {
        problem: 'invalid',
      },
    )
    t.same(
      await action(
        routeArgs(`/en/dashboard/favorites/compare?a=${cheap.id}&b=${removed.id}`, { app, token, form: {} }),
      ),
      {
        problem: 'not_found',
      },
    )
    t.equal(await credits(), before)
  })

  await t.test('action: no credits left → no_credits (the page offers the pricing page)', async (t) => {
    await db.query('UPDATE users SET ai_credits = 0 WHERE id = $1', [user.id])
    t.same(await action(routeArgs(path, { app, token, form: {} })), { problem: 'no_credits' })
    t.match(await loader(routeArgs(path, { app, token })), { credits: 0 })
  })

  await t.test('action: the session gone → sign-in saying why, with next, back to this comparison', async (t) => {
    t.same(redirectOf(await thrownBy(() => action(routeArgs(path, { app, form: {} })))), {
      status: 302,
      location: `/en/auth?login=required&next=${encodeURIComponent(path)}`,
    })
  })
})
