import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { SmsSender } from '../../integrations/sms/sms-sender.ts'
import { AppError } from '../../lib/errors.ts'
import { accountRoutes } from './account.routes.ts'
import { accountService } from './account.service.ts'
import { phoneRoutes } from './phone.routes.ts'
import { phoneService } from './phone.service.ts'

const NO_SMS: SmsSender = {
  async send() {
    throw new AppError('SERVICE_UNAVAILABLE', 'SMS is not configured')
  },
}

/** /users/* of the signed-in user's account: profile, summary, deletion, phone. */
export default fp<{ sms?: SmsSender }>(
  async (app, options) => {
    const listings = app.publicListings
    await app.register(accountRoutes, {
      prefix: API_PREFIX,
      users: accountService(app.db, { onListingsChanged: () => listings.invalidate() }),
    })
    await app.register(phoneRoutes, { prefix: API_PREFIX, phone: phoneService(app.db, { sms: options.sms ?? NO_SMS }) })
  },
  { name: 'users', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit', 'listings'] },
)
