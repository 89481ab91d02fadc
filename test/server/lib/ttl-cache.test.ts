import t from 'tap'
import { ENTRY_OVERHEAD_BYTES, TtlCache, type TtlCacheOptions } from '../../../server/lib/ttl-cache.ts'

/** A cache where only the number of entries or time bounds what is kept. */
const unweighed = <V>(ttlMs: number, more: Partial<TtlCacheOptions<V>> = {}) =>
  new TtlCache<V>({ ttlMs, maxBytes: Infinity, weigh: () => 0, ...more })

/** What an entry of `key` and `value` weighs when a value weighs its length. */
const entryBytes = (key: string, value: string) => ENTRY_OVERHEAD_BYTES + 2 * key.length + value.length

/** A computation the test finishes when it wants, counting how often it ran. */
function controlled() {
  let runs = 0
  let finish: (value: string) => void = () => {}
  return {
    compute: () => {
      runs++
      return new Promise<string>((resolve) => (finish = resolve))
    },
    finish: (value: string) => finish(value),
    runs: () => runs,
  }
}

t.test('TtlCache', async (t) => {
  await t.test('concurrent misses share one computation; the value is stored', async (t) => {
    const cache = unweighed<string>(60_000)
    const c = controlled()
    const both = Promise.all([cache.wrap('k', c.compute), cache.wrap('k', c.compute)])
    c.finish('v1')
    t.same(await both, ['v1', 'v1'])
    t.equal(await cache.wrap('k', c.compute), 'v1')
    t.equal(c.runs(), 1)
  })

  await t.test('a value computed while its key was forgotten is answered, never stored', async (t) => {
    const cache = unweighed<string>(60_000)
    const before = controlled()
    const stale = cache.wrap('k', before.compute)
    cache.delete('k') // a write lands while the read is in flight
    const after = controlled()
    const fresh = cache.wrap('k', after.compute)
    t.equal(after.runs(), 1, 'a read after the write does not join the one before it')
    before.finish('old')
    after.finish('new')
    t.equal(await stale, 'old')
    t.equal(await fresh, 'new')
    t.equal(cache.get('k'), 'new', 'the older answer did not overwrite the newer one')
  })

  await t.test('deleteWhere and clear forget entries and computations in flight', async (t) => {
    const cache = unweighed<string>(60_000)
    cache.set('/listings/1', 'one')
    cache.set('/listings/2', 'two')
    cache.set('/locations', 'places')
    const inFlight = controlled()
    const read = cache.wrap('/listings/3', inFlight.compute)
    cache.deleteWhere((key) => key.startsWith('/listings/'))
    inFlight.finish('three')
    t.equal(await read, 'three')
    t.same(
      [cache.get('/listings/1'), cache.get('/listings/2'), cache.get('/listings/3'), cache.get('/locations')],
      [undefined, undefined, undefined, 'places'],
    )
    cache.clear()
    t.equal(cache.get('/locations'), undefined)
  })

  await t.test('keep decides what is stored', async (t) => {
    const cache = unweighed<{ status: number }>(60_000)
    await cache.wrap(
      '/missing',
      async () => ({ status: 404 }),
      (answer) => answer.status === 200,
    )
    t.equal(cache.get('/missing'), undefined)
    await cache.wrap(
      '/found',
      async () => ({ status: 200 }),
      (answer) => answer.status === 200,
    )
    t.same(cache.get('/found'), { status: 200 })
  })

  await t.test('the least recently used entry is evicted first when there are too many', async (t) => {
    const cache = unweighed<string>(60_000, { maxEntries: 2 })
    cache.set('a', 'A')
    cache.set('b', 'B')
    t.equal(cache.get('a'), 'A', 'a read makes a the most recently used')
    cache.set('c', 'C')
    t.same([cache.get('a'), cache.get('b'), cache.get('c')], ['A', undefined, 'C'])
  })

  await t.test('entries are evicted until the new one fits; one too heavy is not kept', async (t) => {
    const two = entryBytes('a', 'aaaa') * 2
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes: two, weigh: (value) => value.length })
    cache.set('a', 'aaaa')
    cache.set('b', 'bbbb')
    t.equal(cache.weight, two)
    cache.get('a')
    cache.set('c', 'cccc')
    t.same(
      [cache.get('a'), cache.get('b'), cache.get('c')],
      ['aaaa', undefined, 'cccc'],
      'b, the least recently used, went',
    )
    t.equal(cache.weight, two)
    cache.set('a', 'aa')
    t.equal(cache.weight, two - 2, 'a replaced entry no longer weighs')
    cache.set('huge', 'x'.repeat(two))
    t.equal(cache.get('huge'), undefined)
    t.equal(cache.size, 2, 'nothing was evicted for it')
    cache.deleteWhere(() => true)
    t.equal(cache.weight, 0)
  })

  await t.test('keys weigh too: a flood of distinct long keys stays within the bound', async (t) => {
    const maxBytes = 1024 * 1024
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes, weigh: (value) => value.length })
    const key = (i: number) => `/api/v1/listings?max_price=${i}&q=${'x'.repeat(2_000)}`
    for (let i = 0; i < 10_000; i++) cache.set(key(i), 'v')
    t.ok(cache.weight <= maxBytes, `${cache.weight} bytes kept`)
    t.equal(cache.size, Math.floor(maxBytes / entryBytes(key(9_999), 'v')), 'as many as fit, no more')
    t.equal(cache.get(key(9_999)), 'v', 'the newest are the ones kept')
    t.same(cache.stats(), { entries: cache.size, bytes: cache.weight, maxBytes })
  })

  await t.test('an expired entry is gone, its weight too', async (t) => {
    const cache = new TtlCache<string>({ ttlMs: 20, maxBytes: 1_000, weigh: (value) => value.length })
    cache.set('a', 'aaa')
    await new Promise((resolve) => setTimeout(resolve, 40))
    t.equal(cache.get('a'), undefined)
    t.equal(cache.weight, 0)
  })

  await t.test('expired entries are swept without being read again', async (t) => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, maxBytes: 10_000, weigh: (value) => value.length })
    cache.set('old', 'aaa')
    const later = Date.now() + 30_000
    cache.set('new', 'bbb')
    cache.sweep(later)
    t.equal(cache.size, 2, 'nothing expired yet')
    cache.sweep(Date.now() + 60_000)
    t.equal(cache.size, 0)
    t.equal(cache.weight, 0)

    // the sweeper runs on its own every lifetime (a second at least) while anything is kept
    const brief = new TtlCache<string>({ ttlMs: 20, maxBytes: 100_000, weigh: (value) => value.length })
    for (let i = 0; i < 100; i++) brief.set(`/listings?max_price=${i}`, 'x'.repeat(50))
    t.equal(brief.size, 100)
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    t.equal(brief.size, 0, 'swept, though nobody read them')
    t.equal(brief.weight, 0)
  })

  await t.test('an endless lifetime keeps entries until they are evicted', async (t) => {
    const cache = new TtlCache<string>({ ttlMs: Infinity, maxBytes: entryBytes('a', 'aaa'), weigh: (v) => v.length })
    cache.set('a', 'aaa')
    cache.sweep(Date.now() + 365 * 86_400_000)
    t.equal(cache.get('a'), 'aaa')
    cache.set('b', 'bbb')
    t.same([cache.get('a'), cache.get('b')], [undefined, 'bbb'])
  })
})
