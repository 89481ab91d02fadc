import { Trans } from '@lingui/react/macro'
import { Outlet } from 'react-router'
import { SiteFooter, SiteHeader } from './site-header.tsx'

export function DefaultLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}
