import t from 'tap'
import { LOCALES } from '../../../shared/locales.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })

t.test('the web app manifest, one per language, and the icons it names', async (t) => {
  const { gateway } = await buildTestStack(t)

  for (const locale of LOCALES) {
    const res = await gateway.inject({ url: `/manifest.webmanifest?lang=${locale.code}` })
    t.equal(res.statusCode, 200, locale.code)
    t.match(res.headers['content-type'], /^application\/manifest\+json/)
    t.equal(res.headers['cache-control'], 'public, max-age=86400')
    const home = locale.code === 'fa' ? '/' : `/${locale.code}`
    t.match(
      res.json(),
      {
        name: locale.code === 'fa' ? 'خانه' : 'Khaneh',
        short_name: String,
        description: String,
        lang: locale.language,
        dir: locale.dir,
        start_url: home,
        scope: home,
        id: home,
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#f7f9fb',
      },
      locale.code,
    )
  }
  t.equal((await gateway.inject({ url: '/manifest.webmanifest' })).json().lang, 'fa-IR', 'fa without lang')
  const bad = await gateway.inject({ url: '/manifest.webmanifest?lang=xx' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { success: false, error: { code: 'VALIDATION_ERROR', details: [{ path: 'querystring.lang' }] } })

  // every icon is served, of the size it claims; a 192 and a 512 for "any", a maskable 512
  const { icons } = (await gateway.inject({ url: '/manifest.webmanifest?lang=en' })).json() as {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>
  }
  for (const icon of icons) {
    const res = await gateway.inject({ url: icon.src })
    t.equal(res.statusCode, 200, icon.src)
    t.equal(res.headers['content-type']?.split(';')[0], icon.type, icon.src)
    if (icon.type === 'image/png') {
      const { width, height } = pngSize(res.rawPayload)
      t.equal(`${width}x${height}`, icon.sizes, icon.src)
    }
  }
  t.ok(icons.some((i) => i.sizes === '192x192' && i.purpose === 'any'))
  t.ok(icons.some((i) => i.sizes === '512x512' && i.purpose === 'any'))
  t.ok(icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'))
})

t.test('every page links the manifest of its language, with the theme colour', async (t) => {
  const { gateway } = await buildTestStack(t)
  for (const [url, lang] of [
    ['/', 'fa'],
    ['/en/listings', 'en'],
    ['/de/about-us', 'de'],
  ] as const) {
    const res = await gateway.inject({ url })
    t.equal(res.statusCode, 200, url)
    t.match(res.body, new RegExp(`<link rel="manifest" href="/manifest.webmanifest\\?lang=${lang}"/>`), url)
    t.match(res.body, /<meta name="theme-color" content="#0f766e"\/>/, url)
    t.match(res.body, /<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon-180.png"\/>/, url)
  }
})
