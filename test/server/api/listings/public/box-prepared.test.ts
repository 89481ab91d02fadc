import t from 'tap'
import type { Queryable, QueryOptions } from '../../../../../server/api/db/client.ts'
import { mapPointsRepo } from '../../../../../server/api/listings/public/points.repo.ts'
import { PREPARED_BOX_MAX_SQ_DEG, publicListingsRepo } from '../../../../../server/api/listings/public/public.repo.ts'
import { openTestDb } from '../../../../helpers/build-api.ts'

// A search over a large box is planned for its values every time; a city's box runs prepared like the
// other searches (docs/decisions/046-listing-location-privacy-and-area-search.md).
t.test('which box searches run prepared', async (t) => {
  const db = await openTestDb(t)
  const asked: Array<QueryOptions | undefined> = []
  const recording: Queryable = {
    query: (sql, params, options) => {
      asked.push(options)
      return db.query(sql, params, options)
    },
  }
  const repo = publicListingsRepo(recording)
  const points = mapPointsRepo(recording)
  const prepared = async (bbox: readonly [number, number, number, number]) => {
    asked.length = 0
    const filters = { includeNegotiable: true, bbox }
    await repo.page(filters, 'en', 'newest', 20, 0, 1000)
    await repo.boostedSlice(filters, 'en', new Date(), 20, 0, 1000)
    await repo.unboostedSlice(filters, 'en', new Date(), 20, 0)
    await repo.count(filters, 1000)
    await points.points(filters, 'boosted', new Date(), 500)
    await points.points(filters, 'price_asc', new Date(), 500)
    await points.count(filters, 1000)
    t.ok(asked.length >= 8, `${asked.length} statements`)
    return [...new Set(asked.map((o) => o?.prepare === true))]
  }
  t.same(await prepared([13.3, 52.4, 13.5, 52.6]), [true], 'a city: every statement prepared')
  t.same(await prepared([13, 52, 13.5, 52.5]), [true], 'exactly the limit: prepared')
  t.equal(0.5 * 0.5, PREPARED_BOX_MAX_SQ_DEG)
  t.same(await prepared([5.8, 47.2, 15.1, 55.1]), [false], 'a country: none prepared')
  asked.length = 0
  await repo.count({ includeNegotiable: true, country: 'DE' }, 1000)
  t.same(asked, [{ prepare: true }], 'a search without a box: prepared')
})
