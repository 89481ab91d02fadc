import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type ContactMessage = Answer<'ContactMessageSchema'>

/** The contact-us form: a visitor's message to the team. */
export const contactMessagesApi = ({ call }: Api) => ({
  send: (body: { name: string; email: string; subject: string; message: string }, language: LocaleCode) =>
    call('ContactMessageSchema', `/contact-messages${query({ language })}`, { method: 'POST', body }),
})
