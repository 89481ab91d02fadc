import { Trans } from '@lingui/react/macro'
import { formatRent } from '../../../shared/money.ts'
import { useLocale } from '../../lib/locale.ts'

/** A monthly rent as the reader's language shows it (SPEC §9), or "Negotiable". */
export function Price({ rent, currency, className }: { rent: number | null; currency: string; className?: string }) {
  const locale = useLocale()
  if (rent === null || rent === 0) {
    return (
      <span className={className}>
        <Trans>Negotiable</Trans>
      </span>
    )
  }
  const amount = formatRent(rent, currency, locale)
  return (
    <span className={className}>
      <Trans>
        <bdi>{amount}</bdi> <small>/ month</small>
      </Trans>
    </span>
  )
}
