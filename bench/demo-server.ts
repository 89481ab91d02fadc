// The product as `npm start` runs it (built first when the sources changed), on a small demo-seeded
// database: for the benches that look at pages in a browser (bench/lighthouse.ts, bench/javascript.ts).
import { spawn } from 'node:child_process'
import path from 'node:path'

/** Starts the product on `port` with the demo seed in `dataDir`, runs `measure` against its base URL, then stops it. */
export async function withDemoServer<T>(
  port: number,
  dataDir: string,
  measure: (base: string) => Promise<T>,
): Promise<T> {
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(dataDir),
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: base,
    },
  })
  try {
    const deadline = Date.now() + 300_000
    for (;;) {
      if (server.exitCode !== null) throw new Error(`bench: the server exited with ${server.exitCode}`)
      if (Date.now() > deadline) throw new Error('bench: the server did not start in time')
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      await new Promise((r) => setTimeout(r, 500))
    }
    return await measure(base)
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await new Promise((r) => server.once('exit', r))
    }
  }
}
