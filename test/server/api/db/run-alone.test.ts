import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { LISTING_ACTIVE_DAYS } from '../../../../shared/constants.ts'
import type { Db } from '../../../../server/api/db/client.ts'
import { buildTestApi, openTestDb, openTestDbAgain, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const DAY_MS = 86_400_000

/** Whether some session of this database holds the advisory lock of `job` (PostgreSQL; PGlite's are in-process and taken at once). */
async function lockHeld(db: Db, job: string): Promise<boolean> {
  if (db.kind === 'pglite') return true
  const [row] = await db.query<{ held: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted
                      AND ((classid::bigint << 32) | objid::bigint) = hashtextextended(current_schema() || ':' || $1, 0)) AS held`,
    [job],
  )
  return row!.held
}

/** Waits until the first run holds its lock (a bounded wait: without a lock the runs go on, to fail the test). */
async function untilLocked(db: Db, job: string): Promise<void> {
  for (let i = 0; i < 500 && !(await lockHeld(db, job)); i++) await sleep(10)
}

/**
 * Holds the rows `lockSql` selects in an open transaction until the returned function is called: a
 * sweep reaching them waits (on PGlite, every statement waits: it runs one transaction at a time).
 */
async function holdRows(db: Db, lockSql: string): Promise<() => Promise<void>> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held!: () => void
  const holding = new Promise<void>((resolve) => (held = resolve))
  const tx = db.transaction(async (q) => {
    await q.query(lockSql)
    held()
    await released
  })
  await holding
  return async () => {
    release()
    await tx
  }
}

t.test('sweeps started by two processes at once run in one of them', async (t) => {
  const db = await openTestDb(t)
  const { app: a } = await buildTestApi(t, { db })
  const { app: b } = await buildTestApi(t, { db: await openTestDbAgain(t, db) })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(a, 9901)
  // the sweeps each start runs in the background end first: a run of ours is then no longer null
  await Promise.all([a.ready(), b.ready()])
  for (const app of [a, b]) {
    while ((await app.listingJobs.expire()) === null) await sleep(10)
    while ((await app.payments.sweep()) === null) await sleep(10)
  }

  await t.test('the listing expiry: one process expires, the other stands aside', async (t) => {
    const activated = new Date(Date.now() - (LISTING_ACTIVE_DAYS + 1) * DAY_MS)
    for (let i = 0; i < 3; i++) {
      const { id } = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
      await db.query(`UPDATE listings SET activated_at = $2 WHERE id = $1`, [id, activated])
    }
    const release = await holdRows(db, `SELECT id FROM listings WHERE status = 'active' FOR UPDATE`)
    const first = a.listingJobs.expire()
    await untilLocked(b.db, 'listings.expire')
    const second = b.listingJobs.expire()
    await release()
    t.same([await first, await second], [3, null], 'the first expires the three; the second stands aside')
    t.equal(await b.listingJobs.expire(), 0, 'a later sweep of the other runs, and finds nothing')
  })

  await t.test('the sweep of abandoned checkouts: counted once', async (t) => {
    const buyer = await telegramSession(a, 9902)
    for (let i = 0; i < 4; i++) {
      const res = await a.inject({
        method: 'POST',
        url: '/api/v1/subscription/purchase',
        headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': `sweep-twice-${i}` },
        payload: { plan_key: 'monthly' },
      })
      t.ok(res.json().data.payment_id, 'a checkout')
    }
    await db.query(`UPDATE payments SET created_at = now() - interval '25 hours' WHERE status = 'pending'`)
    const release = await holdRows(db, `SELECT id FROM payments WHERE status = 'pending' FOR UPDATE`)
    const first = a.payments.sweep()
    await untilLocked(b.db, 'payments.sweep')
    const second = b.payments.sweep()
    await release()
    t.same([await first, await second], [4, null], 'four checkouts cancelled, counted once')
  })
})

t.test('runAlone within one process', async (t) => {
  const db = await openTestDb(t)
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const first = db.runAlone('test.job', async () => {
    await gate
    return 'ran'
  })
  t.equal(await db.runAlone('test.job', async () => 'ran too'), null, 'a second run of the job waits for none')
  t.equal(await db.runAlone('test.other', async () => 'other'), 'other', 'another job runs')
  release()
  t.equal(await first, 'ran')
  t.equal(await db.runAlone('test.job', async () => 'again'), 'again', 'free once the first ended')
  await t.rejects(
    db.runAlone('test.failing', async () => Promise.reject(new Error('boom'))),
    /boom/,
    'a failure reaches the caller',
  )
  t.equal(await db.runAlone('test.failing', async () => 'after'), 'after', 'and frees the job')
})
