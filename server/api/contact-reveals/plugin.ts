import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { contactRevealsRoutes } from './contact-reveals.routes.ts'
import { contactRevealsService } from './contact-reveals.service.ts'

/** Contact access: a listing's contact opened for a signed-in viewer, within the day's reveals (docs/decisions/019-payments-ledger.md). */
export default fp(
  async (app) => {
    await app.register(contactRevealsRoutes, { prefix: API_PREFIX, contact: contactRevealsService(app.db) })
  },
  // rate-limit: its error hook turns the premium reader's 429 into a Retry-After header
  { name: 'contact-reveals', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit'] },
)
