import { aiApi } from './ai.ts'
import { alertsApi } from './alerts.ts'
import { authApi } from './auth.ts'
import { adminCouponsApi, couponsApi } from './coupons.ts'
import { caller, type Transport, type WireParser } from './call.ts'
import { contactMessagesApi } from './contact-messages.ts'
import { contentApi } from './content.ts'
import { favoritesApi } from './favorites.ts'
import { identityApi } from './identity.ts'
import { listingsApi } from './listings.ts'
import { locationsApi } from './locations.ts'
import { moderationApi, reportsApi } from './moderation.ts'
import { ownListingsApi } from './own-listings.ts'
import { paymentsApi } from './payments.ts'
import { referralsApi } from './referrals.ts'
import { subscriptionsApi } from './subscriptions.ts'
import { usersApi } from './users.ts'

/**
 * The typed client of /api/v1; the same code runs on the server (direct to the API, answers parsed
 * with `parse`) and in the browser (through the gateway, answers typed only).
 */
export function createApi(transport: Transport, options: { parse?: WireParser } = {}) {
  const call = caller(transport, options.parse)
  return {
    listings: listingsApi(call),
    users: usersApi(call),
    ownListings: ownListingsApi(call),
    reports: reportsApi(call),
    moderation: moderationApi(call),
    favorites: favoritesApi(call),
    auth: authApi(call),
    identity: identityApi(call),
    locations: locationsApi(call),
    subscriptions: subscriptionsApi(call),
    payments: paymentsApi(call),
    coupons: couponsApi(call),
    adminCoupons: adminCouponsApi(call),
    referrals: referralsApi(call),
    content: contentApi(call),
    contactMessages: contactMessagesApi(call),
    alerts: alertsApi(call),
    ai: aiApi(call),
  }
}
export type Api = ReturnType<typeof createApi>
