// React's JSX runtime as plain bindings of the framework chunk (vite.config.ts, docs/decisions/040-script-budget-per-page.md):
// the runtime is a CommonJS module, so a chunk that imports it directly calls `(0,r.jsx)(…)` on its exports
// object; through these constants, `o(…)`. The browser's build resolves the compiled JSX's
// `react/jsx-runtime` here; this module's own import is the real one.
import * as runtime from 'react/jsx-runtime'

export const jsx = runtime.jsx
export const jsxs = runtime.jsxs
export const Fragment = runtime.Fragment
