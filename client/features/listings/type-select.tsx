import { useLingui } from '@lingui/react/macro'
import { PROPERTY_TYPES } from '../../../shared/constants.ts'
import { TYPE_LABELS } from './labels.ts'

/** The property-type filter (`type`), "Any type" first. */
export function TypeSelect({ defaultValue = '', label, id }: { defaultValue?: string; label?: string; id?: string }) {
  const { t, i18n } = useLingui()
  return (
    <select id={id} name="type" aria-label={label} defaultValue={defaultValue}>
      <option value="">{t`Any type`}</option>
      {PROPERTY_TYPES.map((type) => (
        <option key={type} value={type}>
          {i18n._(TYPE_LABELS[type])}
        </option>
      ))}
    </select>
  )
}
