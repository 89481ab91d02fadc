import t from 'tap'
import { action, loader } from '../../../../client/features/listing-form/listing-form-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

// the fields as the form names them (listing-form.tsx), as a browser sends them without the app: the city typed, no key
const form = (change: Record<string, string> = {}) => ({
  type: 'apartment',
  country: 'DE',
  city_name: 'Berlin',
  size_m2: '',
  rooms: '2',
  rent: '۷۵۰',
  currency: 'EUR',
  term: 'long',
  start_date: '',
  gender_pref: 'any',
  original_language: 'en',
  description: 'A bright flat near the park, five minutes from the U-Bahn.',
  contact: '+49 151 2345678',
  verification_number: '',
  ...change,
})

t.test('listing form action', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { token } = await telegramSession(app, 4610)
  const stranger = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'NL', { en: 'Netherlands' })
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' }, true, { lat: 52.52, lng: 13.405 })
  await makeCity(db, 'NL', 'amsterdam', { en: 'Amsterdam' })
  const theirs = await makeListing(db, { ownerId: stranger.id, cityId: berlin.id, countryCode: 'DE' })
  const create = (fields: Record<string, string>, session: { token?: string } = { token }) =>
    action(routeArgs('/en/dashboard/listings/create', { app, ...session, form: fields }))
  const edit = (id: number, fields: Record<string, string>) =>
    action(routeArgs(`/en/dashboard/listings/${id}`, { app, token, form: fields, params: { id: String(id) } }))
  // the listing as its owner's form reads it
  const stored = async (id: number) =>
    (await loader(routeArgs(`/en/dashboard/listings/${id}`, { app, token, params: { id: String(id) } }))).listing
  const count = async () => (await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM listings`))[0]!.count

  let id = 0
  await t.test('a new listing with the city typed by name → saved, and on to the owner’s listings', async (t) => {
    const answer = redirectOf(await create(form({ furnished: 'on' })))
    t.match(answer, { status: 302, location: /^\/en\/dashboard\/listings\?saved=created&id=\d+$/ })
    id = Number(new URL(answer!.location!, 'http://localhost').searchParams.get('id'))
    t.match(await stored(id), { city: 'berlin', rent: 750, rooms: 2, furnished: true, hasContract: false })
  })

  await t.test('the city by its name in another language, or by the key a picked city sends', async (t) => {
    t.match(redirectOf(await create(form({ city_name: 'برلین' }))), { location: /saved=created/ })
    t.match(redirectOf(await create(form({ city: 'berlin', city_name: 'whatever was typed' }))), {
      location: /saved=created/,
    })
  })

  await t.test(
    'the form’s own checks → 400 with the values sent and the fields to correct; nothing saved',
    async (t) => {
      const before = await count()
      const refused = await create(form({ city_name: 'Amsterdam', description: 'Too short', rent: '' }))
      t.match(refused, {
        data: {
          values: {
            country: 'DE',
            city: '',
            cityLabel: 'Amsterdam',
            description: 'Too short',
            contact: '+49 151 2345678',
          },
          failure: null,
        },
        init: { status: 400 },
      })
      t.same(
        [...(refused as unknown as { data: { fields: string[] } }).data.fields].sort(),
        ['city', 'description', 'rent'],
        'a city of another country is no city of this one',
      )
      t.equal(await count(), before)
    },
  )

  await t.test('an edit → updated, and on to the owner’s listings with the notice', async (t) => {
    t.same(redirectOf(await edit(id, form({ rent: '800', has_contract: 'on' }))), {
      status: 302,
      location: `/en/dashboard/listings?saved=updated&id=${id}`,
    })
    t.match(await stored(id), { rent: 800, furnished: false, hasContract: true })
  })

  await t.test('the pin’s two fields: set, kept as the edit form sends it back, removed when emptied', async (t) => {
    const answer = redirectOf(await create(form({ location_lat: '52.5301234', location_lng: '۱۳٫۴۱۲۳۴۵۶' })))
    t.match(answer, { location: /saved=created/ }, 'Persian digits and decimal sign count')
    const pinned = Number(new URL(answer!.location!, 'http://localhost').searchParams.get('id'))
    t.same((await stored(pinned))!.exactLocation, { lat: 52.530123, lng: 13.412346 })
    t.match(
      redirectOf(await edit(pinned, form({ location_lat: '52.530123', location_lng: '13.412346', rent: '760' }))),
      {
        location: /saved=updated/,
      },
    )
    t.match(await stored(pinned), { rent: 760, exactLocation: { lat: 52.530123, lng: 13.412346 } })
    t.match(redirectOf(await edit(pinned, form({ location_lat: '', location_lng: '' }))), { location: /saved=updated/ })
    t.equal((await stored(pinned))!.exactLocation, null, 'both emptied: no pin')
    t.match(redirectOf(await create(form())), { location: /saved=created/ }, 'a form without the fields: no pin')
  })

  await t.test('a bad pin → 400 on the location field, the typed values kept, nothing saved', async (t) => {
    const before = await count()
    for (const [lat, lng, why] of [
      ['91', '13.4', 'latitude out of range'],
      ['52.5', '', 'one coordinate only'],
      ['north', '13.4', 'no number'],
      ['48.137', '11.575', 'Munich: farther than 50 km from Berlin (the API’s check)'],
    ] as const) {
      const refused = await create(form({ location_lat: lat, location_lng: lng }))
      t.match(refused, { data: { fields: ['location'], values: { lat, lng } }, init: { status: 400 } }, why)
    }
    t.equal(await count(), before)
  })

  await t.test(
    'the API refuses: another owner’s listing → 404 with the values, said as "no longer exists"',
    async (t) => {
      t.match(await edit(theirs.id, form()), {
        data: { fields: [], failure: 'not-found', values: { cityLabel: 'Berlin' } },
        init: { status: 404 },
      })
      t.match(await thrownBy(() => edit(0, form())), { init: { status: 404 } }, 'an id that is no id')
    },
  )

  await t.test('without a session → sign in, back to the form', async (t) => {
    t.same(redirectOf(await thrownBy(() => create(form(), {}))), {
      status: 302,
      location: '/en/auth?login=required&next=%2Fen%2Fdashboard%2Flistings%2Fcreate',
    })
  })
})
