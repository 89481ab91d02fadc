// Lingui's React binding imports `use-sync-external-store/shim` for React 16 and 17; React 19 has the
// hook itself, so the build resolves the shim to it (vite.config.ts, docs/decisions/040-script-budget-per-page.md).
export { useSyncExternalStore } from 'react'
