import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import type { AiComparison } from '../../lib/api/ai.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { useListingTitle } from '../listings/listing-card.tsx'
import { VERDICT_LABELS } from './analysis-parts.tsx'
import { RedFlagList } from './red-flags.tsx'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** "Listing 1" / "Listing 2": the verdict's reasons name the sides by these numbers. */
function SideName({ side }: { side: number }) {
  const locale = useLocale()
  const n = formatNumber(side, locale)
  return <Trans>Listing {n}</Trans>
}

/**
 * Two listings side by side (one table, a row per fact, the better side said in words and marked),
 * each side's red flags, and the verdict with its reasons. The comparison page shows it, whether the
 * reader came from the favourites or from a listing page.
 */
export function ComparisonView({ comparison }: { comparison: AiComparison }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const title = useListingTitle()
  const heading = useRef<HTMLHeadingElement>(null)
  // shown after the reader pressed Compare: reading goes on from the verdict
  useEffect(() => heading.current?.focus(), [])
  const sides = comparison.listings.map((listing, index) => ({ listing, side: index + 1 }))
  const { winner, reasons } = comparison.verdict
  const winnerName = winner ? formatNumber(winner, locale) : ''
  const value = (key: string, text: string | null) =>
    text === null ? '—' : key === 'move_in' && ISO_DATE.test(text) ? formatDate(text, locale) : text

  return (
    <div className="comparison">
      <section
        className={winner ? 'comparison-verdict has-winner' : 'comparison-verdict'}
        aria-labelledby="verdict-title"
      >
        <h2 id="verdict-title" ref={heading} tabIndex={-1}>
          <Trans>Verdict</Trans>
        </h2>
        <p className="comparison-winner">
          {winner ? (
            <Trans>Listing {winnerName} looks like the better choice.</Trans>
          ) : (
            <Trans>Neither listing is clearly better.</Trans>
          )}
        </p>
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>

      <div className="comparison-table-wrap">
        <table className="comparison-table">
          <caption className="visually-hidden">
            <Trans>The two listings side by side</Trans>
          </caption>
          <thead>
            <tr>
              <td />
              {sides.map(({ listing, side }) => (
                <th key={listing.id} scope="col">
                  <span className="comparison-side">
                    <SideName side={side} />
                  </span>
                  <AppLink to={to(listingPath(listing.slug))}>{title(listing)}</AppLink>
                  {winner === side && (
                    <span className="badge better-badge">
                      <Trans>Better choice</Trans>
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.facts.map((fact) => (
              <tr key={fact.key}>
                <th scope="row">{fact.label}</th>
                {fact.values.map((text, index) => (
                  <td key={index} className={fact.better === index + 1 ? 'is-better' : undefined}>
                    {fact.key === 'price' && comparison.price[index] && (
                      <span className={`verdict-chip verdict-${comparison.price[index].verdict}`}>
                        {i18n._(VERDICT_LABELS[comparison.price[index].verdict])}
                      </span>
                    )}{' '}
                    {value(fact.key, text)}
                    {fact.better === index + 1 && (
                      <span className="better-mark">
                        <span aria-hidden="true">✓ </span>
                        <Trans>better</Trans>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="comparison-flags">
        {sides.map(({ listing, side }, index) => (
          <section key={listing.id} aria-labelledby={`flags-${side}`}>
            <h3 id={`flags-${side}`}>
              <Trans>Red flags</Trans> · <SideName side={side} />
            </h3>
            <RedFlagList flags={comparison.redFlags[index] ?? []} />
          </section>
        ))}
      </div>
    </div>
  )
}
