import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { ChangeBus } from '../../lib/change-bus.ts'
import type { Translator } from '../../integrations/translator/translator.ts'
import { listingAnalyticsRoutes } from './analytics/analytics.routes.ts'
import { listingAnalyticsService } from './analytics/analytics.service.ts'
import { viewCounter } from './analytics/views.ts'
import { listingJobs, type ListingJobs } from './jobs.ts'
import { ownerListingsRoutes } from './owner/owner.routes.ts'
import { ownerListingsService } from './owner/owner.service.ts'
import { publicListingsRoutes } from './public/public.routes.ts'
import { publicListingsService, type PublicListingsService } from './public/public.service.ts'
import { listingTranslationsRoutes } from './translations/translations.routes.ts'
import { listingTranslationsService } from './translations/translations.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Public listing reads, for the resources that show listings or change them. */
    publicListings: PublicListingsService
    /** The listings' background jobs (see listings/jobs.ts). */
    listingJobs: ListingJobs
  }
}

export interface ListingsOptions {
  /** Cache lifetime of anonymous public reads; 0 disables the cache. */
  publicCacheMs: number
  /** Translates descriptions in the background (docs/decisions/017-listing-translations.md); without one, readers see the original. */
  translator?: Translator
  /** How every process hears of the writes that change public listings (docs/decisions/006-caches-and-their-lifetimes.md). */
  changes: ChangeBus
}

/** Listings: public reads, the owner's writes, analytics, translations and their jobs. */
export default fp<ListingsOptions>(
  async (app, options) => {
    const { db, locations } = app
    const views = viewCounter(db)
    const listings = publicListingsService(db, {
      publicCacheMs: options.publicCacheMs,
      countryCurrency: (code) => locations.currencyOf(code),
      cityIds: (key) => locations.cityIdsByKey(key),
      views,
      changes: options.changes,
    })
    const analytics = listingAnalyticsService(db)
    const owner = ownerListingsService(db, {
      listings,
      locations,
      analytics,
      onChanged: (listing) => listings.invalidate(listing),
    })
    // expiry sweep, batched page views, translations: started with the app, stopped (views written) on close
    const jobs = listingJobs(db, { listings, views, translator: options.translator, log: app.log })
    app.decorate('publicListings', listings)
    app.decorate('listingJobs', jobs)
    app.addHook('onReady', async () => jobs.start())
    app.addHook('onClose', async () => jobs.stop())

    await app.register(publicListingsRoutes, { prefix: API_PREFIX, listings })
    await app.register(listingTranslationsRoutes, { prefix: API_PREFIX, translations: listingTranslationsService(db) })
    await app.register(listingAnalyticsRoutes, { prefix: API_PREFIX, analytics })
    await app.register(ownerListingsRoutes, { prefix: API_PREFIX, owner })
  },
  { name: 'listings', fastify: '5.x', dependencies: ['db', 'authentication', 'locations'] },
)
