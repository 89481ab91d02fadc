// `npm run build`: the client bundle (with its manifest) and the SSR bundle of the same sources, then
// the build-freshness files (docs/decisions/043-build-freshness.md): dist/client/builds/latest.json names this build,
// builds/meta/{id}.json describes it; the client compares the id it was built with (__KHANEH_BUILD_ID__).
import { mkdir, writeFile } from 'node:fs/promises'
import { build } from 'vite'
import { precompress } from './precompress.ts'

const builtAt = new Date().toISOString()
const buildId = `${builtAt.replace(/[-:.TZ]/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`
const define = { __KHANEH_BUILD_ID__: JSON.stringify(buildId) }

await build({ define, build: { outDir: 'dist/client', emptyOutDir: true }, logLevel: 'warn' })
const compressed = await precompress('dist/client')
await build({
  define,
  build: { ssr: 'client/entry.server.tsx', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false },
  logLevel: 'warn',
})
await mkdir('dist/client/builds/meta', { recursive: true })
await writeFile('dist/client/builds/latest.json', JSON.stringify({ id: buildId, built_at: builtAt }) + '\n')
await writeFile(`dist/client/builds/meta/${buildId}.json`, JSON.stringify({ id: buildId, built_at: builtAt }) + '\n')
console.log(`build: dist/client (${compressed} files precompressed) and dist/server are ready (build ${buildId})`)
