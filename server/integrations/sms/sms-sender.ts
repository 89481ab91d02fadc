import { devOutbox } from '../outbox.ts'

/** The SMS port (docs/decisions/015-ports-with-embedded-defaults.md): one plain-text message to one E.164 number. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>
}

/** The embedded default: messages land in `DATA_DIR/outbox/sms` (the log names the file only). */
export function outboxSmsSender(dataDir: string, log?: (line: string) => void): SmsSender {
  const outbox = devOutbox(dataDir, 'sms', log)
  return {
    async send(to, text) {
      await outbox.put({ to, text })
    },
  }
}
