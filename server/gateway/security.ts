import { randomBytes } from 'node:crypto'

/** A fresh nonce for one page's inline and module scripts. */
export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Headers on every page: a nonce-based CSP, no sniffing, no framing, a strict referrer policy. */
export function pageSecurityHeaders(
  nonce: string,
  { dev = false, telegram = false, firebase = false }: { dev?: boolean; telegram?: boolean; firebase?: boolean } = {},
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // Telegram's Login Widget is a script from telegram.org that frames oauth.telegram.org.
    `script-src 'self' 'nonce-${nonce}'${telegram ? ' https://telegram.org' : ''}${dev ? " 'unsafe-inline'" : ''}`,
    `frame-src ${telegram ? 'https://oauth.telegram.org' : "'none'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // Firebase Authentication's REST API, when it replaces the built-in e-mail provider.
    `connect-src 'self'${firebase ? ' https://identitytoolkit.googleapis.com' : ''}${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return {
    'content-security-policy': csp,
    ...baseSecurityHeaders(),
  }
}

/** Headers on every response. */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  }
}
