import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** One message kept by a dev outbox (mail or SMS) instead of being delivered. */
export interface OutboxMessage {
  id: string
  to: string
  subject?: string
  text: string
  created_at: string
}

/**
 * The embedded default of a delivery port (docs/decisions/015-ports-with-embedded-defaults.md): each message becomes a JSON file under
 * `DATA_DIR/outbox/<kind>/` (names sort by time), so a developer can follow a link or a code
 * without any mail or SMS account. Only the file's name is logged: a link or a code in a log
 * would let anyone who reads the logs sign in as the recipient.
 */
export function devOutbox(dataDir: string, kind: 'mail' | 'sms', log: (line: string) => void = () => {}) {
  const dir = path.join(dataDir, 'outbox', kind)
  return {
    dir,
    async put(message: Omit<OutboxMessage, 'id' | 'created_at'>): Promise<OutboxMessage> {
      const stored: OutboxMessage = { id: randomUUID(), created_at: new Date().toISOString(), ...message }
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const name = `${stored.created_at.replace(/[:.]/g, '-')}-${stored.id}.json`
      await writeFile(path.join(dir, name), JSON.stringify(stored, null, 2), { mode: 0o600 })
      log(`${kind} kept in the dev outbox, not delivered: ${path.join(dir, name)}`)
      return stored
    },
  }
}

/** The messages of a dev outbox addressed to `to` (every one when omitted), oldest first. */
export async function readOutbox(dataDir: string, kind: 'mail' | 'sms', to?: string): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox', kind)
  let names: string[]
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()
  } catch {
    return []
  }
  const messages = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxMessage),
  )
  return to === undefined ? messages : messages.filter((m) => m.to === to)
}
