// Alert options as plain values: pages import them without zod (docs/decisions/012-wire-contract.md).

/** How an alert is delivered: instantly, or in the day's digest. */
export const ALERT_FREQUENCIES = ['instant', 'daily'] as const
/** Where an alert is delivered besides the in-app inbox (always): Web Push or FCM, the Telegram bot, e-mail. */
export const ALERT_CHANNELS = ['push', 'telegram', 'email'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/** The GET /listings query names an alert may save (docs/decisions/020-alerts-and-outbox.md), validated by that route's own rules. */
export const ALERT_FILTER_NAMES = [
  'country',
  'city',
  'type',
  'term',
  'min_price',
  'max_price',
  'price_currency',
  'gender_pref',
  'include_discussable',
  'has_contract',
  'start_date',
  'bbox',
] as const
export type AlertFilterName = (typeof ALERT_FILTER_NAMES)[number]

/** The Server-Sent Events event that carries the unread count ({unread_count}). */
export const UNREAD_EVENT = 'unread'
