import type { Db } from '../server/api/db/client.ts'
import { openDbWithRetry } from '../server/api/db/connect.ts'
import { DatabaseStartError } from '../server/api/db/start-error.ts'
import { DatabaseUnavailableError } from '../server/api/db/unavailable.ts'
import type { Config } from '../server/config.ts'

/**
 * The database a script works on (DATABASE_URL, or the PGlite under DATA_DIR, which must not be open
 * in a running server: docs/decisions/034-one-writer-per-embedded-database.md); null, once one line
 * saying why is printed and the exit code set, when it cannot be used.
 */
export async function openScriptDb(config: Config, script: string): Promise<Db | null> {
  try {
    return await openDbWithRetry(
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize },
      { log: (line) => console.error(`${script}: ${line}`) },
    )
  } catch (err) {
    if (!(err instanceof DatabaseStartError || err instanceof DatabaseUnavailableError)) throw err
    console.error(`${script}: ${err.message}`)
    process.exitCode = 1
    return null
  }
}
