// `npm start`: builds when dist is missing or older than the sources, then serves (README contract).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

// (with the build's own scripts: the Vite plugins, the precompression)
const SOURCES = [
  'client',
  'shared',
  'locales',
  'public',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/precompress.ts',
  'scripts/page-chunks.ts',
  'scripts/route-catalogs.ts',
]
const MARKER = 'dist/server/entry.server.js'

function newest(target: string): number {
  if (!existsSync(target)) return 0
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  let latest = info.mtimeMs
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)))
  return latest
}

const built = existsSync(MARKER) && existsSync('dist/client/.vite/manifest.json') ? statSync(MARKER).mtimeMs : 0
const changed = Math.max(...SOURCES.map(newest))
if (built < changed) {
  console.log(built === 0 ? 'start: no build yet, building' : 'start: sources changed since the last build, rebuilding')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../server/main.ts').then((m) => m.run())
