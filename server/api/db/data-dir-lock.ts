import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DatabaseStartError } from './start-error.ts'

/** The lock files this process holds, removed at exit should a database be left open. */
const held = new Set<string>()
let removedAtExit = false

/** Whether the process `pid` is running (one we may not signal is running too). */
function running(pid: number, file: string): boolean {
  // our own pid in a lock we do not hold: left by an earlier process that had it (a container's pid 1)
  if (pid === process.pid) return held.has(file)
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/**
 * Takes `DATA_DIR/pglite.lock` for this process before its embedded database opens: PGlite is one
 * process's, and a second process writing the same files loses its changes or worse
 * (docs/decisions/034-one-writer-per-embedded-database.md). The file holds the owner's pid, written
 * whole before it appears (a link); a lock whose process is gone is taken over. Throws a
 * DatabaseStartError, one line naming the owner, while a running process holds it. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock')
  const mine = `${file}.${process.pid}`
  writeFileSync(mine, `${process.pid}\n`)
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, file)
        break
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
      const owner = ownerOf(file)
      if (attempt > 0 || (owner !== null && running(owner, file)))
        throw new DatabaseStartError(
          `The embedded database in ${dataDir} is in use by process ${owner ?? '(unknown)'}, and PGlite takes one process at a time: ` +
            `stop that process (the server) first, or set DATABASE_URL to a PostgreSQL server that many processes can share`,
        )
      // its process is gone (killed, crashed): the lock is stale
      try {
        unlinkSync(file)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
    }
  } finally {
    unlinkSync(mine)
  }
  held.add(file)
  if (!removedAtExit) {
    removedAtExit = true
    process.once('exit', () => {
      for (const lock of held) release(lock)
    })
  }
  return () => {
    if (held.delete(file)) release(file)
  }
}

/** Removes the lock unless another process has taken it over meanwhile. */
function release(file: string): void {
  try {
    if (ownerOf(file) === process.pid) unlinkSync(file)
  } catch {
    // gone already
  }
}
