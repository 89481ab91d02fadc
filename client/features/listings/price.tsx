import { useLingui } from '@lingui/react/macro'
import { formatRent } from '../../../shared/money.ts'
import { useLocale } from '../../lib/locale.ts'

/** A monthly rent as the reader's language shows it (fa in rials, others in the listing's currency: formatRent), or "Negotiable". */
export function Price({ rent, currency, className }: { rent: number | null; currency: string; className?: string }) {
  const locale = useLocale()
  const { t } = useLingui()
  if (rent === null || rent === 0) return <span className={className}>{t`Negotiable`}</span>
  return (
    <span className={className}>
      <bdi>{formatRent(rent, currency, locale)}</bdi> <small>{t`/ month`}</small>
    </span>
  )
}
