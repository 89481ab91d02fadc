// The content security policy of each page, the security headers of every kind of answer, and the
// escaping of hostile text in server-rendered pages and their hydration data.
import { createHash } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import sharp from 'sharp'
import t from 'tap'
import { buildGateway } from '../../server/gateway/app.ts'
import { productionRenderer } from '../../server/gateway/ssr/renderer.ts'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { buildTestStack, signInThroughGateway, tempDir } from '../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const CACHE = 'x-khaneh-render-cache'

const directive = (csp: unknown, name: string): string[] =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? []
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

interface Element {
  name: string
  attributes: Record<string, string>
  /** The text of a script, style, title or textarea element. */
  text?: string
}

/**
 * The elements of a served document as a browser's tokenizer meets them: start tags with their
 * attributes, and the raw text of script, style, title and textarea elements (which ends only at
 * their own closing tag). Comments are skipped.
 */
function elements(html: string): Element[] {
  const found: Element[] = []
  let at = 0
  while (at < html.length) {
    const open = html.indexOf('<', at)
    if (open === -1) break
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4)
      at = close === -1 ? html.length : close + 3
      continue
    }
    const tag = /^<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/.exec(html.slice(open))
    if (!tag) {
      at = open + 1
      continue
    }
    const name = tag[1]!.toLowerCase()
    const attributes: Record<string, string> = {}
    for (const [, key, , , double, single, bare] of tag[2]!.matchAll(
      /([^\s=/>]+)(\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    ))
      attributes[key!.toLowerCase()] = double ?? single ?? bare ?? ''
    at = open + tag[0].length
    const element: Element = { name, attributes }
    if (['script', 'style', 'title', 'textarea'].includes(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, at)
      element.text = html.slice(at, end === -1 ? html.length : end)
      at = end === -1 ? html.length : end
    }
    found.push(element)
  }
  return found
}

const PAYLOADS = [
  '</script><script>alert(1)</script>',
  '<!--<script>',
  '\u2028\u2029',
  '"><img src=x onerror=alert(2)>',
  "'><svg onload=alert(3)>",
]
const HOSTILE = `Evil ${PAYLOADS.join(' ')} end`

/** What hostile text made of a document: elements, event handlers, scripts started or ended (none when it stayed text). */
function injections(html: string): string[] {
  const found: string[] = []
  const all = elements(html)
  if (!all.some((e) => e.name === 'body')) found.push('no document')
  for (const element of all) {
    for (const handler of Object.keys(element.attributes).filter((a) => a.startsWith('on')))
      found.push(`<${element.name} ${handler}>`)
    if (element.name === 'script') {
      const text = element.text ?? ''
      if (/<!--|<\/?script/i.test(text)) found.push(`a script that can start or end another: ${text.slice(0, 60)}`)
      if (/[\u2028\u2029]/.test(text)) found.push('a raw line separator in a script')
      if (/^\s*alert\(/.test(text)) found.push(`an injected script: ${text.slice(0, 60)}`)
    }
    if ((element.name === 'title' || element.name === 'textarea') && (element.text ?? '').includes('<'))
      found.push(`markup in <${element.name}>`)
    if (['svg', 'img'].includes(element.name) && element.attributes.src === 'x')
      found.push(`an injected <${element.name}>`)
  }
  return found
}

t.test('the check finds what an unescaped page would hold', async (t) => {
  const broken = (text: string) =>
    `<html><head><title>${text}</title></head><body><p>${text}</p><script nonce="n">window.__data = {"a": "${text}"}</script></body></html>`
  t.same(injections(broken('fine')), [])
  for (const payload of PAYLOADS) t.ok(injections(broken(payload)).length > 0, encodeURIComponent(payload))
})

t.test('pages: a fresh nonce each, and no inline script the policy did not name', async (t) => {
  const { gateway } = await buildTestStack(t, { renderCacheMs: 60_000 })
  const seen = new Set<string>()
  for (const url of [
    '/en/dashboard',
    '/en/auth',
    '/en/auth',
    '/en',
    '/en',
    '/en/listings',
    '/en/listings',
    '/en/no/such/page',
    '/en/no/such/page',
  ]) {
    const res = await gateway.inject({ url, headers: { 'user-agent': CHROME } })
    if (res.statusCode === 302) continue
    const csp = res.headers['content-security-policy']
    const scripts = directive(csp, 'script-src')
    t.notOk(
      scripts.includes("'unsafe-inline'") || scripts.includes("'unsafe-eval'"),
      `${url}: no unsafe-inline or unsafe-eval`,
    )
    t.notOk(
      scripts.includes('*') || scripts.some((s) => /^(https?:|data:|blob:)$/.test(s)),
      `${url}: no wildcard source`,
    )
    t.same(directive(csp, 'object-src'), ["'none'"])
    t.same(directive(csp, 'base-uri'), ["'self'"])
    t.same(directive(csp, 'frame-ancestors'), ["'none'"])
    const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice(7, -1)
    const inline = elements(res.body).filter(
      (e) => e.name === 'script' && !e.attributes.src && !/json/.test(e.attributes.type ?? ''),
    )
    if (res.headers[CACHE] === 'bypass') {
      t.ok(nonce, `${url}: a nonce`)
      t.notOk(seen.has(nonce!), `${url}: a nonce never seen before`)
      seen.add(nonce!)
      for (const script of elements(res.body).filter(
        (e) => e.name === 'script' && !/json/.test(e.attributes.type ?? ''),
      ))
        t.equal(script.attributes.nonce, nonce, `${url}: every script carries this page's nonce`)
    } else {
      t.notOk(nonce, `${url} (${res.headers[CACHE]}): a cached page names no nonce`)
      t.same(
        scripts.filter((s) => s.startsWith("'sha256-")).sort(),
        [...new Set(inline.map((s) => sha256(s.text ?? '')))].sort(),
        `${url} (${res.headers[CACHE]}): exactly its inline scripts, by hash`,
      )
    }
  }
  t.ok(seen.size >= 2, 'several rendered pages, each its own nonce')
})

t.test('security headers on every kind of answer', async (t) => {
  const { gateway, photos } = await buildTestStack(t, { renderCacheMs: 60_000 })
  const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .webp()
    .toBuffer()
  const photo = await photos.put(image, 'image/webp')
  const page = await gateway.inject({ url: '/en' })
  const asset = /"(\/assets\/entry\.client-[^"]+\.js)"/.exec(page.body)?.[1]
  t.ok(asset, 'the page names its entry')
  const answers: [string, InjectOptions][] = [
    ['a page', { url: '/en' }],
    ['a cached page', { url: '/en' }],
    ['a signed-in page', { url: '/en/dashboard', cookies: (await signInThroughGateway(gateway, 71001)).cookies }],
    ['a 404 page', { url: '/en/no/such/page' }],
    ['a 400 page', { url: '/en/listings?min_price=-5' }],
    ['a redirect', { url: '/fa/listings' }],
    ['an API answer', { url: '/api/v1/listings?limit=1' }],
    ['an API error', { url: '/api/v1/listings?limit=none' }],
    ['an unknown API route', { url: '/api/v1/no-such-route' }],
    [
      'a refused write',
      { method: 'POST', url: '/api/v1/listings', headers: { origin: 'https://evil.example' }, payload: {} },
    ],
    [
      'a body too large',
      {
        method: 'POST',
        url: '/api/v1/users/profile',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload: `"${'x'.repeat(2_000_000)}"`,
      },
    ],
    ['an asset', { url: asset! }],
    ['a missing asset', { url: '/assets/no-such-chunk.js' }],
    ['a root file', { url: '/logo.svg' }],
    ['a photo', { url: `/api/telegramFile/${photo}` }],
    ['a missing photo', { url: '/api/telegramFile/dmissing000000-webp' }],
    ['a bad photo id', { url: '/api/telegramFile/..%2F..' }],
    ['the manifest', { url: '/manifest.webmanifest?lang=en' }],
    ['robots.txt', { url: '/robots.txt' }],
    ['the sitemap', { url: '/sitemap.xml' }],
    ['health', { url: '/healthz' }],
    ['a method of nobody', { method: 'DELETE', url: '/' }],
    ['bad percent-encoding', { url: '/en/%E0%A4%A' }],
  ]
  for (const [what, request] of answers) {
    const res = await gateway.inject({ ...request, headers: { 'user-agent': CHROME, ...request.headers } })
    const label = `${what} (${res.statusCode})`
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${label}: nosniff`)
    t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', `${label}: referrer policy`)
    t.equal(res.headers['x-frame-options'], 'DENY', `${label}: no framing`)
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${label}: HSTS`)
    t.notOk(res.headers['x-powered-by'], `${label}: no X-Powered-By`)
    t.notOk(/\d/.test(String(res.headers.server ?? '')), `${label}: no server version`)
    t.ok(res.statusCode < 500, `${label}: no 5xx`)
    if (/html/.test(String(res.headers['content-type']))) {
      t.same(
        directive(res.headers['content-security-policy'], 'frame-ancestors'),
        ["'none'"],
        `${label}: an HTML answer has its policy`,
      )
    }
  }
})

t.test('the error page of an API that is down has the headers too', async (t) => {
  const gateway = await buildGateway({
    apiUrl: 'http://127.0.0.1:1',
    publicBaseUrl: ORIGIN,
    renderer: await productionRenderer('dist'),
    photos: diskPhotoStore(tempDir(t)),
    logLevel: 'silent',
  })
  t.teardown(() => gateway.close())
  for (const url of ['/en/listings', '/api/v1/listings']) {
    const res = await gateway.inject({ url })
    t.ok([502, 503].includes(res.statusCode), `${url}: ${res.statusCode}`)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.equal(res.headers['x-frame-options'], 'DENY')
    t.ok(res.headers['strict-transport-security'])
    t.notOk(res.headers['x-powered-by'])
  }
})

t.test('hostile text in listings, places, names and addresses stays text', async (t) => {
  const { gateway, db } = await buildTestStack(t, { renderCacheMs: 60_000 })
  const owner = await signInThroughGateway(gateway, 72001, HOSTILE)
  await makeCountry(db, 'DE', { en: HOSTILE, fa: HOSTILE })
  const city = await makeCity(db, 'DE', 'evil', { en: HOSTILE, fa: HOSTILE })
  const listing = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    description: HOSTILE,
    slug: 'hostile-flat',
  })
  const pages = [
    `/en/listing/${listing.slug}`,
    '/en/listings',
    '/en/listings?city=evil',
    '/listings',
    '/en',
    `/en/listings?city=${encodeURIComponent(HOSTILE)}`,
    `/en/listings?q=${encodeURIComponent(HOSTILE)}&sort=${encodeURIComponent(HOSTILE)}`,
    `/en/${encodeURIComponent(HOSTILE)}`,
    `/en/auth?next=${encodeURIComponent(HOSTILE)}&error=${encodeURIComponent(HOSTILE)}`,
  ]
  for (const url of pages) {
    for (const userAgent of [CHROME, GOOGLEBOT]) {
      const res = await gateway.inject({ url, headers: { 'user-agent': userAgent } })
      t.ok(res.statusCode < 500, `${url}: ${res.statusCode}`)
      t.same(injections(res.body), [], `${url} ${userAgent === CHROME ? '' : '(crawler)'} ${res.headers[CACHE] ?? ''}`)
    }
  }
  const shown = await gateway.inject({ url: `/en/listing/${listing.slug}`, headers: { 'user-agent': CHROME } })
  t.ok(
    shown.body.includes('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;'),
    'the description is shown, as text',
  )
  for (const url of [
    '/en/dashboard',
    '/en/dashboard/listings',
    '/en/dashboard/profile',
    `/en/listing/${listing.slug}`,
  ]) {
    const res = await gateway.inject({ url, headers: { 'user-agent': CHROME }, cookies: owner.cookies })
    t.equal(res.statusCode, 200, url)
    t.same(injections(res.body), [], `${url} (the owner, signed in)`)
  }
})
