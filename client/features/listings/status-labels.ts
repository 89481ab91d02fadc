import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ListingStatus } from '../../../shared/constants.ts'

// (a module of its own: only an owner's and the signed-in area's pages show a listing's state, not
// every page with a listing card; docs/decisions/040-script-budget-per-page.md)

export const STATUS_LABELS: Record<ListingStatus, MessageDescriptor> = {
  pending: msg`Awaiting review`,
  active: msg`Active`,
  rented: msg`Rented`,
  expired: msg`Expired`,
  rejected: msg`Rejected`,
  removed: msg`Removed`,
}
