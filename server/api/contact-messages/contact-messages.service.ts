import type { FastifyBaseLogger } from 'fastify'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { ContactMessageInput } from '../../../shared/schemas/contact-message.ts'
import type { Mailer } from '../../integrations/mail/mailer.ts'
import type { Db } from '../db/client.ts'
import { contactMessagesRepo } from './contact-messages.repo.ts'

export interface ContactMessagesOptions {
  /** The team's addresses (CONTACT_EMAIL, else ADMIN_EMAILS); every message is mailed to each. */
  recipients: string[]
  /** The mail port; without one the message is only stored. */
  mailer?: Mailer
}

/** The plain-text mail the team gets: who wrote, how to answer, and what they wrote. */
export function contactMail(id: number, input: ContactMessageInput, language: LocaleCode) {
  return {
    subject: `[Khaneh contact #${id}] ${input.subject}`,
    text: [
      `From: ${input.name} <${input.email}>`,
      `Language: ${language}`,
      `Message #${id}`,
      '',
      input.message,
      '',
      `Reply to ${input.email} to answer.`,
    ].join('\n'),
  }
}

/**
 * The contact-us form: the message is stored first, then mailed to the team. A mail failure is
 * logged and leaves mailed_at empty — the visitor's message is kept either way, so the answer is
 * still a success.
 */
export function contactMessagesService(db: Db, options: ContactMessagesOptions, log: FastifyBaseLogger) {
  const repo = contactMessagesRepo(db)
  return {
    async send(input: ContactMessageInput, language: LocaleCode) {
      const row = await repo.insert({ ...input, language })
      if (options.mailer && options.recipients.length > 0) {
        const mail = contactMail(row.id, input, language)
        try {
          for (const to of options.recipients) await options.mailer.send({ to, ...mail })
          await repo.markMailed(row.id)
        } catch (err) {
          log.warn({ err, contactMessageId: row.id }, 'contact_message.mail_failed')
        }
      }
      return { id: row.id, created_at: row.created_at.toISOString() }
    },
  }
}
export type ContactMessagesService = ReturnType<typeof contactMessagesService>
