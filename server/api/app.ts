import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { okEnvelope } from '../lib/errors.ts'
import { loggerOptions, requestIdOf } from '../lib/logger.ts'
import type { Db } from './db/client.ts'
import { installErrorHandling } from './http.ts'
import { listingsRoutes } from './listings/routes.ts'
import { listingsService } from './listings/service.ts'
import { locationsRoutes } from './locations/routes.ts'
import { locationsService } from './locations/service.ts'
import { authRoutes } from './auth/routes.ts'
import { authService } from './auth/service.ts'
import { accessTokens } from './auth/tokens.ts'
import { usersRoutes } from './users/routes.ts'
import { usersService } from './users/service.ts'

export interface ApiAuthOptions {
  /** Signs access tokens (SESSION_SECRET). */
  secret: string
  accessTtlMs: number
  telegramBotToken?: string
  adminTelegramIds?: string[]
}

export interface ApiOptions {
  db: Db
  auth: ApiAuthOptions
  logLevel?: string
  /** Cache lifetime of anonymous public reads (default 5 s; tests use 0). */
  publicCacheMs?: number
}

export const API_PREFIX = '/api/v1'
/** Builds the product API (DESIGN §5); never listens — main.ts and the tests decide how to serve it. */
export async function buildApi(options: ApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', 'api'),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // JSON only: a cross-site form can post text/plain without a preflight (STACK-NOTES, Fastify).
  app.removeContentTypeParser(['text/plain'])
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  installErrorHandling(app)

  const locations = locationsService(options.db)
  const listings = listingsService(options.db, {
    publicCacheMs: options.publicCacheMs ?? 5_000,
    countryCurrency: (code) => locations.currencyOf(code),
    cityIds: (key) => locations.cityIdsByKey(key),
  })

  const tokens = accessTokens(options.auth.secret, options.auth.accessTtlMs)
  const auth = authService(options.db, {
    tokens,
    telegramBotToken: options.auth.telegramBotToken,
    adminTelegramIds: new Set(options.auth.adminTelegramIds ?? []),
  })
  const users = usersService(options.db, { onListingsChanged: () => listings.invalidate() })

  await app.register(
    async (api) => {
      api.get('/health', async () => {
        await options.db.query('SELECT 1')
        return okEnvelope({ status: 'ok' })
      })
      await api.register(listingsRoutes, { listings })
      await api.register(locationsRoutes, { locations })
      await api.register(authRoutes, { auth })
      await api.register(usersRoutes, { users, tokens })
    },
    { prefix: API_PREFIX },
  )
  return app
}
