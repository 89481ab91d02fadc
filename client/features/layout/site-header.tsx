import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { NavLink, useNavigation } from 'react-router'
import { useShell } from '../../lib/context.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { AppLink } from '../../components/app-link.tsx'

// the live count is for signed-in readers only: its code is not part of an anonymous visit
const UnreadBadge = lazy(() => import('./unread-badge.tsx').then((m) => ({ default: m.UnreadBadge })))

/** The progress bar shown while a client navigation loads its data. */
function NavigationProgress() {
  const navigation = useNavigation()
  const { t } = useLingui()
  if (navigation.state === 'idle') return null
  return <div className="nav-progress" role="progressbar" aria-label={t`Loading`} aria-busy="true" />
}

/** The site header; a session (known in the dashboard, or hinted by the cookies) swaps "Sign in" for a link to the dashboard, with the live unread count. */
export function SiteHeader({ signedIn = false }: { signedIn?: boolean }) {
  const to = useLocalePath()
  const { hasSession } = useShell()
  const { t } = useLingui()
  const hasUser = signedIn || hasSession === true
  return (
    <header className="site-header">
      <NavigationProgress />
      <div className="container header-row">
        <AppLink to={to('/')} className="brand" aria-label={t`Khaneh home`}>
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>
            <Trans>Khaneh</Trans>
          </span>
        </AppLink>
        <nav aria-label={t`Main`} className="main-nav">
          <NavLink to={to('/listings')}>
            <Trans>Listings</Trans>
          </NavLink>
          <NavLink to={to('/pricing')} className="hide-sm">
            <Trans>Pricing</Trans>
          </NavLink>
          <NavLink to={to('/about-us')} className="hide-sm">
            <Trans>About</Trans>
          </NavLink>
        </nav>
        <div className="header-actions">
          <LanguageSwitcher />
          {hasUser ? (
            <AppLink to={to('/dashboard')} className="button button-small">
              <Trans>Dashboard</Trans>
              <Suspense fallback={null}>
                <UnreadBadge signedIn={hasUser} />
              </Suspense>
            </AppLink>
          ) : (
            <AppLink to={to('/auth')} className="button button-small">
              <Trans>Sign in</Trans>
            </AppLink>
          )}
        </div>
      </div>
    </header>
  )
}

export function SiteFooter() {
  const to = useLocalePath()
  const { t } = useLingui()
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p>
          <Trans>Khaneh — homes and rooms for Persian speakers, wherever you live.</Trans>
        </p>
        <nav aria-label={t`Footer`}>
          <AppLink to={to('/about-us')}>
            <Trans>About</Trans>
          </AppLink>
          <AppLink to={to('/contact-us')}>
            <Trans>Contact</Trans>
          </AppLink>
          <AppLink to={to('/privacy-policy')}>
            <Trans>Privacy policy</Trans>
          </AppLink>
          <AppLink to={to('/pricing')}>
            <Trans>Pricing</Trans>
          </AppLink>
          <AppLink to={to('/safety-guide')}>
            <Trans>Safety guide</Trans>
          </AppLink>
          <AppLink to={to('/faq')}>
            <Trans>FAQ</Trans>
          </AppLink>
          <AppLink to={to('/terms-of-use')}>
            <Trans>Terms of use</Trans>
          </AppLink>
        </nav>
      </div>
    </footer>
  )
}
