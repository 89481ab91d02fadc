import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { PhotoStore } from '../../integrations/photos/photo-store.ts'
import { uploadsRoutes } from './routes.ts'
import { uploadsService } from './service.ts'

/** /upload/* (SPEC §7 Uploads): photos checked, re-encoded and stored; without a store, uploads answer 503. */
export default fp<{ photos?: PhotoStore }>(
  async (app, options) => {
    await app.register(uploadsRoutes, { prefix: API_PREFIX, uploads: uploadsService(app.db, { photos: options.photos }) })
  },
  { name: 'uploads', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit'] },
)
