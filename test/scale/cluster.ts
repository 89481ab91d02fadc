import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { buildState } from '../../scripts/build-freshness.ts'
import { openDb, type Db } from '../../server/api/db/client.ts'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** `npm start`'s Node: the pinned one in node_modules/.bin (package.json's `node`), else this one. */
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath

/** One product process, as `npm start` runs it. */
export interface Product {
  name: string
  url: string
  port: number
  child: ChildProcess
  /** Everything it logged so far. */
  output(): string
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>
}

/** A free TCP port on loopback: from SCALE_BASE_PORT on (a machine that hands out port ranges), else the system's pick. */
export async function freePorts(count: number): Promise<number[]> {
  const base = Number(process.env.SCALE_BASE_PORT ?? 0)
  if (base) return Array.from({ length: count }, (_, i) => base + i)
  const ports: number[] = []
  for (let i = 0; i < count; i++) {
    ports.push(
      await new Promise<number>((resolve, reject) => {
        const server = createServer()
        server.once('error', reject)
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number }
          server.close(() => resolve(port))
        })
      }),
    )
  }
  return ports
}

/** dist/ built once, before the processes start: each would otherwise build it at the same moment. */
export function ensureBuild(): void {
  if (buildState(ROOT) === 'current') return
  const result = spawnSync(NODE, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('the build failed')
}

/** A PostgreSQL database of the run's own on the server of `serverUrl`, dropped by `drop()`. */
export async function freshDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = await openDb({ databaseUrl: serverUrl, connectionTimeoutMs: 30_000 })
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.exec(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.close()
    },
  }
}

/** Starts `node --import tsx scripts/start.ts` (what `npm start` runs) with `env` on top of a bare environment. */
export function startProduct(name: string, port: number, env: Record<string, string>): Product {
  const dataDir = mkdtempSync(path.join(tmpdir(), `khaneh-scale-${name}-`))
  const child = spawn(NODE, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      // its own directory, as on a machine of its own: nothing is shared through the disk
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString()
    // the start's lines and the last ones matter; a long run's middle does not
    if (output.length > 2_000_000) output = output.slice(0, 200_000) + '\n…\n' + output.slice(-1_000_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true })
      resolve(code)
    }),
  )
  return { name, url: `http://127.0.0.1:${port}`, port, child, output: () => output, exited }
}

/** Waits until the process answers /readyz with 200; throws with its log when it exits first or takes longer than `timeoutMs`. */
export async function ready(product: Product, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (product.child.exitCode !== null)
      throw new Error(
        `${product.name} exited (${product.child.exitCode}) before it was ready:\n${tail(product.output())}`,
      )
    const status = await fetch(`${product.url}/readyz`).then(
      (res) => res.status,
      () => 0,
    )
    if (status === 200) return
    await sleep(250)
  }
  throw new Error(`${product.name} was not ready after ${timeoutMs / 1000} s:\n${tail(product.output())}`)
}

/** Stops a process (SIGTERM, then SIGKILL after `graceMs`). */
export async function stop(product: Product, graceMs = 25_000): Promise<void> {
  if (product.child.exitCode !== null || product.child.signalCode !== null) return
  product.child.kill('SIGTERM')
  await Promise.race([product.exited, sleep(graceMs).then(() => product.child.kill('SIGKILL'))])
}

/** The last lines of a log. */
export function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n')
}

export type { Db }
