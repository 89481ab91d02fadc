import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { contactRoutes } from './contact-reveals.routes.ts'
import { contactService } from './contact-reveals.service.ts'

/** Contact access: a listing's contact opened for a signed-in reader, within the day's reveals (issue 11). */
export default fp(
  async (app) => {
    await app.register(contactRoutes, { prefix: API_PREFIX, contact: contactService(app.db) })
  },
  // rate-limit: its error hook turns the premium reader's 429 into a Retry-After header
  { name: 'contact', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit'] },
)
