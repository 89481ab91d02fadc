import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import t from 'tap'
import { openDb } from '../../server/api/db/client.ts'
import { TEST_PG_CONNECTION_TIMEOUT_MS } from '../helpers/build-api.ts'
import { tempDir } from '../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../helpers/factories.ts'

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Opens a socket and sends only the start of a request, then keeps it open. */
function slowClient(url: string, start: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(start, () => resolve(socket)))
    socket.on('error', () => {})
    socket.once('error', reject)
  })
}

t.test(
  'SIGTERM with slow clients attached: views flushed, database closed, exit 0 before the last-resort timer',
  async (t) => {
    // a private schema of the real PostgreSQL, so that this test can read what the process wrote after it exited
    const schema = `shutdown_${process.pid}_${Date.now()}`
    const admin = await openDb({ databaseUrl: POSTGRES, connectionTimeoutMs: TEST_PG_CONNECTION_TIMEOUT_MS })
    await admin.exec(`CREATE SCHEMA ${schema}`)
    t.teardown(async () => {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
      await admin.close()
    })
    const scoped = new URL(POSTGRES)
    scoped.searchParams.set('options', `-c search_path=${schema}`)

    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: tempDir(t),
        DATABASE_URL: scoped.toString(),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    t.teardown(() => child.kill('SIGKILL'))
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const started = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"khaneh\.started"/.exec(output)
        if (started) resolve(started[1]!)
      })
      child.on('exit', (code) => reject(new Error(`exited ${code} before starting:\n${output}`)))
    })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

    const db = await openDb({ databaseUrl: scoped.toString(), connectionTimeoutMs: TEST_PG_CONNECTION_TIMEOUT_MS })
    t.teardown(() => db.close())
    await makeCountry(db, 'DE')
    const city = await makeCity(db, 'DE', 'berlin')
    const owner = await makeUser(db)
    const listing = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE' })

    const view = await fetch(`${url}/api/v1/listings/${listing.id}/view`, { method: 'POST', headers: { origin: url } })
    t.equal(view.status, 202, 'a view counted in memory, not yet written')

    const clients = await Promise.all([
      slowClient(url, 'GET /en/listings HTTP/1.1\r\nHost: x\r\nX-Half-A-He'),
      slowClient(
        url,
        'POST /api/v1/identity/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
      ),
      slowClient(
        url,
        'POST /api/v1/identity/sign-up HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n',
      ),
    ])
    t.teardown(() => clients.forEach((c) => c.destroy()))

    const started = Date.now()
    child.kill('SIGTERM')
    const code = await exited
    const seconds = (Date.now() - started) / 1000
    // exit 0 is the orderly path: the last-resort timer (20 s) exits 1. The time itself is a figure, not
    // a bound (about 7.3 s on an idle machine: 2 s drain + 5 s grace), since a loaded CI machine stretches it.
    t.equal(code, 0, 'exit 0: stopped in order, not by the last-resort timer')
    t.comment(`stopped in ${seconds.toFixed(1)} s`)
    t.notMatch(output, /khaneh\.stop_timed_out/, 'the last-resort timer never fired')
    t.match(output, /"msg":"khaneh\.stopped"/, 'the stop completed: API closed (views flushed), database closed')
    t.equal(output.match(/mail\.not_delivered/g)?.length, 1, 'one warning at start that mail is not delivered')
    const [row] = await db.query<{ views: number }>(`SELECT views FROM listing_views_daily WHERE listing_id = $1`, [
      listing.id,
    ])
    t.equal(row?.views, 1, 'the view was written on the way out')
  },
)
