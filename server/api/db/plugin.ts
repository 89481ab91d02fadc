import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { API_PREFIX } from '../../../shared/paths.ts'
import { envelope, HealthSchema } from '../../../shared/schemas/common.ts'
import { AppError, okEnvelope } from '../../lib/errors.ts'
import type { Db } from './client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The database (PGlite or PostgreSQL); opened and closed by whoever built the API. */
    db: Db
  }
}

/**
 * The database every resource queries, and the health check that asks it: a load balancer's readiness
 * check of an API process (503 once its shutdown began, or while the database does not answer).
 */
export default fp<{ db: Db; isShuttingDown?: () => boolean }>(
  async (app, { db, isShuttingDown }) => {
    app.decorate('db', db)
    const health: FastifyPluginAsyncZod = async (api) => {
      api.get('/health', { schema: { response: { 200: envelope(HealthSchema) } } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store')
        if (isShuttingDown?.()) throw new AppError('SERVICE_UNAVAILABLE', 'The API is shutting down')
        await db.query('SELECT 1')
        return okEnvelope({ status: 'ok' as const })
      })
    }
    await app.register(health, { prefix: API_PREFIX })
  },
  { name: 'db', fastify: '5.x' },
)
