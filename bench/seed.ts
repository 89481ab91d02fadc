// Seeds the benchmark database once: the demo marketplace with BENCH_LISTINGS listings.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { openDb } from '../server/api/db/client.ts'
import { migrate } from '../server/api/db/migrate.ts'
import { seedDemo } from '../server/api/db/seed/index.ts'
import { diskPhotoStore } from '../server/integrations/photos/disk-store.ts'

const dataDir = process.env.DATA_DIR!
const db = await openDb({ dataDir })
await migrate(db)
await seedDemo(db, diskPhotoStore(dataDir), {
  listings: Number(process.env.BENCH_LISTINGS),
  log: (m) => console.log(m),
})
await db.close()
writeFileSync(path.join(dataDir, 'seeded'), new Date().toISOString())
