import t from 'tap'
import {
  localeCookieString,
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  stripLocale,
} from '../../shared/locales.ts'

t.test('locales', async (t) => {
  t.test('the first path segment names the language; anything else is fa', async (t) => {
    t.equal(localeFromPath('/'), 'fa')
    t.equal(localeFromPath('/listings'), 'fa')
    t.equal(localeFromPath('/en'), 'en')
    t.equal(localeFromPath('/de/listing/x'), 'de')
    t.equal(localeFromPath('/fa/listings'), 'fa')
    t.equal(localeFromPath('/english/x'), 'fa')
  })
  t.test('paths move between languages', async (t) => {
    t.equal(stripLocale('/en/listings', 'en'), '/listings')
    t.equal(stripLocale('/en', 'en'), '/')
    t.equal(stripLocale('/listings', 'fa'), '/listings')
    t.equal(localizePath('/', 'fa'), '/')
    t.equal(localizePath('/', 'it'), '/it')
    t.equal(localizePath('/listings', 'tr'), '/tr/listings')
    t.equal(localizePath('listings', 'fa'), '/listings')
  })
  t.test('Accept-Language picks the best supported language by quality', async (t) => {
    t.equal(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8'), 'de')
    t.equal(localeFromAcceptLanguage('fr-FR,fr;q=0.9,it;q=0.5,en;q=0.7'), 'en')
    t.equal(localeFromAcceptLanguage('fa-IR'), 'fa')
    t.equal(localeFromAcceptLanguage('zh-CN'), null)
    t.equal(localeFromAcceptLanguage(undefined), null)
    t.equal(localeFromAcceptLanguage('en;q=0,tr'), 'tr', 'q=0 means not acceptable')
  })
  t.test('the language cookie: a year, the whole site, sent on top-level navigation, Secure over https', async (t) => {
    t.equal(localeCookieString('it', true), 'i18n_redirected=it; Max-Age=31536000; Path=/; SameSite=Lax; Secure')
    t.equal(localeCookieString('fa', false), 'i18n_redirected=fa; Max-Age=31536000; Path=/; SameSite=Lax')
  })
})
