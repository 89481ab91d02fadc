import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API_PREFIX } from '../../../shared/paths.ts'
import { envelope, HealthSchema } from '../../../shared/schemas/common.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { Db } from './client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL); opened and closed by whoever built the API. */
    db: Db
  }
}

/** The database every resource queries, and the health check that asks it. */
export default fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db)
    const health: FastifyPluginAsyncZod = async (api) => {
      api.get('/health', { schema: { response: { 200: envelope(HealthSchema) } } }, async () => {
        await db.query('SELECT 1')
        return okEnvelope({ status: 'ok' as const })
      })
    }
    await app.register(health, { prefix: API_PREFIX })
  },
  { name: 'db', fastify: '5.x' },
)
