import { z } from 'zod'
import { EmailField } from './identity.ts'
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '../form-limits.ts'

export { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX }

/** One line of text: a name or subject goes into a mail header, so line breaks are refused. */
const OneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\r\n\u2028\u2029]*$/, 'must be one line')

/** POST /contact-messages: a visitor writes to the team (the contact-us form). */
export const ContactMessageBody = z.object({
  name: OneLine(CONTACT_NAME_MAX),
  email: z.string().trim().pipe(EmailField),
  subject: OneLine(CONTACT_SUBJECT_MAX),
  message: z.string().trim().min(CONTACT_MESSAGE_MIN).max(CONTACT_MESSAGE_MAX),
})
export type ContactMessageInput = z.output<typeof ContactMessageBody>

/** The stored message: its number (for a reply's reference) and when it arrived. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
})
