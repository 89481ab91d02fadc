import { useEffect, type AnchorHTMLAttributes } from 'react'
import { useNavigate } from 'react-router'

/**
 * An in-app link to an absolute path (`/en/listing/…`), rendered as a plain `<a>`. Client-side
 * navigation comes from one delegated click handler (`useAppLinkNavigation`, mounted once in the
 * root), so a page of twenty cards does not pay React Router's per-`<Link>` path resolution three
 * times over, on every server render and again when hydrating. Use `<Link>` for relative paths
 * and `<NavLink>` where the active state matters.
 */
export function AppLink({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} data-app-link="" {...rest} />
}

/** A plain left click on an `AppLink`, same origin, no modifier, no other target: the router's to handle. */
function routedPath(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return null
  const anchor = event.target instanceof Element ? event.target.closest('a[data-app-link]') : null
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return null
  const url = new URL(anchor.href)
  if (url.origin !== window.location.origin) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** Sends plain clicks on `AppLink`s through the router, as `<Link>` would (a link to the current address replaces it). */
export function useAppLinkNavigation(): void {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = routedPath(event)
      if (path === null) return
      event.preventDefault()
      const { pathname, search, hash } = window.location
      void navigate(path, { replace: path === `${pathname}${search}${hash}` })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
