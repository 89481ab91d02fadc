import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { IdTokenVerifier } from '../../integrations/identity/id-token.ts'
import { localIdTokens } from '../../integrations/identity/local-id-token.ts'
import type { Mailer } from '../../integrations/mail/mailer.ts'
import { AppError } from '../../lib/errors.ts'
import { jobRunner } from '../../lib/job-runner.ts'
import { SIGN_IN_LOCK } from '../rate-limit/limits.ts'
import { identityRepo } from './identity.repo.ts'
import { identityRoutes } from './identity.routes.ts'
import { identityService } from './identity.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks e-mail ID tokens: firebase-admin's verifier, or the built-in provider's. */
    idTokens: IdTokenVerifier
  }
}

export interface IdentityOptions {
  /** Derives the built-in provider's token key (SESSION_SECRET). */
  secret: string
  /** firebase-admin's verifier when FIREBASE_PROJECT_ID is set; otherwise the built-in provider runs. */
  firebaseIdTokens?: IdTokenVerifier
  /** Where e-mails go (SMTP or the dev outbox); without one, sending mail answers 503. */
  mailer?: Mailer
  /** Absolute base of links in e-mails (PUBLIC_BASE_URL). */
  publicBaseUrl?: string
}

/** How often the identity provider's stale rows are swept. */
export const IDENTITY_SWEEP_MS = 10 * 60_000

const NO_MAILER: Mailer = {
  async send() {
    throw new AppError('SERVICE_UNAVAILABLE', 'E-mail is not configured')
  },
}

/** The e-mail identity provider (docs/decisions/016-email-sign-in.md): Firebase when configured, else the built-in one with the same contract, served at /identity/*. */
export default fp<IdentityOptions>(
  async (app, options) => {
    if (options.firebaseIdTokens) {
      app.decorate('idTokens', options.firebaseIdTokens)
      return
    }
    const local = localIdTokens(options.secret)
    app.decorate('idTokens', local)
    const identity = identityService(app.db, {
      mailer: options.mailer ?? NO_MAILER,
      publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
      signIdToken: (id) => local.sign(id),
      secret: options.secret,
      log: app.log,
    })
    // a stranger's guesses at made-up addresses leave rows behind: they go once no rule reads them
    const jobs = jobRunner('identity', app.log)
    const repo = identityRepo(app.db)
    // one process at a time (docs/decisions/033-jobs-once-across-processes.md)
    const sweep = () => app.db.runAlone('identity.sweep', () => repo.sweep(SIGN_IN_LOCK.windowMs))
    app.addHook('onReady', async () => jobs.every('sweep', IDENTITY_SWEEP_MS, sweep, { now: true }))
    app.addHook('onClose', async () => {
      await jobs.stop()
      await identity.settle()
    })
    await app.register(identityRoutes, { prefix: API_PREFIX, identity, verifier: local })
  },
  { name: 'identity', fastify: '5.x', dependencies: ['db', 'rate-limit'] },
)
