/** A `next` target only when it is a path of this site (no scheme, no `//host`, no backslash): never an open redirect. */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback
  return next
}

/** The seven Login Widget fields whose presence in a page's query marks a Telegram sign-in callback (SPEC §2, §5). */
export const TELEGRAM_CALLBACK_FIELDS = ['auth_date', 'first_name', 'last_name', 'id', 'hash', 'photo_url', 'username'] as const
