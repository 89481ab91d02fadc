import { z } from 'zod'
import { ListListingsQuery } from './listing.ts'
import { IdParams, PageParam, PaginationSchema, QueryBool } from './common.ts'

import {
  ALERT_CHANNELS,
  ALERT_FILTER_NAMES,
  ALERT_FREQUENCIES,
  UNREAD_EVENT,
  type AlertFilterName,
} from '../alert-options.ts'

export { ALERT_CHANNELS, ALERT_FILTER_NAMES, ALERT_FREQUENCIES, UNREAD_EVENT }
export type { AlertChannel, AlertFilterName } from '../alert-options.ts'

const search = ListListingsQuery.shape
/** The saved filters, parsed exactly as GET /listings parses its query. */
export const AlertFiltersQuery = z
  .strictObject(
    Object.fromEntries(ALERT_FILTER_NAMES.map((name) => [name, search[name]])) as {
      [K in AlertFilterName]: (typeof search)[K]
    },
  )
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    message: 'must not be above max_price',
    path: ['min_price'],
  })
export type AlertFiltersQuery = z.infer<typeof AlertFiltersQuery>

/** `filters` on the wire: the query names and values of GET /listings (numbers and booleans may be sent as such). */
export const AlertFiltersInput = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(
          Object.entries(raw).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v]),
        )
      : raw,
  AlertFiltersQuery,
)

/** The saved filters as query values (`?city=berlin&min_price=500`), ready to open GET /listings with. */
export const AlertFiltersSchema = z.record(z.string(), z.string())

const AlertName = z.string().trim().min(1).max(100)
const Channels = z
  .array(z.enum(ALERT_CHANNELS))
  .max(ALERT_CHANNELS.length)
  .transform((c) => [...new Set(c)])

/** POST /alerts. */
export const CreateAlertBody = z.strictObject({
  name: AlertName,
  filters: AlertFiltersInput.default({}),
  frequency: z.enum(ALERT_FREQUENCIES).default('instant'),
  channels: Channels.default([]),
})
export type CreateAlertBody = z.infer<typeof CreateAlertBody>

/** PUT /alerts/{id}: any of the fields; `is_active: false` pauses the alert. */
export const UpdateAlertBody = z
  .strictObject({
    name: AlertName.optional(),
    filters: AlertFiltersInput.optional(),
    frequency: z.enum(ALERT_FREQUENCIES).optional(),
    channels: Channels.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' })
export type UpdateAlertBody = z.infer<typeof UpdateAlertBody>

export const AlertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: AlertFiltersSchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  channels: z.array(z.enum(ALERT_CHANNELS)),
  /** False when paused by the renter, or beyond the plan's limit (`paused` says which). */
  is_active: z.boolean(),
  paused: z.boolean(),
  last_triggered: z.string().nullable(),
  new_listings_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Alert = z.infer<typeof AlertSchema>

/** GET /alerts. */
export const AlertListSchema = z.object({
  items: z.array(AlertSchema),
  total_alerts: z.number().int(),
  active_alerts: z.number().int(),
  max_alerts_allowed: z.number().int(),
})
export type AlertList = z.infer<typeof AlertListSchema>

export const AlertIdParams = IdParams

/** DELETE /alerts/{id}. */
export const AlertDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) })

/** ?page of the alert's matches and of the inbox (20 a page). */
export const AlertPageQuery = z.object({ page: PageParam })
export const NotificationsQuery = z.object({ page: PageParam, unread_only: QueryBool.optional() })

export const AlertMatchSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  listing_slug: z.string(),
  url: z.string(),
  created_at: z.string(),
})
export const AlertMatchPageSchema = z.object({ matches: z.array(AlertMatchSchema), pagination: PaginationSchema })

/** Push notification data (what a click opens). */
export const NotificationDataSchema = z.object({ listing_id: z.number().int().optional(), url: z.string().optional() })

export const NotificationSchema = z.object({
  id: z.number().int(),
  alert_id: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
  data: NotificationDataSchema,
  read_at: z.string().nullable(),
  created_at: z.string(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
  pagination: PaginationSchema,
})

/**
 * GET /alerts/notifications/stream is `text/event-stream`: an `event: unread` whose data is this, at
 * once and whenever the count changes, and a comment line as heartbeat.
 */
export const UnreadCountSchema = z.object({ unread_count: z.number().int().min(0) })
export type UnreadCount = z.infer<typeof UnreadCountSchema>

/** A browser's Web Push subscription (PushSubscription.toJSON()) or a device's FCM token. */
export const PushSubscriptionBody = z.union([
  z.strictObject({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
  z.strictObject({ fcm_token: z.string().min(1).max(4096) }),
])
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>

/** DELETE /alerts/push-subscriptions: the endpoint or token to forget. */
export const PushUnsubscribeBody = z.union([
  z.strictObject({ endpoint: z.string().min(1).max(2000) }),
  z.strictObject({ fcm_token: z.string().min(1).max(4096) }),
])

export const PushSubscriptionStateSchema = z.object({ subscribed: z.boolean(), refreshed_at: z.string().nullable() })

/** GET /push/public-key: the VAPID public key pushes are signed with (base64url), for a gateway to hand its pages. */
export const PushPublicKeySchema = z.object({ vapid_public_key: z.string() })
