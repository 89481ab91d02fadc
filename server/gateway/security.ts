import { createHash, randomFillSync } from 'node:crypto'

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

/** The CSP source that lets a page's own inline and module scripts run: its nonce. */
export const nonceSource = (nonce: string): string => `'nonce-${nonce}'`

/** The CSP source that lets one inline script with exactly this text run. */
export const hashSource = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

/**
 * Headers on every page: a CSP whose scripts are the site's own files and the inline scripts the
 * renderer wrote (by nonce, or by hash for a cached page: docs/decisions/024-page-render-cache.md),
 * no sniffing, no framing, a strict referrer policy.
 */
export function pageSecurityHeaders(
  scriptSources: readonly string[],
  {
    dev = false,
    telegram = false,
    firebase = false,
    https = false,
    mapTiles,
  }: {
    dev?: boolean
    telegram?: boolean
    firebase?: boolean
    https?: boolean
    /** The CSP source of the maps' tiles (shared/map-tiles.ts), when the pages show maps. */
    mapTiles?: string
  } = {},
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // Telegram's Login Widget is a script from telegram.org that frames oauth.telegram.org.
    `script-src 'self'${scriptSources.map((source) => ` ${source}`).join('')}${telegram ? ' https://telegram.org' : ''}${dev ? " 'unsafe-inline'" : ''}`,
    `frame-src ${telegram ? 'https://oauth.telegram.org' : "'none'"}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mapTiles ? ` ${mapTiles}` : ''}`,
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
