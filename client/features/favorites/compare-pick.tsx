import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useLocalePath } from '../../lib/locale.ts'
import { comparePath } from '../ai-analysis/compare-path.ts'
import { useListingTitle, type CardListing } from '../listings/listing-card.tsx'

/** The two favourites picked for a comparison; ticking a third lets go of the one picked first. */
export function useComparePick() {
  const [picked, setPicked] = useState<CardListing[]>([])
  const toggle = (listing: CardListing) =>
    setPicked((now) =>
      now.some((l) => l.id === listing.id) ? now.filter((l) => l.id !== listing.id) : [...now, listing].slice(-2),
    )
  return { picked, toggle, clear: () => setPicked([]) }
}
type ComparePick = ReturnType<typeof useComparePick>

/** "Compare" under a favourite's card: a checkbox named after the listing. */
export function CompareToggle({ listing, pick }: { listing: CardListing; pick: ComparePick }) {
  const title = useListingTitle()(listing)
  const on = pick.picked.some((l) => l.id === listing.id)
  return (
    <label className={on ? 'compare-toggle is-on' : 'compare-toggle'}>
      <input type="checkbox" checked={on} onChange={() => pick.toggle(listing)} />
      <span>
        <Trans>Compare</Trans>
        <span className="visually-hidden">: {title}</span>
      </span>
    </label>
  )
}

/**
 * The picked favourites and the Compare button, kept in view at the foot of the page while the reader
 * picks. Compare posts to the comparison page, which runs it for one AI credit.
 */
export function CompareBar({ pick }: { pick: ComparePick }) {
  const { t } = useLingui()
  const to = useLocalePath()
  const title = useListingTitle()
  const navigation = useNavigation()
  const [first, second] = pick.picked
  const firstTitle = first ? title(first) : ''
  const secondTitle = second ? title(second) : ''
  const submitting = navigation.state === 'submitting'
  return (
    <div className={first ? 'compare-bar' : 'compare-bar is-empty'}>
      <p role="status" className="compare-bar-text">
        {second ? (
          <Trans>
            Ready to compare: {firstTitle} and {secondTitle}
          </Trans>
        ) : first ? (
          <Trans>Picked: {firstTitle}. Pick one more to compare.</Trans>
        ) : (
          ''
        )}
      </p>
      {first && (
        <div className="ai-actions">
          {second && (
            <Form method="post" action={comparePath(to, first.id, second.id)}>
              <button type="submit" className="button" disabled={submitting} aria-describedby="compare-bar-cost">
                {submitting ? t`Comparing…` : t`Compare with AI`}
              </button>
            </Form>
          )}
          <button type="button" className="button button-ghost button-small" onClick={pick.clear}>
            <Trans>Clear</Trans>
          </button>
          {second && (
            <span id="compare-bar-cost" className="hint">
              <Trans>Uses 1 AI credit</Trans>
            </span>
          )}
        </div>
      )}
    </div>
  )
}
