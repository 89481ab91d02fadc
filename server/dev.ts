// `npm run dev`: the same service with Vite's middleware in front (HMR), rendering from source on every request.
import { createServer } from 'vite'
import type { render as renderPage } from '../client/entry.server.tsx'
import { run } from './main.ts'

const PREAMBLE = '/@khaneh/react-refresh-preamble.js'
// React adds `async` to bootstrap modules, so order comes from one entry whose imports run in sequence.
const DEV_ENTRY = '/@khaneh/dev-entry.js'
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })

await run({
  devMiddleware: (req, res, next) => {
    // React Fast Refresh must be installed before any component module runs (plugin-react's preamble).
    if (req.url === DEV_ENTRY) {
      res.setHeader('content-type', 'text/javascript')
      res.end(`import "${PREAMBLE}";import "/@vite/client";import "/client/entry.client.tsx";`)
      return
    }
    if (req.url === PREAMBLE) {
      res.setHeader('content-type', 'text/javascript')
      res.end(
        'import { injectIntoGlobalHook } from "/@react-refresh";injectIntoGlobalHook(window);' +
          'window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;',
      )
      return
    }
    vite.middlewares(req, res, next)
  },
  renderer: {
    async render(options) {
      const mod = (await vite.ssrLoadModule('/client/entry.server.tsx')) as { render: typeof renderPage }
      return mod.render({ ...options, bootstrapModules: [DEV_ENTRY], styles: [], modulePreloads: [] })
    },
  },
})
