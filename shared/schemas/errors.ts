import { z } from 'zod'
import {
  BARE_REASONS,
  CLIENT_ERROR_CODES,
  ERROR_CODES,
  ERROR_REASONS,
  reasonFits,
  RETRY_REASONS,
  type ErrorCode,
  type ReasonOf,
} from '../errors.ts'
import { LinkMethodSchema } from './user.ts'

/** A code of an error answer (docs/decisions/013-error-envelope-and-codes.md). */
export const ErrorCodeSchema = z.enum(ERROR_CODES)
/** A code the client gives a failure that has none from the server. */
export const ClientErrorCodeSchema = z.enum(CLIENT_ERROR_CODES)
/** A `details.reason`. */
export const ErrorReasonSchema = z.enum(ERROR_REASONS)

/** One field error of a 400 VALIDATION_ERROR. */
export const FieldIssueSchema = z.strictObject({ path: z.string(), code: z.string(), message: z.string() })
export type FieldIssue = z.infer<typeof FieldIssueSchema>

const count = z.number().int().nonnegative()

/** The details of a failure that has a reason, by reason: what else each one carries. */
export const ReasonDetailsSchema = z.discriminatedUnion('reason', [
  z.strictObject({ reason: z.enum(BARE_REASONS) }),
  z.strictObject({ reason: z.enum(RETRY_REASONS), retry_after_s: count }),
  z.strictObject({ reason: z.literal('upload_quota'), limit: count }),
  z.strictObject({ reason: z.literal('too_many_pixels'), width: count, height: count }),
  z.strictObject({
    reason: z.literal('merge_required'),
    merge_token: z.string(),
    auth_method: LinkMethodSchema,
    other_account: z.strictObject({ first_name: z.string(), listings_count: count }),
  }),
  // the status a listing, report or payment was found in
  z.strictObject({ reason: z.enum(['listing_not_active', 'report_not_open', 'payment_not_open']), status: z.string() }),
  z.strictObject({ reason: z.literal('transition_not_allowed'), from: z.string(), to: z.string() }),
  z.strictObject({ reason: z.literal('listing_changed'), updated_at: z.string() }),
  z.strictObject({ reason: z.literal('no_credits'), remaining_credits: count }),
  z.strictObject({ reason: z.literal('alert_limit'), max_alerts_allowed: count, upgrade_path: z.string() }),
  z.strictObject({ reason: z.literal('upstream_busy'), retry_after_s: count.nullable() }),
])
export type ReasonDetails = z.infer<typeof ReasonDetailsSchema>

/** The details of reason `R`. */
export type DetailsOfReason<R extends ReasonDetails['reason']> = ReasonDetails & { reason: R }

/** What `details` may be under code `C`: field errors (400 only), a reason of that code, or null. */
export type ErrorDetailsOf<C extends ErrorCode> =
  | (C extends 'VALIDATION_ERROR' ? FieldIssue[] : never)
  | DetailsOfReason<ReasonOf<C>>
  | null

/** `details` of any error: field errors, a reason's details, or null. */
export type ErrorDetails = FieldIssue[] | ReasonDetails | null

/**
 * The error object of a failed answer. Closed: a code outside the catalogue, a reason outside the
 * vocabulary or under a code it does not belong to, or a field the reason does not carry, fails.
 */
export const ApiErrorSchema = z
  .strictObject({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.union([z.array(FieldIssueSchema), ReasonDetailsSchema]).nullable(),
  })
  .superRefine((error, ctx) => {
    const { code, details } = error
    if (Array.isArray(details) && code !== 'VALIDATION_ERROR')
      ctx.addIssue({ code: 'custom', path: ['details'], message: `${code} carries no field errors` })
    if (details && !Array.isArray(details) && !reasonFits(code, details.reason))
      ctx.addIssue({ code: 'custom', path: ['details', 'reason'], message: `${code} has no reason ${details.reason}` })
  })
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>

/** The envelope of a failure: every error answer of the API and the gateway. */
export const ErrorEnvelopeSchema = z.strictObject({
  success: z.literal(false),
  data: z.null(),
  error: ApiErrorSchema,
  timestamp: z.string(),
})
