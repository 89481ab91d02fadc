import { useLocation } from 'react-router'
import { useShell } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { signInPath } from './sign-in-path.ts'

/**
 * For a guest, the sign-in page that comes back to this very page (its address and its search);
 * null for a signed-in reader. A part only signed-in readers have (most come on demand,
 * docs/decisions/040-script-budget-per-page.md) shows a guest a link to it in its place.
 */
export function useSignInHere(): string | null {
  const { hasSession } = useShell()
  const locale = useLocale()
  const { pathname, search } = useLocation()
  return hasSession ? null : signInPath(locale, pathname + search)
}
