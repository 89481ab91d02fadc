import fp from 'fastify-plugin'
import { refreshSuccessors } from '../plugins/access-tokens.ts'
import { API_PREFIX } from '../../../shared/paths.ts'
import { linkingRoutes } from './linking.routes.ts'
import { linkingService } from './linking.service.ts'
import { mergeTokens } from './merge-tokens.ts'
import { sessionRoutes } from './session.routes.ts'
import { sessionService } from './session.service.ts'

export interface AuthOptions {
  /** Derives the keys of merge tokens and of refresh tokens' successors (SESSION_SECRET). */
  secret: string
  telegramBotToken?: string
  /** Telegram ids granted the admin role at sign-in (ADMIN_TELEGRAM_IDS). */
  adminTelegramIds?: string[]
  /** Verified e-mails granted the admin role at sign-in (ADMIN_EMAILS). */
  adminEmails?: string[]
}

/** Sign-in (/auth/*: Telegram, e-mail, refresh, logout) and the sign-in methods of an account (link, unlink, merge). */
export default fp<AuthOptions>(
  async (app, options) => {
    const listings = app.publicListings
    const sessions = sessionService(app.db, {
      tokens: app.accessTokens,
      successorOf: refreshSuccessors(options.secret),
      telegramBotToken: options.telegramBotToken,
      adminTelegramIds: new Set(options.adminTelegramIds ?? []),
      idTokens: app.idTokens,
      adminEmails: new Set((options.adminEmails ?? []).map((e) => e.toLowerCase())),
    })
    const linking = linkingService(app.db, {
      idTokens: app.idTokens,
      telegramBotToken: options.telegramBotToken,
      mergeTokens: mergeTokens(options.secret),
      onListingsChanged: () => listings.invalidate(),
    })
    await app.register(sessionRoutes, { prefix: API_PREFIX, sessions })
    await app.register(linkingRoutes, { prefix: API_PREFIX, linking })
  },
  { name: 'auth', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit', 'identity', 'listings'] },
)
