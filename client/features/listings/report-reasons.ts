import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ReportReason } from '../../../shared/schemas/moderation.ts'

// a module of their own: only the report form and moderation show them, not every page with a listing card
// (docs/decisions/025-catalogs-by-route-group.md)

/** Why a reader reports a listing: the API's REPORT_REASONS, labelled. */
export const REPORT_REASON_LABELS = {
  spam: msg`Spam or advertising`,
  scam: msg`Scam or fraud`,
  wrong_info: msg`Wrong information`,
  duplicate: msg`Duplicate listing`,
  offensive: msg`Offensive content`,
  already_rented: msg`Already rented`,
} satisfies Record<ReportReason, MessageDescriptor>
