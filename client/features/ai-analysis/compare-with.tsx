import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { favoritesApi } from '../../lib/api/favorites.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import type { Listing } from '../../lib/api/listings.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { useListingTitle } from '../listings/listing-card.tsx'
import { Price } from '../listings/price.tsx'
import { comparePath } from './compare-path.ts'

type Choices = { kind: 'closed' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'open'; listings: Listing[] }

/** How many favourites the picker offers (the newest saved). */
const PICKER_SIZE = 50

/**
 * "Compare with…" on a listing page: the reader's favourites load when asked for; picking one and pressing
 * Compare posts to the comparison page (/dashboard/favorites/compare?a=&b=), which runs it for one credit.
 */
export function CompareWith({ listingId }: { listingId: number }) {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const title = useListingTitle()
  const navigation = useNavigation()
  const id = useId()
  const [choices, setChoices] = useState<Choices>({ kind: 'closed' })
  const [other, setOther] = useState<number | null>(null)
  // a script's button: pressed before its part runs it would do nothing (decision 041)
  const hydrated = useHydrated()

  const open = async () => {
    setChoices({ kind: 'loading' })
    try {
      const page = await favoritesApi(browserApi()).list({ page: 1, limit: PICKER_SIZE, language: locale })
      const listings = page.favorites.map((f) => f.listing).filter((l) => l.id !== listingId && l.status === 'active')
      setChoices({ kind: 'open', listings })
      setOther(listings[0]?.id ?? null)
    } catch {
      setChoices({ kind: 'failed' })
    }
  }

  if (choices.kind === 'closed' || choices.kind === 'loading' || choices.kind === 'failed')
    return (
      <div className="compare-with">
        <button
          type="button"
          className="button button-ghost"
          aria-busy={choices.kind === 'loading'}
          disabled={!hydrated || choices.kind === 'loading'}
          onClick={open}
        >
          {choices.kind === 'loading' ? t`Loading your favorites…` : t`Compare with a favorite…`}
        </button>
        {choices.kind === 'failed' && (
          <p className="field-error" role="alert">
            <Trans>Your favorites could not be loaded. Please try again.</Trans>
          </p>
        )}
      </div>
    )

  if (choices.listings.length === 0)
    return (
      <p className="hint compare-with" role="status">
        <Trans>
          Save another listing to your favorites to compare it with this one.{' '}
          <AppLink to={to('/listings')}>Browse listings</AppLink>
        </Trans>
      </p>
    )

  const submitting = navigation.state === 'submitting'
  return (
    <Form
      method="post"
      action={other === null ? undefined : comparePath(to, listingId, other)}
      className="compare-with compare-picker"
    >
      <fieldset>
        <legend>
          <Trans>Compare this listing with:</Trans>
        </legend>
        <ul>
          {choices.listings.map((listing) => (
            <li key={listing.id}>
              <label className="check">
                <input
                  type="radio"
                  name={`${id}-other`}
                  checked={other === listing.id}
                  onChange={() => setOther(listing.id)}
                />
                <span>
                  {title(listing)} · <Price rent={listing.rent} currency={listing.currency} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="ai-actions">
        <button
          type="submit"
          className="button"
          disabled={other === null || submitting}
          aria-describedby={`${id}-cost`}
        >
          {submitting ? t`Comparing…` : t`Compare with AI`}
        </button>
        <span id={`${id}-cost`} className="hint">
          <Trans>Uses 1 AI credit</Trans>
        </span>
      </div>
    </Form>
  )
}
