import { spawn } from 'node:child_process'
import t from 'tap'
import { openDb } from '../../server/api/db/client.ts'
import { SEED_FIRST_NAMES } from '../../server/api/db/seed/descriptions.ts'
import { tempDir } from '../helpers/build-gateway.ts'

/** `npm run db:seed` as npm runs it, on the PGlite under `dataDir`, with the photos on disk beside it. */
function dbSeed(dataDir: string) {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'seed'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk))
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  /** Resolves once the output shows `pattern`. */
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (pattern.test(output) ? resolve() : undefined)
      child.stdout.on('data', check)
      void exit.then(() => reject(new Error(`db:seed ended without printing ${pattern}:\n${output}`)))
    })
  return { child, exit, printed, output: () => output }
}

async function catalogueOf(dataDir: string) {
  const db = await openDb({ dataDir })
  try {
    const [row] = await db.query<{ countries: number; owners: number; listings: number; without_photos: number }>(
      `SELECT (SELECT count(*)::int FROM countries) AS countries, (SELECT count(*)::int FROM users WHERE auth_method = 'seed') AS owners,
              (SELECT count(*)::int FROM listings) AS listings,
              (SELECT count(*)::int FROM listings l WHERE NOT EXISTS (SELECT 1 FROM photos p WHERE p.listing_id = l.id)) AS without_photos`,
    )
    return row!
  } finally {
    await db.close()
  }
}

t.test('npm run db:seed', async (t) => {
  // the default size (360 listings): the killed run is then still writing them when the signal lands
  await t.test('killed half-way, it leaves no partial catalogue, and the next run completes it once', async (t) => {
    const dataDir = tempDir(t)
    const first = dbSeed(dataDir)
    t.teardown(() => void first.child.kill('SIGKILL'))
    // the places are written by then, the listings not yet: as a start killed by a deploy or an OOM
    await first.printed(/seed: \d+ cities in \d+ countries/)
    first.child.kill('SIGKILL')
    await first.exit

    const left = await catalogueOf(dataDir)
    t.comment(`left by the killed run: ${JSON.stringify(left)}`)
    const nothing = left.countries === 0 && left.owners === 0 && left.listings === 0
    const whole = left.countries > 0 && left.listings === 360 && left.without_photos === 0
    t.ok(nothing || whole, 'nothing, or the whole catalogue: never places without listings')

    const second = dbSeed(dataDir)
    const code = await second.exit
    t.equal(code, 0, 'the next run succeeds')
    if (code !== 0) t.comment(second.output())
    const seeded = await catalogueOf(dataDir)
    t.ok(seeded.countries > 0, 'the places')
    t.equal(seeded.owners, SEED_FIRST_NAMES.length, 'each owner once')
    t.equal(seeded.listings, 360, 'the listings, once')
    t.equal(seeded.without_photos, 0, 'each with its photos')
  })
})
