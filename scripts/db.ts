// `npm run db:migrate` and `npm run db:seed [-- --listings N]` against DATABASE_URL or the PGlite under DATA_DIR.
import { migrate } from '../server/api/db/migrate.ts'
import { seedDemo } from '../server/api/db/seed/index.ts'
import { loadConfig } from '../server/config.ts'
import { photoStoreFor } from '../server/main.ts'
import { openScriptDb } from './open-database.ts'

const [command, ...args] = process.argv.slice(2)
const config = loadConfig()
const db = await openScriptDb(config, 'db')
if (!db) process.exit()
try {
  const applied = await migrate(db)
  console.log(applied.length > 0 ? `migrated: ${applied.join(', ')}` : 'migrations: up to date')
  if (command === 'seed') {
    const at = args.indexOf('--listings')
    const listings = at >= 0 ? Number(args[at + 1]) : undefined
    const { outcome } = await seedDemo(db, photoStoreFor(config), {
      listings,
      log: (m) => console.log(m),
      warn: (m) => console.error(m),
    })
    if (outcome === 'already_seeded') console.log('seed: the demo data is already in place')
    if (outcome === 'photo_store_failed') process.exitCode = 1
  } else if (command !== 'migrate') {
    console.error('usage: db.ts migrate | seed [--listings N]')
    process.exitCode = 1
  }
} finally {
  await db.close()
}
