import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { Mailer } from '../../integrations/mail/mailer.ts'
import { contactMessagesRoutes } from './contact-messages.routes.ts'
import { contactMessagesService } from './contact-messages.service.ts'

export interface ContactMessagesPluginOptions {
  /** CONTACT_EMAIL (else ADMIN_EMAILS): where messages are mailed. */
  recipients: string[]
  mailer?: Mailer
}

/** The contact-us form's messages; not the paid contact reveal of ../contact. */
export default fp<ContactMessagesPluginOptions>(
  async (app, options) => {
    const messages = contactMessagesService(app.db, options, app.log)
    await app.register(contactMessagesRoutes, { prefix: API_PREFIX, messages })
  },
  { name: 'contact-messages', fastify: '5.x', dependencies: ['db', 'rate-limit'] },
)
