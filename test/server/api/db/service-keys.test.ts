import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { buildApi } from '../../../../server/api/app.ts'
import { loadServiceKeys } from '../../../../server/api/db/service-keys.ts'
import { openTestDb, RAISED_RATE_LIMITS, TEST_BOT_TOKEN, telegramSession } from '../../../helpers/build-api.ts'

// docs/decisions/030-shared-secrets-and-keys.md: one session secret and one VAPID pair per database.

const keyRows = (db: Awaited<ReturnType<typeof openTestDb>>) =>
  db.query<{ name: string; value: string }>('SELECT name, value FROM service_keys ORDER BY name')

t.test('five processes starting at once on one database get one session secret and one VAPID pair', async (t) => {
  const db = await openTestDb(t)
  const starts = await Promise.all(Array.from({ length: 5 }, () => loadServiceKeys(db)))
  const [first] = starts
  t.match(first!.sessionSecret, /^[A-Za-z0-9_-]{64}$/, 'a 48-byte random secret')
  t.match(first!.vapid.publicKey, /^B[A-Za-z0-9_-]{86}$/, 'an uncompressed P-256 point')
  t.match(first!.vapid.privateKey, /^[A-Za-z0-9_-]{43}$/)
  for (const keys of starts) t.same(keys, first, 'every start has the same keys')
  const rows = await keyRows(db)
  t.same(
    rows.map((r) => r.name),
    ['session_secret', 'vapid'],
    'one row per key',
  )
  t.same(await loadServiceKeys(db), first, 'and a later start (a restart) reads them back')
})

t.test('keys the environment gives are used and never written to the database', async (t) => {
  const db = await openTestDb(t)
  const vapid = { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43) }
  const keys = await loadServiceKeys(db, { sessionSecret: 's'.repeat(40), vapid })
  t.same(keys, { sessionSecret: 's'.repeat(40), vapid })
  t.same(await keyRows(db), [], 'no row')
  const half = await loadServiceKeys(db, { sessionSecret: 's'.repeat(40) })
  t.equal(half.sessionSecret, 's'.repeat(40))
  t.same(
    (await keyRows(db)).map((r) => r.name),
    ['vapid'],
    'only what the environment does not give is kept in the database',
  )
  t.notMatch(JSON.stringify(await keyRows(db)), 's'.repeat(40))
})

t.test('the keys an earlier version generated into DATA_DIR/keys become the shared ones', async (t) => {
  const db = await openTestDb(t)
  const dataDir = t.testdir()
  const earlier = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) }
  mkdirSync(path.join(dataDir, 'keys'))
  writeFileSync(path.join(dataDir, 'keys', 'session-secret'), 'e'.repeat(64))
  writeFileSync(path.join(dataDir, 'keys', 'vapid.json'), JSON.stringify(earlier))
  const keys = await loadServiceKeys(db, { dataDir })
  t.same(keys, { sessionSecret: 'e'.repeat(64), vapid: earlier }, 'sessions and push subscriptions survive the upgrade')
  t.same(
    await loadServiceKeys(db, { dataDir: t.testdir() }),
    keys,
    'another process, without those files, gets them too',
  )
})

t.test('a token one API process issues is accepted by another on the same database', async (t) => {
  const db = await openTestDb(t)
  const apiOf = async () => {
    const keys = await loadServiceKeys(db)
    const app = await buildApi({
      db,
      logLevel: 'silent',
      publicCacheMs: 0,
      auth: { secret: keys.sessionSecret, accessTtlMs: 15 * 60_000, telegramBotToken: TEST_BOT_TOKEN },
      rateLimits: { policies: RAISED_RATE_LIMITS },
      outboxPollMs: null,
    })
    t.teardown(() => app.close())
    return app
  }
  const [a, b] = await Promise.all([apiOf(), apiOf()])
  const session = await telegramSession(a, 4242)
  const me = await b.inject({
    method: 'GET',
    url: '/api/v1/users/profile',
    headers: { authorization: `Bearer ${session.token}` },
  })
  t.equal(me.statusCode, 200, 'B verifies A’s access token')
  const refreshed = await b.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    payload: { refresh_token: session.refresh_token },
  })
  t.equal(refreshed.statusCode, 200, 'and renews A’s session')
})
