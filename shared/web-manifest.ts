import { localeInfo, localizePath, type LocaleCode } from './locales.ts'

// The installable app's web app manifest, one per language: served by the gateway at
// /manifest.webmanifest?lang={code} and linked from every page of that language.

/** --brand and --bg of client/styles/app.css. */
export const THEME_COLOR = '#0f766e'
export const BACKGROUND_COLOR = '#f7f9fb'

// the home page's description in each language (the same copy as its meta description)
const DESCRIPTIONS: Record<LocaleCode, string> = {
  fa: 'آپارتمان و اتاق برای فارسی‌زبانان در آلمان، ترکیه، کانادا و کشورهای دیگر.',
  en: 'Apartments and rooms for Persian speakers in Germany, Turkey, Canada and beyond.',
  de: 'Wohnungen und Zimmer für Persischsprachige in Deutschland, der Türkei, Kanada und darüber hinaus.',
  tr: 'Almanya, Türkiye, Kanada ve ötesinde Farsça konuşanlar için daireler ve odalar.',
  es: 'Pisos y habitaciones para personas de habla persa en Alemania, Turquía, Canadá y muchos más países.',
  it: 'Appartamenti e stanze per chi parla persiano in Germania, Turchia, Canada e non solo.',
}

/** Where a page of `locale` finds its manifest. */
export function manifestPath(locale: LocaleCode): string {
  return `/manifest.webmanifest?lang=${locale}`
}

/** The manifest of one language: its start page and scope, its direction, the logo's icons. */
export function webManifest(locale: LocaleCode) {
  const info = localeInfo(locale)
  const home = localizePath('/', locale)
  const name = locale === 'fa' ? 'خانه' : 'Khaneh'
  return {
    id: home,
    name,
    short_name: name,
    description: DESCRIPTIONS[locale],
    lang: info.language,
    dir: info.dir,
    start_url: home,
    // a prefix of every page of the language ('/en' covers /en and /en/…); fa's pages are unprefixed
    scope: home,
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['lifestyle', 'travel'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  }
}
