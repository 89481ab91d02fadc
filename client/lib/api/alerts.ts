import type { AlertChannel } from '../../../shared/schemas/alert.ts'
import { snakeKeys } from '../camelize.ts'
import { query, type Answer, type Api } from './call.ts'

export type Alert = Answer<'AlertSchema'>
export type AlertList = Answer<'AlertListSchema'>
export type AlertMatchPage = Answer<'AlertMatchPageSchema'>
export type AppNotification = Answer<'NotificationSchema'>
export type NotificationPage = Answer<'NotificationPageSchema'>
export type PushState = Answer<'PushSubscriptionStateSchema'>

export interface AlertChanges {
  name?: string
  filters?: Record<string, string>
  frequency?: 'instant' | 'daily'
  channels?: AlertChannel[]
  is_active?: boolean
}

/** The saved filters keep GET /listings' snake_case query names, which the client's camelCasing would rename (max_price → maxPrice). */
const savedNames = <T extends { filters: Record<string, string> }>(alert: T): T => ({
  ...alert,
  filters: snakeKeys(alert.filters),
})

/** /alerts: the signed-in user's saved searches, what they found, the in-app inbox and push subscriptions (docs/decisions/020-alerts-and-outbox.md). */
export const alertsApi = ({ call }: Api) => ({
  list: async (signal?: AbortSignal) => {
    const list = await call('AlertListSchema', '/alerts', { signal })
    return { ...list, items: list.items.map(savedNames) }
  },
  create: async (body: {
    name: string
    filters: Record<string, string>
    frequency?: 'instant' | 'daily'
    channels?: AlertChannel[]
  }) => savedNames(await call('AlertSchema', '/alerts', { method: 'POST', body })),
  update: async (id: number, body: AlertChanges) =>
    savedNames(await call('AlertSchema', `/alerts/${id}`, { method: 'PUT', body })),
  remove: (id: number) => call('AlertDeletedSchema', `/alerts/${id}`, { method: 'DELETE' }),
  matches: (id: number, page = 1, signal?: AbortSignal) =>
    call('AlertMatchPageSchema', `/alerts/${id}/matches${query({ page })}`, { signal }),
  notifications: (params: { page?: number; unread_only?: boolean }, signal?: AbortSignal) =>
    call(
      'NotificationPageSchema',
      `/alerts/notifications${query({ page: params.page, unread_only: params.unread_only || undefined })}`,
      {
        signal,
      },
    ),
  markRead: (id: number) => call('NotificationSchema', `/alerts/notifications/${id}/read`, { method: 'PUT', body: {} }),
  /** A browser's PushSubscription.toJSON(); the API de-duplicates by endpoint and notes when it was refreshed. */
  subscribePush: (subscription: {
    endpoint: string
    expirationTime?: number | null
    keys: { p256dh: string; auth: string }
  }) => call('PushSubscriptionStateSchema', '/alerts/push-subscriptions', { method: 'POST', body: subscription }),
  unsubscribePush: (endpoint: string) =>
    call('PushSubscriptionStateSchema', '/alerts/push-subscriptions', { method: 'DELETE', body: { endpoint } }),
})
