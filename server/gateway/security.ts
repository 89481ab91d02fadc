import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
// Nonces are cut from a block of CSPRNG output refilled every 256 pages: the same randomness,
// without a call into OpenSSL on every page render. Bytes are never handed out twice.
const pool = Buffer.alloc(NONCE_BYTES * 256)
let offset = pool.length

/** A fresh nonce (128 random bits) for one page's inline and module scripts. */
export function newNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
  offset += NONCE_BYTES
  return nonce
}

/** Headers on every page: a nonce-based CSP, no sniffing, no framing, a strict referrer policy. */
export function pageSecurityHeaders(
  nonce: string,
  {
    dev = false,
    telegram = false,
    firebase = false,
    https = false,
  }: { dev?: boolean; telegram?: boolean; firebase?: boolean; https?: boolean } = {},
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
    ...baseSecurityHeaders(https),
  }
}

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
}
// A year, subdomains included: once a browser has seen the site over https it never tries http again.
const HTTPS_HEADERS = { ...BASE_HEADERS, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }

/** Headers on every response; HSTS when the site is served over https (PUBLIC_BASE_URL). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  return https ? HTTPS_HEADERS : BASE_HEADERS
}
