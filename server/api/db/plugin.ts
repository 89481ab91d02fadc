import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
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
    await app.register(
      async (api) => {
        api.get('/health', async () => {
          await db.query('SELECT 1')
          return okEnvelope({ status: 'ok' })
        })
      },
      { prefix: API_PREFIX },
    )
  },
  { name: 'db', fastify: '5.x' },
)
