// The AI search scenario of `npm run bench` (docs/decisions/021-ai-search-and-credits.md): POST /api/v1/ai/search through the gateway with
// the local provider, a signed-in reader's cookies, and queries in the six languages in turn. The reader's
// credits come from a grant coupon an admin makes, as in the product (docs/decisions/021-ai-search-and-credits.md).
import type { Request } from 'autocannon'
import { signTelegramLogin } from '../test/helpers/telegram.ts'

/** The Telegram bot the bench's product signs its readers in with (a test value; no Telegram is reached). */
export const BENCH_BOT_TOKEN = '123456789:AAEbenchBotTokenForKhanehAiSearch_0001'
export const BENCH_ADMIN_TELEGRAM_ID = 1

/** One query per language, each naming a city, a type and a price as readers write them. */
const QUERIES = [
  { query: 'اتاق در برلین زیر ۶۰۰ یورو', language: 'fa' },
  { query: 'apartment in Vienna between 700 and 1200', language: 'en' },
  { query: "Berlin'de 600'ün altında oda", language: 'tr' },
  { query: 'habitación en Berlín por menos de 600', language: 'es' },
  { query: 'Wohnung in Hamburg unter 1000 € mit Vertrag', language: 'de' },
  { query: 'stanza a Milano meno di 700', language: 'it' },
]

/** A reader signed in through the gateway: their session cookies, as a Cookie header. */
export async function signIn(base: string, id: number): Promise<string> {
  const login = signTelegramLogin(
    { id, first_name: `Bench${id}`, auth_date: Math.floor(Date.now() / 1000) },
    BENCH_BOT_TOKEN,
  )
  const res = await fetch(`${base}/api/v1/auth/telegram-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  })
  if (!res.ok) throw new Error(`sign-in ${id}: ${res.status} ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** A signed-in POST to the API through the gateway; throws unless it succeeds. */
export async function post(base: string, path: string, cookie: string, body: object): Promise<void> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
}

/** A reader with enough credits for the run, and the requests that search as them. */
export async function aiSearchRequests(base: string, credits: number): Promise<Request[]> {
  const admin = await signIn(base, BENCH_ADMIN_TELEGRAM_ID)
  const reader = await signIn(base, 2)
  const perCoupon = 100_000
  for (let i = 0; i * perCoupon < credits; i++) {
    const code = `BENCHAI${Date.now().toString(36).toUpperCase()}${i}`
    await post(base, '/admin/coupons', admin, { code, kind: 'grant', grant: { ai_credits: perCoupon } })
    await post(base, '/coupons/redeem', reader, { coupon_code: code })
  }
  return QUERIES.map((body) => ({
    method: 'POST',
    path: '/api/v1/ai/search',
    headers: { 'content-type': 'application/json', cookie: reader },
    body: JSON.stringify(body),
  }))
}
