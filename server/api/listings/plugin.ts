import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { API_PREFIX, LISTINGS_CHANGED_HEADER } from '../../../shared/paths.ts'
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
}

/** Listings (issue 4): public reads, the owner's writes, analytics, translations and their jobs. */
export default fp<ListingsOptions>(
  async (app, options) => {
    const { db, locations } = app
    const views = viewCounter(db)
    const listings = publicListingsService(db, {
      publicCacheMs: options.publicCacheMs,
      countryCurrency: (code) => locations.currencyOf(code),
      cityIds: (key) => locations.cityIdsByKey(key),
      views,
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

    // The answer to any write names the public listings changed while it ran, whichever resource
    // made the change: the gateway in front forgets its cached reads of them
    // (docs/decisions/006-caches-and-their-lifetimes.md). Reads pass with one check.
    const marks = new WeakMap<FastifyRequest, number>()
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') marks.set(request, listings.changes.mark())
      done()
    })
    app.addHook('onSend', (request, reply, payload, done) => {
      const mark = marks.get(request)
      const changed = mark === undefined ? undefined : listings.changes.since(mark)
      if (changed) reply.header(LISTINGS_CHANGED_HEADER, changed)
      done(null, payload)
    })

    await app.register(publicListingsRoutes, { prefix: API_PREFIX, listings })
    await app.register(listingTranslationsRoutes, { prefix: API_PREFIX, translations: listingTranslationsService(db) })
    await app.register(listingAnalyticsRoutes, { prefix: API_PREFIX, analytics })
    await app.register(ownerListingsRoutes, { prefix: API_PREFIX, owner })
  },
  { name: 'listings', fastify: '5.x', dependencies: ['db', 'authentication', 'locations'] },
)
