import { useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { useLocalePath } from '../../lib/locale.ts'
import { useSignInHere } from '../auth/sign-in-here.ts'
import type { FavoriteActed } from './favorite-action.ts'
import { FAVORITE_PATH } from './favorite-route.ts'

/**
 * The heart on cards and the listing page: a form of the `/favorite` route's action
 * (favorite-action.ts), so it works without JavaScript (then it comes back to this page). With the
 * app it is optimistic: it flips at once and flips back, with a message, when the call fails.
 * Without a session it leads to sign-in and back here.
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
  const signIn = useSignInHere()
  const location = useLocation()
  const localePath = useLocalePath()
  const fetcher = useFetcher<FavoriteActed>()
  const [on, setOn] = useState(favorited)
  const [failed, setFailed] = useState(false)
  const busy = fetcher.state !== 'idle'
  const action = localePath(FAVORITE_PATH)
  const here = location.pathname + location.search
  const label = t`Save to favorites`
  const className = variant === 'icon' ? 'favorite-toggle' : 'button button-ghost favorite-full'

  // the action's answer settles the heart (adjusted while rendering, as React advises)
  const [seen, setSeen] = useState(fetcher.data)
  if (fetcher.data !== seen) {
    setSeen(fetcher.data)
    if (fetcher.data) {
      setOn(fetcher.data.favorited)
      setFailed(fetcher.data.failed)
    }
  }
  useEffect(() => {
    if (seen && !seen.failed) onChange?.(seen.favorited)
  }, [seen, onChange])

  if (signIn)
    return (
      <AppLink to={signIn} className={className} aria-label={variant === 'icon' ? label : undefined}>
        <span aria-hidden="true">♡</span>
        {variant === 'full' && <> {label}</>}
      </AppLink>
    )

  const toggle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = !on
    setOn(next)
    setFailed(false)
    // from the app: no `back`, the page stays as it is (`from`: where a sign-in it leads to comes back)
    fetcher.submit({ listing: String(listingId), favorite: String(next), from: here }, { method: 'post', action })
  }

  return (
    <fetcher.Form method="post" action={action} className="favorite-wrap" onSubmit={toggle}>
      <input type="hidden" name="listing" value={listingId} />
      <input type="hidden" name="favorite" value={String(!on)} />
      <input type="hidden" name="back" value={here} />
      <input type="hidden" name="from" value={here} />
      <button type="submit" className={className} aria-pressed={on} data-listing={listingId} disabled={busy}>
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
    </fetcher.Form>
  )
}
