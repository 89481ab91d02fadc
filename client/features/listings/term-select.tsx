import { useLingui } from '@lingui/react/macro'
import { TERMS } from '../../../shared/constants.ts'
import { TERM_LABELS } from './labels.ts'

/** The rental-term filter (`term`), "Any term" first. */
export function TermSelect({ defaultValue = '', id }: { defaultValue?: string; id?: string }) {
  const { t, i18n } = useLingui()
  return (
    <select id={id} name="term" defaultValue={defaultValue}>
      <option value="">{t`Any term`}</option>
      {TERMS.map((term) => (
        <option key={term} value={term}>
          {i18n._(TERM_LABELS[term])}
        </option>
      ))}
    </select>
  )
}
