import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { favoritesApi } from '../../lib/api/favorites.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useShell } from '../../lib/context.ts'
import { useLocalePath } from '../../lib/locale.ts'

/**
 * The heart on cards and the listing page. Optimistic: it flips at once and flips back, with a
 * message, when the call fails. Without a session it leads to sign-in and back here.
 *
 * Both the card's heart and the listing page's button hold both their texts ("Save to favorites",
 * "Remove from favorites") and show one by `aria-pressed` (app.css): the card's as its hidden name, the
 * page's as its visible text, so a pressed heart is never named "Save". Both name their listing
 * (`data-listing`): a page shared by signed-in readers presses a reader's saved ones before the app
 * hydrates (server/gateway/ssr/saved-listings.ts), and the name follows the pressed state with no script.
 */
export function FavoriteButton({
  listingId,
  favorited,
  variant = 'icon',
  onChange,
}: {
  listingId: number
  favorited: boolean
  variant?: 'icon' | 'full'
  onChange?: (favorited: boolean) => void
}) {
  const { t } = useLingui()
  const { hasSession } = useShell()
  const location = useLocation()
  const localePath = useLocalePath()
  const [on, setOn] = useState(favorited)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const label = t`Save to favorites`
  const className = variant === 'icon' ? 'favorite-toggle' : 'button button-ghost favorite-full'

  if (!hasSession) {
    const signIn = `${localePath('/auth')}?next=${encodeURIComponent(location.pathname + location.search)}`
    return (
      <AppLink to={signIn} className={className} aria-label={variant === 'icon' ? label : undefined}>
        <span aria-hidden="true">♡</span>
        {variant === 'full' && <> {label}</>}
      </AppLink>
    )
  }

  const toggle = async () => {
    const next = !on
    setOn(next)
    setFailed(false)
    setBusy(true)
    try {
      const state = next
        ? await favoritesApi(browserApi()).add(listingId)
        : await favoritesApi(browserApi()).remove(listingId)
      setOn(state.isFavorited)
      onChange?.(state.isFavorited)
    } catch {
      setOn(!next)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <span className="favorite-wrap">
      <button
        type="button"
        className={className}
        aria-pressed={on}
        data-listing={listingId}
        disabled={busy}
        onClick={toggle}
      >
        <span aria-hidden="true">{on ? '♥' : '♡'}</span>
        <span className={variant === 'icon' ? 'visually-hidden' : undefined}>
          {variant === 'full' && ' '}
          <span className="favorite-off">{label}</span>
          <span className="favorite-on">{t`Remove from favorites`}</span>
        </span>
      </button>
      <span role="status" className="favorite-error">
        {failed ? t`Could not update favorites. Please try again.` : ''}
      </span>
    </span>
  )
}
