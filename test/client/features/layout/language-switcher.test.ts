import t from 'tap'
import { rememberChoice } from '../../../../client/features/layout/language-switcher.tsx'
import { MANUAL_LOCALE_FLAG } from '../../../../shared/constants.ts'
import { localeCookieString } from '../../../../shared/locales.ts'

/** Runs `choose` on a page served over `protocol`; what it wrote to document.cookie and sessionStorage. */
function onPage(protocol: 'http:' | 'https:', choose: () => void) {
  const written: { cookie?: string; session: Map<string, string> } = { session: new Map() }
  const page = {
    document: {
      set cookie(value: string) {
        written.cookie = value
      },
    },
    location: { protocol },
    sessionStorage: { setItem: (key: string, value: string) => written.session.set(key, value) },
  }
  const saved = Object.keys(page).map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const)
  for (const [name, value] of Object.entries(page))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
  try {
    choose()
  } finally {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
  }
  return written
}

t.test('a language chosen by hand is the same cookie the gateway sets', async (t) => {
  const https = onPage('https:', () => rememberChoice('de'))
  t.equal(https.cookie, 'i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax; Secure', 'Secure on an https page')
  t.equal(https.cookie, localeCookieString('de', true))
  t.equal(https.session.get(MANUAL_LOCALE_FLAG), '1', 'and no auto-redirect this session')

  const http = onPage('http:', () => rememberChoice('fa'))
  t.equal(http.cookie, 'i18n_redirected=fa; Max-Age=31536000; Path=/; SameSite=Lax', 'not Secure on plain http')
})
