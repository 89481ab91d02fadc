/** A stand-in origin: `next` is resolved against it exactly as a browser resolves it against ours. */
const OWN_ORIGIN = 'https://khaneh.invalid'
/** Characters browsers drop or rewrite inside a URL (tab, CR, LF, other controls, backslash). */
const isMangled = (text: string) => [...text].some((c) => c <= '\u001f' || c === '\u007f' || c === '\\')

/**
 * A `next` target only when a browser would land on one of our pages: `next` is parsed as a URL
 * against our origin and kept when the origin stays ours and the path is a page (not the API or
 * an asset); the answer is the parsed, percent-encoded form, safe in a Location header. Anything
 * else is the fallback — never an open redirect, never an exception.
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || isMangled(next)) return fallback
  let url: URL
  try {
    url = new URL(next, OWN_ORIGIN)
  } catch {
    return fallback
  }
  const { pathname } = url
  if (
    url.origin !== OWN_ORIGIN ||
    pathname.startsWith('//') ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/assets/')
  )
    return fallback
  return `${pathname}${url.search}${url.hash}`
}

/** The public URL of a stored photo file: the gateway streams it from its photo route. */
export function photoUrl(fileId: string): string {
  return `/api/telegramFile/${encodeURIComponent(fileId)}`
}

/** Where the product API serves its calls, behind the gateway and on the API itself. */
export const API_PREFIX = '/api/v1'

/** The signed-in user's live unread count, Server-Sent Events (docs/decisions/020-alerts-and-outbox.md), under API_PREFIX. */
export const UNREAD_STREAM_PATH = '/alerts/notifications/stream'

/** The in-app test checkout of the sandbox payment provider (a page; locale-prefixed like every page). */
export function sandboxCheckoutPath(paymentId: string): string {
  return `/checkout/sandbox/${paymentId}`
}

/** Where a payer lands after a checkout, paid or not (a page). */
export function checkoutResultPath(paymentId: string): string {
  return `/checkout/result/${paymentId}`
}

/** Stripe's signed, server-to-server webhook, under API_PREFIX: no session, no browser CSRF rule, raw body. */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook'

/** The page of a referral link: the home page carrying the code (`?ref=`), kept through sign-up. */
export const REFERRAL_QUERY = 'ref'

/** A content page's address under its language: lower-case words joined by `-`, nested by `/`; nothing else, so no `..` and no stray characters ever reach the file system. */
export const CONTENT_SLUG = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/
export const CONTENT_SLUG_MAX = 120
