import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { publicPageChunks } from './scripts/page-chunks.ts'
import { routeCatalogs } from './scripts/route-catalogs.ts'

// Lingui's macros need Babel, which plugin-react 6 no longer runs: the Babel pass goes first (Lingui discussion #2657).
export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), react(), lingui(), routeCatalogs()],
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
        codeSplitting: {
          groups: [
            // (with the locale table, the router contexts and the API's caller and errors, which every page's chunks import)
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui)[\\/]|vite[\\/]preload-helper|[\\/]shared[\\/](locales|errors)\.ts$|[\\/]client[\\/]lib[\\/](context|camelize|api[\\/]call)\.ts$/,
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
