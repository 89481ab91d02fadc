// Lets tests import client modules (pages with their loaders and actions) as the Vite build sees them:
// Lingui's macros compiled by Lingui's Babel plugin, `import.meta.glob` expanded into lazy imports of
// the matching files, and `__KHANEH_BROWSER_BUILD__` false, as in the server's build. Node module hooks, registered before tsx (the "tap" node-arg in
// package.json), so they run after it in the chain: tsx compiles the TypeScript Babel leaves.
import { globSync } from 'node:fs'
import { register } from 'node:module'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'

const CLIENT = new URL('../../client/', import.meta.url).href
const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CATALOG = /\/locales\/[a-z]{2}\/messages\.po$/
const URL_IMPORT = '?url'
const NEEDS_BABEL = /from ['"]@lingui\/(?:core|react)\/macro['"]|import\.meta\.glob\b/
/** False in the server's build, true in the browser's (vite.config.ts): tests run client modules as the server does. */
const BROWSER_BUILD = /\b__KHANEH_BROWSER_BUILD__\b/g

if (isMainThread) register(import.meta.url)

/** @type {typeof import('@babel/core') | undefined} */
let babel

/** `import.meta.glob('pattern')` → `{ 'pattern match': () => import('pattern match'), … }`, as Vite writes it. */
function expandGlobs({ types: t }) {
  return {
    visitor: {
      CallExpression(path, state) {
        const { callee, arguments: args } = path.node
        const isGlob =
          t.isMemberExpression(callee) &&
          t.isMetaProperty(callee.object) &&
          t.isIdentifier(callee.property, { name: 'glob' })
        if (!isGlob || !t.isStringLiteral(args[0])) return
        const dir = dirname(state.filename)
        const matches = globSync(args[0].value, { cwd: dir }).map((file) =>
          file.startsWith('.') ? file : `./${relative(dir, `${dir}/${file}`)}`,
        )
        const importer = (file) => t.arrowFunctionExpression([], t.callExpression(t.import(), [t.stringLiteral(file)]))
        path.replaceWith(
          t.objectExpression(matches.sort().map((file) => t.objectProperty(t.stringLiteral(file), importer(file)))),
        )
      },
    },
  }
}

/** @type {{ api: typeof import('@lingui/cli/api'), config: import('@lingui/conf').LinguiConfigNormalized, catalogs: unknown[] } | undefined} */
let lingui

/** A `.po` catalog compiled as the Lingui Vite plugin compiles it on import (`export const messages = …`). */
async function compiledCatalog(file) {
  if (!lingui) {
    const api = await import('@lingui/cli/api')
    const { getConfig } = await import('@lingui/conf')
    const config = getConfig({ cwd: ROOT })
    lingui = { api, config, catalogs: await api.getCatalogs(config) }
  }
  const { api, config, catalogs } = lingui
  const found = api.getCatalogForFile(relative(config.rootDir, file), catalogs)
  if (!found) throw new Error(`${file} is not a catalog of lingui.config.ts`)
  const { messages } = await found.catalog.getTranslations(found.locale, {
    fallbackLocales: config.fallbackLocales,
    sourceLocale: config.sourceLocale,
    missingBehavior: api.getFailOnMissingBehavior(false),
  })
  return api.createCompiledCatalog(found.locale, messages, { namespace: 'es' }).source
}

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  if (!specifier.endsWith(URL_IMPORT)) return nextResolve(specifier, context)
  const resolved = await nextResolve(specifier.slice(0, -URL_IMPORT.length), context)
  return { ...resolved, url: `${resolved.url}${URL_IMPORT}`, shortCircuit: true }
}

/** @type {import('node:module').LoadHook} */
export async function load(url, context, nextLoad) {
  // `import href from 'file?url'`: the file's address, as Vite's dev server writes it (the build's is its hashed /assets/ name)
  if (url.endsWith(URL_IMPORT)) {
    const file = relative(ROOT, fileURLToPath(url.slice(0, -URL_IMPORT.length)))
    return { format: 'module', shortCircuit: true, source: `export default ${JSON.stringify(`/${file}`)}` }
  }
  if (url.startsWith('file:') && CATALOG.test(url))
    return { format: 'module', shortCircuit: true, source: await compiledCatalog(fileURLToPath(url)) }
  const loaded = await nextLoad(url, context)
  if (!url.startsWith(CLIENT) || loaded.source == null) return loaded
  const source = String(loaded.source).replace(BROWSER_BUILD, 'false')
  if (!NEEDS_BABEL.test(source)) return source === String(loaded.source) ? loaded : { ...loaded, source }
  babel ??= await import('@babel/core')
  const result = await babel.transformAsync(source, {
    filename: fileURLToPath(url),
    babelrc: false,
    configFile: false,
    // the same line numbers, so coverage and stack traces point at the source's lines
    retainLines: true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: ['@lingui/babel-plugin-lingui-macro', expandGlobs],
  })
  return { ...loaded, source: result?.code ?? source }
}
