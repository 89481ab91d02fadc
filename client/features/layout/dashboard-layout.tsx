import { useLingui } from '@lingui/react/macro'
import { NavLink, Outlet } from 'react-router'
import { useLocalePath } from '../../lib/locale.ts'
import { SiteHeader } from './site-header.tsx'

/** The signed-in area: a side menu and a scrolling content pane (the page itself is scroll-locked, SPEC §2). */
export function DashboardLayout() {
  const to = useLocalePath()
  const { t } = useLingui()
  const links = [
    { path: '/dashboard', label: t`Overview`, end: true },
    { path: '/dashboard/listings', label: t`My listings` },
    { path: '/dashboard/favorites', label: t`Favorites` },
    { path: '/dashboard/alerts', label: t`Alerts` },
    { path: '/dashboard/subscription', label: t`Subscription` },
    { path: '/dashboard/referrals', label: t`Referrals` },
    { path: '/dashboard/ai-preferences', label: t`AI preferences` },
    { path: '/dashboard/profile', label: t`Profile` },
    { path: '/dashboard/account-management', label: t`Account` },
  ]
  return (
    <div className="dashboard">
      <SiteHeader />
      <div className="dashboard-body">
        <nav className="dashboard-nav" aria-label={t`Dashboard`}>
          {links.map((link) => (
            <NavLink key={link.path} to={to(link.path)} end={link.end}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <main id="main" className="dashboard-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
