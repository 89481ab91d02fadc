import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in the server's page and while it hydrates, true once the app runs it: a part that works
 * only with scripts (a picker, an upload) shows its plain form until then, and the first render in
 * the browser matches the server's (docs/decisions/041-forms-without-javascript.md).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
