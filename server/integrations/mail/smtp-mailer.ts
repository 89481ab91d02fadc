import { createTransport } from 'nodemailer'
import { AppError } from '../../lib/errors.ts'
import type { Mailer } from './mailer.ts'

/**
 * The production mail adapter: one SMTP transport from `SMTP_URL` (smtp:// or smtps://, credentials
 * in the URL). Timeouts are short so a dead relay fails the request instead of holding it for
 * nodemailer's defaults (2 min to connect, 10 min idle); nodemailer's logger stays off, so the
 * credentials are never logged.
 */
export function smtpMailer(url: string, from: string, timeoutMs = 10_000): Mailer & { close(): void } {
  const transport = createTransport(
    {
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
      logger: false,
      debug: false,
    },
    { from },
  )
  return {
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text })
      } catch (err) {
        // a down relay is a 502 for the caller, not an internal error; the reason goes to the log only
        const failure = new AppError('UPSTREAM_UNAVAILABLE', 'The e-mail could not be sent; please try again')
        failure.cause = err
        throw failure
      }
    },
    close() {
      transport.close()
    },
  }
}
