import { createHash, createHmac } from 'node:crypto'

/** Signs Login Widget data the way Telegram does (written here, apart from the code under test). */
export function signTelegramLogin(
  fields: Record<string, string | number>,
  botToken: string,
): Record<string, string | number> {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const hash = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(checkString).digest('hex')
  return { ...fields, hash }
}
