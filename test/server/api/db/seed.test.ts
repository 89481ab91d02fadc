import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { migrate } from '../../../../server/api/db/migrate.ts'
import { isEmpty, seedDemo, type SeedOptions } from '../../../../server/api/db/seed/index.ts'
import { SEED_FIRST_NAMES } from '../../../../server/api/db/seed/descriptions.ts'
import { diskPhotoStore } from '../../../../server/integrations/photos/disk-store.ts'
import { telegramPhotoStore } from '../../../../server/integrations/photos/telegram-store.ts'
import { loadConfig } from '../../../../server/config.ts'
import { photoStoreFor } from '../../../../server/main.ts'
import { startFakeSupabaseStorage } from '../../../helpers/fake-supabase-storage.ts'
import { openTestDb } from '../../../helpers/build-api.ts'
import { leaveHalfSeed } from '../../../helpers/demo-seed.ts'
import { startFakeBotApi } from '../../../helpers/fake-telegram-bot-api.ts'

/** A small seed: the full catalogue of places and owners, few listings and photos. */
const SMALL: SeedOptions = { listings: 30, photoPool: 2 }

/** What the demo seed writes, counted. */
async function counts(db: Db) {
  const [row] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM countries) AS countries, (SELECT count(*)::int FROM cities) AS cities,
            (SELECT count(*)::int FROM users WHERE auth_method = 'seed') AS owners, (SELECT count(*)::int FROM listings) AS listings,
            (SELECT count(*)::int FROM photos) AS photos,
            (SELECT count(*)::int FROM listings l WHERE NOT EXISTS (SELECT 1 FROM photos p WHERE p.listing_id = l.id)) AS without_photos`,
  )
  return row!
}

const NOTHING = { countries: 0, cities: 0, owners: 0, listings: 0, photos: 0 }

/** A complete small seed: every place, every owner, the listings asked for, each with photos. */
function assertComplete(t: Test, seen: Record<string, number>) {
  t.ok(seen.countries! > 0 && seen.cities! > 0, 'the places')
  t.equal(seen.owners, SEED_FIRST_NAMES.length, 'each owner once')
  t.equal(seen.listings, SMALL.listings, 'the listings, once')
  t.equal(seen.without_photos, 0, 'every listing has its photos')
}

/** Makes every insert into `table` fail, as a full disk or a lost connection would half-way through the seed. */
async function failInsertsInto(db: Db, table: string) {
  await db.exec(`CREATE FUNCTION seed_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk filled up'; END $$;
    CREATE TRIGGER seed_test_fail BEFORE INSERT ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION seed_test_fail();`)
  return () => db.exec(`DROP TRIGGER seed_test_fail ON ${table}; DROP FUNCTION seed_test_fail();`)
}

t.test('seedDemo', async (t) => {
  await t.test(
    'seeds places, owners, listings and photos once: a second run adds nothing, even where the seed predates its marker',
    async (t) => {
      const db = await openTestDb(t)
      const dir = t.testdir()
      t.equal(await isEmpty(db), true, 'a fresh database')
      t.match(await seedDemo(db, diskPhotoStore(dir), SMALL), { outcome: 'seeded', listings: 30 })
      const seeded = await counts(db)
      assertComplete(t, seeded)
      t.equal(await isEmpty(db), false, 'marked complete')

      const stored = readdirSync(path.join(dir, 'photos')).length
      const again = await seedDemo(db, diskPhotoStore(dir), SMALL).catch((err: unknown) => err)
      t.match(again, { outcome: 'already_seeded', listings: 0 }, 'the second run')
      t.same(await counts(db), seeded, 'nothing duplicated')
      t.equal(readdirSync(path.join(dir, 'photos')).length, stored, 'no photo drawn or stored again')

      // the database as a seed completed before the marker existed left it: the marker's migration marks it
      await db.exec(`DROP TABLE demo_seed; DELETE FROM schema_migrations WHERE version LIKE '0013_%'`)
      await migrate(db)
      t.equal(await isEmpty(db), false, 'the migration recognises the earlier seed as complete')
      t.match(await seedDemo(db, diskPhotoStore(dir), SMALL), { outcome: 'already_seeded' })
      t.same(await counts(db), seeded, 'nothing duplicated')
    },
  )

  await t.test('two starts seeding at once: one seeds, the other finds it done', async (t) => {
    const db = await openTestDb(t)
    const store = diskPhotoStore(t.testdir())
    const results = await Promise.all(
      [seedDemo(db, store, SMALL), seedDemo(db, store, SMALL)].map((run) => run.catch((err: unknown) => err)),
    )
    t.same(
      results.map((r) => (r as { outcome?: string }).outcome).sort(),
      ['already_seeded', 'seeded'],
      'neither fails',
    )
    assertComplete(t, await counts(db))
  })

  await t.test(
    'a photo store that fails → nothing written, one warning, the start goes on; the next run seeds it all',
    async (t) => {
      const fake = await startFakeBotApi()
      t.teardown(() => fake.close())
      const store = telegramPhotoStore({
        botToken: fake.token,
        chatId: fake.chatId,
        apiBase: fake.url,
        timeoutMs: 2_000,
      })
      fake.answers.sendDocument = {
        status: 500,
        contentType: 'application/json',
        body: '{"ok":false,"error_code":500,"description":"Internal Server Error"}',
      }
      const db = await openTestDb(t)
      const warnings: string[] = []
      const failed = await seedDemo(db, store, { ...SMALL, warn: (m) => warnings.push(m) }).catch((err: unknown) => err)
      t.match(failed, { outcome: 'photo_store_failed', listings: 0 }, 'the seed does not throw')
      t.match(await counts(db), NOTHING, 'no half catalogue')
      t.equal(warnings.length, 1, 'one warning')
      t.match(warnings[0], /photo store/)
      t.notMatch(warnings[0], fake.token, 'without the bot token')
      t.equal(await isEmpty(db), true, 'the next start seeds again')

      fake.answers.sendDocument = undefined
      t.match(await seedDemo(db, store, SMALL), { outcome: 'seeded', listings: 30 })
      assertComplete(t, await counts(db))
      const [photo] = await db.query<{ file_id: string; thumb_file_id: string }>(
        'SELECT file_id, thumb_file_id FROM photos LIMIT 1',
      )
      t.ok(fake.documents.has(photo!.file_id) && fake.documents.has(photo!.thumb_file_id), 'the photos are in Telegram')
    },
  )

  await t.test('with Supabase configured, the photos go to its Storage and nothing to DATA_DIR', async (t) => {
    const fake = await startFakeSupabaseStorage()
    t.teardown(() => fake.close())
    const dataDir = t.testdir()
    const config = loadConfig({
      DATA_DIR: dataDir,
      SUPABASE_URL: fake.url,
      SUPABASE_SERVICE_ROLE_KEY: fake.serviceRoleKey,
      LOG_LEVEL: 'silent',
    })
    const db = await openTestDb(t)
    t.match(await seedDemo(db, photoStoreFor(config), SMALL), { outcome: 'seeded', listings: 30 })
    assertComplete(t, await counts(db))
    const stored = await db.query<{ id: string }>(
      'SELECT file_id AS id FROM photos UNION SELECT thumb_file_id FROM photos',
    )
    t.equal(stored.length, 2 * SMALL.photoPool!, 'a large and a small variant of each drawn photo')
    for (const { id } of stored) t.ok(fake.objects.has(`photos/${id}.webp`), `${id} is an object in the bucket`)
    t.equal(fake.objects.size, stored.length, 'and nothing else')
    t.notOk(existsSync(path.join(dataDir, 'photos')), 'no photo on this machine')
  })

  await t.test('a seed that fails half-way writes nothing; the next run completes it', async (t) => {
    const db = await openTestDb(t)
    const store = diskPhotoStore(t.testdir())
    // the photos rows are the last the seed writes: everything else is in by then
    const restore = await failInsertsInto(db, 'photos')
    await t.rejects(seedDemo(db, store, SMALL), /the disk filled up/)
    t.match(await counts(db), NOTHING, 'no places, owners or listings left behind')
    t.equal(await isEmpty(db), true)
    await restore()
    t.match(await seedDemo(db, store, SMALL), { outcome: 'seeded' })
    assertComplete(t, await counts(db))
  })

  await t.test('a half seed left before the completion marker existed is completed, not duplicated', async (t) => {
    const db = await openTestDb(t)
    await leaveHalfSeed(db)
    t.equal(await isEmpty(db), true, 'places without the marker are a seed cut short')
    t.match(await seedDemo(db, diskPhotoStore(t.testdir()), SMALL), { outcome: 'seeded' })
    assertComplete(t, await counts(db))
    t.same(
      await db.query(`SELECT id FROM users WHERE referral_code = 'SEED0000123456'`),
      [],
      'the owner it left is replaced, not kept beside a new one',
    )
  })
})
