import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GenderPref, PropertyType, Term } from '../../../shared/constants.ts'

export const TYPE_LABELS: Record<PropertyType, MessageDescriptor> = {
  apartment: msg`Entire apartment`,
  private_room: msg`Private room`,
  shared_room: msg`Shared room`,
}

export const GENDER_LABELS: Record<GenderPref, MessageDescriptor> = {
  male: msg`Male`,
  female: msg`Female`,
  any: msg`No preference`,
}

export const TERM_LABELS: Record<Term, MessageDescriptor> = {
  short: msg`Short term`,
  long: msg`Long term`,
}
