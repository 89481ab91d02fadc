import { randomInt } from 'node:crypto'
import { signTelegramLogin } from '../helpers/telegram.ts'

export const BOT_TOKEN = '123456789:AAEscaleTestBotTokenForKhanehProcesses'
export const ADMIN_TELEGRAM_ID = 7_000_001
let signIns = 0

/** An address of its own for a visitor (198.18.0.0/15, the benchmarking range): the gateway believes it from loopback. */
export function ownAddress(): string {
  const n = randomInt(1, 2 ** 17 - 1)
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
}

/** A browser's cookies for one site: what answers set, replaced or cleared as a browser does. */
export class CookieJar {
  readonly cookies = new Map<string, string>()
  /** Answers that cleared the session cookies: the visitor was signed out. */
  cleared = 0

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (/Max-Age=0\b/i.test(line) || value === '') {
        if (this.cookies.delete(name) && name.endsWith('_rt')) this.cleared++
      } else this.cookies.set(name, value)
    }
  }

  header(only?: (name: string) => boolean): string {
    return [...this.cookies]
      .filter(([name]) => !only || only(name))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
  }
}

/** A visitor of the site: one address, one cookie jar, calls to whichever base URL (the balancer or one process). */
export class Visitor {
  readonly jar = new CookieJar()
  /** The body of the last refused sign-in. */
  lastRefusal = ''

  constructor(readonly address = ownAddress()) {}

  async call(base: string, path: string, init: RequestInit = {}, cookieFilter?: (name: string) => boolean) {
    const headers = new Headers(init.headers)
    headers.set('x-forwarded-for', this.address)
    const cookie = this.jar.header(cookieFilter)
    if (cookie) headers.set('cookie', cookie)
    const res = await fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' })
    this.jar.take(res)
    return res
  }

  /** Signs in as Telegram user `id` through the gateway at `base` (the tokens land in the jar); the answer's status. */
  async trySignIn(base: string, id: number): Promise<number> {
    // a widget answer is taken once (replays are refused): two sign-ins of one user in one second differ in a field
    const fields = signTelegramLogin(
      { id, first_name: `Scale${id}`, last_name: `S${++signIns}`, auth_date: Math.floor(Date.now() / 1000) },
      BOT_TOKEN,
    )
    const res = await this.call(base, '/api/v1/auth/telegram-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    })
    this.lastRefusal = res.ok ? '' : await res.text()
    if (res.ok) await res.body?.cancel()
    return res.status
  }

  /** Signs in, or throws. */
  async signIn(base: string, id: number): Promise<void> {
    const status = await this.trySignIn(base, id)
    if (status !== 200) throw new Error(`sign-in of ${id} on ${base}: ${status} ${this.lastRefusal}`)
  }

  /** A JSON call that must succeed; its envelope's data. */
  async json<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call(base, path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
    return (JSON.parse(text) as { data: T }).data
  }
}
