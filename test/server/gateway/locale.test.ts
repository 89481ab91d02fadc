import type { FastifyRequest } from 'fastify'
import t from 'tap'
import { localeCookie, requestLocale, withoutDefaultPrefix } from '../../../server/gateway/locale.ts'

const request = (url: string, { cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string } = {}) =>
  ({
    url,
    cookies: cookie ? { i18n_redirected: cookie } : {},
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  }) as unknown as FastifyRequest

t.test('the language of a request', async (t) => {
  await t.test("a page's is its path's: a prefix, or none for fa, whatever the visitor prefers", async (t) => {
    t.equal(requestLocale(request('/')), 'fa')
    t.equal(requestLocale(request('/en/listings?city=berlin')), 'en')
    t.equal(requestLocale(request('/de')), 'de')
    t.equal(requestLocale(request('/listings', { cookie: 'en', acceptLanguage: 'de' })), 'fa')
    t.equal(requestLocale(request('/english/x')), 'fa')
  })

  await t.test(
    "a gateway callback's is the one its page sent, else the visitor's: cookie, Accept-Language, fa",
    async (t) => {
      const callback = '/api/auth/telegram-merge-callback?nonce=x'
      t.equal(requestLocale(request(callback, { cookie: 'tr' }), 'de'), 'de')
      t.equal(requestLocale(request(callback, { cookie: 'tr', acceptLanguage: 'es' }), undefined), 'tr')
      t.equal(requestLocale(request(callback, { cookie: 'xx', acceptLanguage: 'es-ES,en;q=0.5' }), 'xx'), 'es')
      t.equal(requestLocale(request(callback)), 'fa')
    },
  )

  await t.test(
    "the language cookie is set once: a prefixed first visit stores its address's language, an unprefixed one the browser's, then fa",
    async (t) => {
      t.equal(localeCookie(request('/', { cookie: 'en' }), true), null)
      t.equal(
        localeCookie(request('/', { acceptLanguage: 'it-IT,it;q=0.9' }), false),
        'i18n_redirected=it; Max-Age=31536000; Path=/; SameSite=Lax',
      )
      t.equal(
        localeCookie(request('/listings?city=berlin', { acceptLanguage: 'fr-FR,fr;q=0.9' }), false),
        'i18n_redirected=fa; Max-Age=31536000; Path=/; SameSite=Lax',
      )
      t.equal(
        localeCookie(request('/en/listings?country=DE', { acceptLanguage: 'fr-FR,fr;q=0.9' }), true),
        'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
        'a French browser following an English link keeps English',
      )
      t.equal(
        localeCookie(request('/en', { acceptLanguage: 'fa-IR,fa;q=0.9' }), false),
        'i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax',
        'a Persian browser following an English link keeps English',
      )
      t.equal(
        localeCookie(request('/de/auth', { cookie: 'klingon' }), true),
        'i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
      )
    },
  )

  await t.test('a crawler gets no language cookie, so no page ever sends it elsewhere', async (t) => {
    const googlebot = {
      ...request('/listings', { acceptLanguage: 'de-DE' }),
      headers: {
        'accept-language': 'de-DE',
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    } as unknown as FastifyRequest
    t.equal(localeCookie(googlebot, true), null)
  })

  await t.test('/fa/... has one canonical address, without the prefix', async (t) => {
    t.equal(withoutDefaultPrefix(new URL('https://x/fa/listings?city=tehran')), '/listings?city=tehran')
    t.equal(withoutDefaultPrefix(new URL('https://x/fa')), '/')
    t.equal(withoutDefaultPrefix(new URL('https://x/fashion')), null)
    t.equal(withoutDefaultPrefix(new URL('https://x/en/listings')), null)
  })
})
