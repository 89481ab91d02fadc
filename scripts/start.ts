// `npm start`: builds when dist is missing or older than the sources, then serves (README contract).
import { spawnSync } from 'node:child_process'
import { buildState } from './build-freshness.ts'

const state = buildState()
if (state !== 'current') {
  console.log(
    state === 'missing' ? 'start: no build yet, building' : 'start: sources changed since the last build, rebuilding',
  )
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../server/main.ts').then((m) => m.run())
