// `npm run build`: the client bundle (with its manifest) and the SSR bundle of the same sources.
import { build } from 'vite'

await build({ build: { outDir: 'dist/client', emptyOutDir: true }, logLevel: 'warn' })
await build({
  build: { ssr: 'client/entry.server.tsx', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false },
  logLevel: 'warn',
})
console.log('build: dist/client and dist/server are ready')
