import { devOutbox } from '../outbox.ts'

/** An e-mail to one person: plain text (links included) and an optional HTML alternative. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** The mail port (docs/decisions/015-ports-with-embedded-defaults.md): SMTP when `SMTP_URL` is set, otherwise the dev outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** The embedded default: mail lands in `DATA_DIR/outbox/mail` (the log names the file only). */
export function outboxMailer(dataDir: string, log?: (line: string) => void): Mailer {
  const outbox = devOutbox(dataDir, 'mail', log)
  return {
    async send(message) {
      await outbox.put(message)
    },
  }
}
