import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { PhotoStore } from '../../integrations/photos/photo-store.ts'
import { photoRoutes } from './photos.routes.ts'
import { uploadsRoutes } from './uploads.routes.ts'
import { uploadsService } from './uploads.service.ts'

/** /upload/*: photos checked, re-encoded and stored (docs/decisions/004-photo-store.md); without a store, uploads answer 503. /photos/*: read back. */
export default fp<{ photos?: PhotoStore }>(
  async (app, options) => {
    const listings = app.publicListings
    const uploads = uploadsService(app.db, {
      photos: options.photos,
      onListingChanged: (listing) => listings.invalidate(listing),
    })
    await app.register(uploadsRoutes, { prefix: API_PREFIX, uploads })
    await app.register(photoRoutes, { prefix: API_PREFIX, photos: options.photos })
  },
  { name: 'uploads', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit', 'listings'] },
)
