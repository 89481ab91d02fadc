// Run as a child process with Node's arguments of `npm start` (`node --import tsx
// test/helpers/packages-at-start.ts`) and the service's environment: starts the service as
// scripts/start.ts does, asks it for a page, and prints on its last line the JSON list of the packages
// under node_modules that the process has loaded, then stops (docs/decisions/035-memory-of-one-process.md).
import { createRequire, registerHooks } from 'node:module'

const loaded = new Set<string>()
// every module imported or required from here on, whichever loader reads it
registerHooks({
  load(url, context, next) {
    loaded.add(url)
    return next(url, context)
  },
})

/** `stripe`, `@electric-sql/pglite`: the package a module's file belongs to. */
function packageOf(file: string): string | undefined {
  const at = file.lastIndexOf('/node_modules/')
  if (at === -1) return undefined
  const [scope = '', name = ''] = file.slice(at + '/node_modules/'.length).split('/')
  return scope.startsWith('@') ? `${scope}/${name}` : scope
}

const { loadConfig } = await import('../../server/config.ts')
const { startService } = await import('../../server/main.ts')
const service = await startService(loadConfig(), { drainMs: 0 })
try {
  const page = await fetch(`${service.url}/en/listings`)
  if (page.status !== 200) throw new Error(`the page answered ${page.status}`)
  await page.text()
} finally {
  await service.close()
}
// CommonJS modules required by other CommonJS modules are in the require cache
for (const file of Object.keys(createRequire(import.meta.url).cache)) loaded.add(file)
const packages = new Set([...loaded].map((url) => packageOf(decodeURIComponent(url))).filter(Boolean))
console.log(JSON.stringify([...packages].sort()))
process.exit(0)
