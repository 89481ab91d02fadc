import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { locationsService } from '../../../../server/api/locations/locations.service.ts'
import { openTestDb } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// docs/decisions/027-search-at-a-million.md: counting every active listing by city is slow at a million
// listings, so once the places are loaded no read waits for them again.
t.test('an expired copy of the places answers while one refresh runs', async (t) => {
  const db = await openTestDb(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  const ttlMs = 200
  const locations = locationsService(db, ttlMs)
  const total = async () => (await locations.countries('en')).find((c) => c.code === 'DE')?.total_listings

  t.equal(await total(), 1, 'the first read waits for the places')
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  await sleep(ttlMs * 2)
  t.equal(await total(), 1, 'expired: the last copy answers at once, and a refresh starts')
  let seen = 1
  for (const deadline = Date.now() + 10_000; seen === 1 && Date.now() < deadline;) {
    await sleep(20)
    seen = (await total()) ?? 0
  }
  t.equal(seen, 2, 'a later read has the refreshed places')
})
