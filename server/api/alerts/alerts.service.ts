import { DEFAULT_LOCALE } from '../../../shared/locales.ts'
import { paginationOf } from '../../../shared/schemas/common.ts'
import { listingPath } from '../../../shared/seo.ts'
import type {
  Alert,
  AlertFiltersQuery,
  AlertList,
  CreateAlertBody,
  Notification,
  PushSubscriptionBody,
  UpdateAlertBody,
} from '../../../shared/schemas/alert.ts'
import { refusedEndpoint } from '../../integrations/notify/push-endpoint.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import type { PublicListingsService } from '../listings/public/public.service.ts'
import { alertsRepo, type AlertMatchColumns, type AlertRow, type NotificationRow } from './alerts.repo.ts'
import { pushSubscriptionsRepo } from './push-subscriptions.repo.ts'

/** A page of matches or of the inbox. */
export const ALERT_PAGE_SIZE = 20

const alertNotFound = () => new AppError('NOT_FOUND', 'Alert not found')
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function toAlert(r: AlertRow): Alert {
  return {
    id: r.id,
    name: r.name,
    filters: r.filters,
    frequency: r.frequency,
    channels: r.channels,
    is_active: r.is_active,
    paused: r.paused,
    last_triggered: iso(r.last_triggered),
    new_listings_count: r.new_listings_count,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  }
}

function toNotification(r: NotificationRow): Notification {
  return {
    id: Number(r.id),
    alert_id: r.alert_id,
    title: r.title,
    body: r.body,
    data: r.data,
    read_at: iso(r.read_at),
    created_at: new Date(r.created_at).toISOString(),
  }
}

/** The saved filters as the query values GET /listings reads (`?min_price=500&has_contract=true`). */
function queryValues(filters: AlertFiltersQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  )
}

const limitReached = (max: number) =>
  new AppError('ALERT_LIMIT_REACHED', `Your plan allows ${max} active alert${max === 1 ? '' : 's'}`, {
    reason: 'alert_limit',
    max_alerts_allowed: max,
    upgrade_path: '/pricing',
  })

/** Saved-search alerts, their matches, the in-app inbox and push subscriptions (docs/decisions/020-alerts-and-outbox.md). */
export function alertsService(
  db: Db,
  options: { listings: PublicListingsService; allowPrivatePushEndpoints?: boolean },
) {
  /** The filters resolved as GET /listings resolves them (city ids, prices in EUR cents). */
  async function matchColumns(filters: AlertFiltersQuery): Promise<AlertMatchColumns> {
    const f = await options.listings.filtersOf({
      ...filters,
      language: DEFAULT_LOCALE,
      sort: 'newest',
    })
    return {
      country_code: f.country ?? null,
      city_ids: f.cityIds ?? null,
      type: f.type ?? null,
      term: f.term ?? null,
      min_eur_cents: f.minEurCents ?? null,
      max_eur_cents: f.maxEurCents ?? null,
      min_rial: f.rial?.min ?? null,
      max_rial: f.rial?.max ?? null,
      include_negotiable: f.includeNegotiable,
      gender_pref: f.genderPref ?? null,
      has_contract: f.hasContract ?? null,
      available_by: f.availableBy ?? null,
      bbox: f.bbox ? [...f.bbox] : null,
    }
  }

  return {
    /** GET /alerts: the plan's limit applied first (a lapsed premium's newest alerts rest). */
    async list(userId: number): Promise<AlertList> {
      const repo = alertsRepo(db)
      await repo.enforceLimits(userId)
      const [rows, max] = await Promise.all([repo.list(userId), repo.maxAlerts(userId)])
      return {
        items: rows.map(toAlert),
        total_alerts: rows.length,
        active_alerts: rows.filter((r) => r.is_active).length,
        max_alerts_allowed: max,
      }
    },

    /** POST /alerts: refused (403) when the plan's active alerts are all in use. */
    async create(userId: number, body: CreateAlertBody): Promise<Alert> {
      const match = await matchColumns(body.filters)
      return db.transaction(async (tx) => {
        const repo = alertsRepo(tx)
        const plan = await repo.lockUser(userId)
        if (!plan) throw new AppError('UNAUTHENTICATED')
        await repo.enforceLimits(userId)
        if ((await repo.countUnpaused(userId)) >= plan.max_alerts) throw limitReached(plan.max_alerts)
        const row = await repo.insert(
          userId,
          { name: body.name, filters: queryValues(body.filters), frequency: body.frequency, channels: body.channels },
          match,
        )
        return toAlert(row)
      })
    },

    /** PUT /alerts/{id}: the owner's only; `is_active: true` is refused (403) when the alert would stay beyond the plan's limit. */
    async update(userId: number, id: number, body: UpdateAlertBody): Promise<Alert> {
      const match = body.filters ? await matchColumns(body.filters) : null
      return db.transaction(async (tx) => {
        const repo = alertsRepo(tx)
        const plan = await repo.lockUser(userId)
        const current = plan && (await repo.find(userId, id))
        if (!plan || !current) throw alertNotFound()
        const paused = body.is_active === undefined ? undefined : !body.is_active
        await repo.update(
          id,
          {
            name: body.name,
            filters: body.filters && queryValues(body.filters),
            frequency: body.frequency,
            channels: body.channels,
            paused,
          },
          match,
        )
        await repo.enforceLimits(userId)
        const updated = (await repo.find(userId, id))!
        // asked to be active, it is still beyond the plan's limit: nothing changes
        if (body.is_active === true && !updated.is_active) throw limitReached(plan.max_alerts)
        return toAlert(updated)
      })
    },

    /** DELETE /alerts/{id}: the owner's only. */
    async remove(userId: number, id: number): Promise<{ id: number; deleted: true }> {
      return db.transaction(async (tx) => {
        const repo = alertsRepo(tx)
        const plan = await repo.lockUser(userId)
        if (!plan || !(await repo.find(userId, id))) throw alertNotFound()
        await repo.remove(id)
        // a rested alert may take the freed place
        await repo.enforceLimits(userId)
        return { id, deleted: true as const }
      })
    },

    /** GET /alerts/{id}/matches: newest first, 20 a page; reading clears the alert's new-listings count. */
    async matches(userId: number, id: number, page: number) {
      const repo = alertsRepo(db)
      if (!(await repo.find(userId, id))) throw alertNotFound()
      const { rows, total } = await repo.matchesPage(id, ALERT_PAGE_SIZE, (page - 1) * ALERT_PAGE_SIZE)
      return {
        matches: rows.map((r) => ({
          id: r.id,
          listing_id: r.listing_id,
          listing_slug: r.listing_slug,
          url: listingPath(r.listing_slug),
          created_at: new Date(r.created_at).toISOString(),
        })),
        pagination: paginationOf(page, ALERT_PAGE_SIZE, total),
      }
    },

    /** GET /alerts/notifications: the inbox, newest first, 20 a page, with the unread count. */
    async notifications(userId: number, page: number, unreadOnly: boolean) {
      const { rows, total, unread } = await alertsRepo(db).notificationsPage(
        userId,
        unreadOnly,
        ALERT_PAGE_SIZE,
        (page - 1) * ALERT_PAGE_SIZE,
      )
      return {
        notifications: rows.map(toNotification),
        unread_count: unread,
        pagination: paginationOf(page, ALERT_PAGE_SIZE, total),
      }
    },

    /** PUT /alerts/notifications/{id}/read: idempotent; another user's notification is not found. */
    async markRead(userId: number, id: number): Promise<Notification> {
      const row = await alertsRepo(db).markRead(userId, id)
      if (!row) throw new AppError('NOT_FOUND', 'Notification not found')
      return toNotification(row)
    },

    /**
     * POST /alerts/push-subscriptions: saved once per endpoint or token, refreshed when its user sends
     * it again; another user's is refused (409). Beyond the user's 10, the least recently refreshed go.
     */
    async subscribe(userId: number, body: PushSubscriptionBody) {
      // an endpoint the sender would never post to (SSRF) is refused now, not parked later
      const refused = 'endpoint' in body && refusedEndpoint(body.endpoint, options.allowPrivatePushEndpoints ?? false)
      if (refused)
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'endpoint', code: 'refused_endpoint', message: `is ${refused}` },
        ])
      return db.transaction(async (tx) => {
        // one user's subscriptions change one request at a time: the cap holds under concurrency
        if (!(await alertsRepo(tx).lockUser(userId))) throw new AppError('UNAUTHENTICATED')
        const repo = pushSubscriptionsRepo(tx)
        const saved = await repo.save(
          userId,
          'fcm_token' in body
            ? { kind: 'fcm', endpoint: body.fcm_token, p256dh: null, auth: null }
            : { kind: 'web_push', endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
        )
        if (!saved)
          throw new AppError('CONFLICT', 'This push subscription belongs to another account', {
            reason: 'push_subscription_taken',
          })
        await repo.keepNewest(userId)
        return { subscribed: true, refreshed_at: new Date(saved.refreshed_at).toISOString() }
      })
    },

    /** DELETE /alerts/push-subscriptions: the user's own; 404 when they have none by that endpoint or token. */
    async unsubscribe(userId: number, body: { endpoint: string } | { fcm_token: string }) {
      const removed = await pushSubscriptionsRepo(db).remove(
        userId,
        'fcm_token' in body ? 'fcm' : 'web_push',
        'fcm_token' in body ? body.fcm_token : body.endpoint,
      )
      if (!removed) throw new AppError('NOT_FOUND', 'No push subscription of yours has this endpoint or token')
      return { subscribed: false, refreshed_at: null }
    },

    /** The sweep: every user's plan limit applied (premium periods end without a request). */
    sweepLimits: (): Promise<number> => alertsRepo(db).enforceLimits(null),
  }
}
export type AlertsService = ReturnType<typeof alertsService>
