import { Trans, useLingui } from '@lingui/react/macro'
import { useLayoutEffect, useRef } from 'react'
import {
  Form,
  NavLink,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useNavigationType,
  type LoaderFunctionArgs,
} from 'react-router'
import { useLocalePath } from '../../lib/locale.ts'
import { requireUser } from '../auth/guards.ts'
import { signedIn } from '../auth/signed-in.ts'
import { SIGN_OUT_PATH } from '../auth/sign-out-route.ts'
import { SiteHeader } from './site-header.tsx'
import { UnreadBadge } from './unread-badge.tsx'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  return { user: await requireUser(context, request) }
})

/** "Sign out": a form of its own route (sign-out-action.ts), so it works without JavaScript too. */
function SignOut() {
  const to = useLocalePath()
  const busy = useNavigation().formAction === to(SIGN_OUT_PATH)
  return (
    <Form method="post" action={to(SIGN_OUT_PATH)} className="inline-form">
      <button type="submit" className="button button-ghost button-small" disabled={busy}>
        <Trans>Sign out</Trans>
      </button>
    </Form>
  )
}

/** Where the content pane was scrolled to on each history entry of this tab (by the entry's key). */
const panePositions = new Map<string, number>()

/**
 * The signed-in area scrolls its content pane, not the window, so the root's scroll restoration
 * does not reach it; this does the same for the pane: a new page starts at the pane's top (or at
 * its #anchor), back and forward return to where the reader was.
 */
function usePaneScrollRestoration() {
  const pane = useRef<HTMLElement>(null)
  const { key, hash } = useLocation()
  const type = useNavigationType()
  useLayoutEffect(() => {
    const element = pane.current
    if (!element) return
    let anchor: HTMLElement | null = null
    try {
      anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    } catch {
      // a hash that is no element's id
    }
    if (type === 'POP') element.scrollTop = panePositions.get(key) ?? 0
    else if (anchor) anchor.scrollIntoView()
    else element.scrollTop = 0
    const remember = () => void panePositions.set(key, element.scrollTop)
    element.addEventListener('scroll', remember, { passive: true })
    return () => element.removeEventListener('scroll', remember)
  }, [key, hash, type])
  return pane
}

/** The signed-in area: a side menu and a scrolling content pane (the page itself does not scroll). */
export function DashboardLayout() {
  const { user } = useLoaderData<typeof loader>()
  const pane = usePaneScrollRestoration()
  const name = user.firstName
  const to = useLocalePath()
  const { t } = useLingui()
  const links = [
    { path: '/dashboard', label: t`Overview`, end: true },
    { path: '/dashboard/listings', label: t`My listings` },
    { path: '/dashboard/favorites', label: t`Favorites` },
    { path: '/dashboard/alerts', label: t`Alerts`, unread: true },
    { path: '/dashboard/subscription', label: t`Subscription` },
    { path: '/dashboard/referrals', label: t`Referrals` },
    { path: '/dashboard/ai-preferences', label: t`AI preferences` },
    { path: '/dashboard/profile', label: t`Profile` },
    { path: '/dashboard/account-management', label: t`Account` },
    ...(user.role === 'admin'
      ? [
          { path: '/dashboard/moderation', label: t`Moderation` },
          { path: '/dashboard/site-overview', label: t`Site overview` },
          { path: '/dashboard/coupons', label: t`Coupons` },
        ]
      : []),
  ]
  return (
    <div className="dashboard">
      <SiteHeader signedIn />
      <div className="dashboard-body">
        <nav className="dashboard-nav" aria-label={t`Dashboard`}>
          <p className="dashboard-user">
            <Trans>Signed in as {name}</Trans>
          </p>
          {links.map((link) => (
            <NavLink key={link.path} to={to(link.path)} end={link.end}>
              {link.label}
              {link.unread && <UnreadBadge signedIn />}
            </NavLink>
          ))}
          <SignOut />
        </nav>
        <main id="main" className="dashboard-main" ref={pane}>
          <Outlet />
        </main>
      </div>
    </div>
  )
}
