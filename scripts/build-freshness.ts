// Whether dist/ holds a build of the current sources (docs/decisions/043-build-freshness.md): `npm start` builds first when it does not, and
// the many-processes test (test/scale/) builds once before its processes start, so they never build at once.
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

/** 'missing' without a build in `root`, 'stale' when a source changed since, else 'current'. */
export function buildState(root = process.cwd()): 'missing' | 'stale' | 'current' {
  const marker = path.join(root, MARKER)
  if (!existsSync(marker) || !existsSync(path.join(root, 'dist/client/.vite/manifest.json'))) return 'missing'
  const changed = Math.max(...SOURCES.map((source) => newest(path.join(root, source))))
  return statSync(marker).mtimeMs < changed ? 'stale' : 'current'
}
