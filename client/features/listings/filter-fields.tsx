import { Trans, useLingui } from '@lingui/react/macro'
import { GENDER_PREFS, LISTING_SORTS } from '../../../shared/constants.ts'
import { currencyUnit, formatNumber, pageCurrency } from '../../../shared/money.ts'
import { useLocale } from '../../lib/locale.ts'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ListingSort } from '../../../shared/constants.ts'
import { GENDER_LABELS } from './labels.ts'
import { TermSelect } from './term-select.tsx'
import { TypeSelect } from './type-select.tsx'

const SORT_LABELS: Record<ListingSort, MessageDescriptor> = {
  boosted: msg`Featured first`,
  newest: msg`Newest`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
}

export interface FilterFieldsProps {
  /** The search's filters, as the listings page's loader read them from the address. */
  filters: Record<string, string | number>
  /** The currency of the country searched, if one is. */
  countryCurrency: string | undefined
}

/**
 * The listings filter's fields but the place's: plain controls the form sends as they are. The page
 * keeps the server's HTML of them, with no script, until it renders them afresh (a new search:
 * `keptPart`, docs/decisions/040-script-budget-per-page.md).
 */
export default function FilterFields({ filters, countryCurrency }: FilterFieldsProps) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const hasPrice = filters.min_price !== undefined || filters.max_price !== undefined
  // Prices are taken and shown in the page's currency (rials in fa); a URL's prices keep the currency they
  // were given in: its price_currency, else, for links from before it, the country's or EUR (docs/decisions/005).
  const priceCurrency =
    typeof filters.price_currency === 'string'
      ? filters.price_currency
      : hasPrice
        ? (countryCurrency ?? 'EUR')
        : pageCurrency(locale, countryCurrency)
  const unit = currencyUnit(priceCurrency, locale)
  const amount = (key: 'min_price' | 'max_price') => {
    const price = filters[key]
    return typeof price === 'number' ? formatNumber(price, locale) : ''
  }
  const value = (key: string) => (filters[key] === undefined ? '' : String(filters[key]))
  return (
    <>
      <label>
        <span>
          <Trans>Property type</Trans>
        </span>
        <TypeSelect defaultValue={value('type')} />
      </label>
      <label>
        <span>
          <Trans>Rental term</Trans>
        </span>
        <TermSelect defaultValue={value('term')} />
      </label>
      <fieldset className="price-range">
        <legend>
          <Trans>Monthly rent ({unit})</Trans>
        </legend>
        {/* text, not number: a number input refuses Persian digits and thousands separators */}
        <input type="hidden" name="price_currency" value={priceCurrency} />
        <input
          type="text"
          name="min_price"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t`Min (${unit})`}
          aria-label={t`Minimum rent (${unit})`}
          defaultValue={amount('min_price')}
        />
        <input
          type="text"
          name="max_price"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t`Max (${unit})`}
          aria-label={t`Maximum rent (${unit})`}
          defaultValue={amount('max_price')}
        />
      </fieldset>
      <label>
        <span>
          <Trans>Gender preference</Trans>
        </span>
        <select name="gender_pref" defaultValue={value('gender_pref')}>
          <option value="">{t`Anyone`}</option>
          {GENDER_PREFS.map((g) => (
            <option key={g} value={g}>
              {i18n._(GENDER_LABELS[g])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>
          <Trans>Available by</Trans>
        </span>
        <input type="date" name="start_date" defaultValue={value('start_date')} />
      </label>
      <label className="check">
        <input type="checkbox" name="has_contract" value="true" defaultChecked={filters.has_contract === 'true'} />
        <span>
          <Trans>Official contract</Trans>
        </span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="include_discussable"
          value="true"
          defaultChecked={filters.include_discussable === 'true'}
        />
        <span>
          <Trans>Include negotiable rents</Trans>
        </span>
      </label>
      <label>
        <span>
          <Trans>Sort by</Trans>
        </span>
        <select name="sort" defaultValue={value('sort') || 'boosted'}>
          {LISTING_SORTS.map((s) => (
            <option key={s} value={s}>
              {i18n._(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}
