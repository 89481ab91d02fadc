// The product as `npm start` runs it (built first when its sources changed), on a demo-seeded data folder:
// what `npm run bench -- lighthouse`, `-- hydration` and `-- js` measure when no server is named.
import { spawn } from 'node:child_process'
import path from 'node:path'

export interface DemoServer {
  base: string
  stop(): Promise<void>
}

/** Starts `npm start`'s script in `cwd` on `port` with `dataDir`, and resolves once it answers /readyz. */
export async function startDemoServer(cwd: string, port: number, dataDir: string): Promise<DemoServer> {
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: base,
    },
  })
  const stop = async () => {
    if (server.exitCode !== null) return
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
  const deadline = Date.now() + 300_000
  try {
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null) throw new Error(`bench: the server on ${base} exited with ${server.exitCode}`)
      if (Date.now() > deadline) throw new Error(`bench: the server on ${base} did not start in time`)
      await new Promise((r) => setTimeout(r, 500))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop }
}

/** Starts the product in this folder on `port` with the demo seed in `dataDir`, runs `measure` against its base URL, then stops it. */
export async function withDemoServer<T>(
  port: number,
  dataDir: string,
  measure: (base: string) => Promise<T>,
): Promise<T> {
  const server = await startDemoServer(process.cwd(), port, path.resolve(dataDir))
  try {
    return await measure(server.base)
  } finally {
    await server.stop()
  }
}
