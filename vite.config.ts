import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { publicPageChunks } from './scripts/page-chunks.ts'
import { routeCatalogs } from './scripts/route-catalogs.ts'

/** The browser build's JSX calls the runtime through plain bindings (client/lib/jsx-runtime.ts). */
const JSX_BINDINGS = path.resolve('client/lib/jsx-runtime.ts')
function jsxBindings(): Plugin {
  return {
    name: 'khaneh-jsx-bindings',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id, importer) {
      return id === 'react/jsx-runtime' && importer !== JSX_BINDINGS ? JSX_BINDINGS : null
    },
  }
}

// Lingui's macros need Babel, which plugin-react 6 no longer runs: the Babel pass goes first (Lingui discussion #2657).
export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), react(), lingui(), routeCatalogs(), jsxBindings()],
  publicDir: 'public',
  // React 19's own hook instead of the shim Lingui's binding imports for older Reacts
  resolve: { alias: { 'use-sync-external-store/shim': '/client/lib/use-sync-external-store.ts' } },
  // scripts/build.ts names each build; a development server has none (client/lib/build-freshness.ts)
  define: { __KHANEH_BUILD_ID__: JSON.stringify('dev') },
  // true in the browser's bundle alone: what only the server's render needs is dropped from it (client/build-id.d.ts)
  environments: {
    client: { define: { __KHANEH_BROWSER_BUILD__: 'true' } },
    ssr: { define: { __KHANEH_BROWSER_BUILD__: 'false' } },
  },
  build: {
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    rolldownOptions: {
      input: 'client/entry.client.tsx',
      output: {
        // the chunks of modules pages share (scripts/page-chunks.ts) are named by their hash alone: every chunk
        // names those it imports, and the entry every page's and theirs, so their long names
        // (`with-home-listings-listing-…`) cost each page's script some 0.5 KB (docs/decisions/040-script-budget-per-page.md)
        chunkFileNames: (chunk) => (chunk.name.startsWith('with-') ? 'assets/[hash].js' : 'assets/[name]-[hash].js'),
        codeSplitting: {
          groups: [
            // (with the locale table, the router contexts, the API's caller and errors, the JSX runtime's bindings and
            // two small hooks, which every page's chunks import)
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui)[\\/]|vite[\\/]preload-helper|[\\/]shared[\\/](locales|errors)\.ts$|[\\/]client[\\/]lib[\\/](context|camelize|api[\\/]call|jsx-runtime|hydrated|revalidation)\.ts$/,
            },
            // (the dependencies a group's modules share with the entry stay in the entry)
            {
              name: publicPageChunks(process.cwd()),
              debugName: 'public-page-chunks',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
