import { createHash } from 'node:crypto'
import t from 'tap'
import { changeBus } from '../../../server/lib/change-bus.ts'
import {
  cachedPage,
  createRenderCache,
  keyAddress,
  normalizedSearch,
  notingShownListings,
  pageBytes,
  pageKey,
  sealDocument,
  staleAfter,
  variant,
  type SharedRender,
  type ShownListings,
} from '../../../server/gateway/ssr/render-cache.ts'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { documentEnd } from '../../../server/gateway/encoding.ts'

const base = 'https://khaneh.example'
/** A page that showed no listing. */
const NOTHING: ShownListings = { lists: false, missing: false, listings: [] }
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

t.test('keys: language, path, the query the page reads', async (t) => {
  t.equal(
    normalizedSearch(new URLSearchParams('sort=price_asc&city=berlin&country=DE')),
    '?city=berlin&country=DE&sort=price_asc',
  )
  t.equal(normalizedSearch(new URLSearchParams('utm_source=a&utm_medium=b&fbclid=c&gclid=d&ref=FRIEND')), '')
  t.equal(
    normalizedSearch(new URLSearchParams('type=room&city=x&type=apartment')),
    '?city=x&type=room&type=apartment',
    'the values of one name keep their order',
  )
  t.equal(pageKey('en', new URL('/en/listings?sort=newest&utm_campaign=x', base)), 'en:/listings?sort=newest')
  t.equal(pageKey('fa', new URL('/listing/%D8%AE%D8%A7%D9%86%D9%87', base)), 'fa:/listing/%D8%AE%D8%A7%D9%86%D9%87')
  t.equal(
    pageKey('de', new URL('/de', base)),
    pageKey('de', new URL('/de/', base)),
    'a language’s home, with or without the slash',
  )
  t.equal(keyAddress('en:/listings?sort=newest'), '/en/listings?sort=newest')
  t.equal(keyAddress('fa:/'), '/')
  t.equal(keyAddress('de:/'), '/de')
  t.equal(keyAddress('fa:/listing/abc'), '/listing/abc')
})

t.test('sealing: the marker goes, the scripts that carried it are allowed by hash, nothing else is', async (t) => {
  const marker = 'Zm9vYmFyYmF6cXV4MTIzNA=='
  const html =
    `<html><head><link rel="modulepreload" nonce="${marker}" href="/assets/a.js"/></head><body>` +
    `<div>Nice </div><script>alert(1)</script>` +
    `<script type="application/ld+json">{"a":1}</script>` +
    `<script nonce="${marker}" id="_R_">window.x=1;</script>` +
    `<script type="module" src="/assets/a.js" nonce="${marker}" async=""></script></body></html>`
  const sealed = sealDocument(html, marker)
  t.ok(sealed)
  t.notMatch(sealed!.html, marker)
  t.notMatch(sealed!.html, 'nonce=')
  t.same(sealed!.scriptSources, [sha256('window.x=1;')], 'only the renderer’s own inline script')
  t.notOk(sealed!.scriptSources.includes(sha256('alert(1)')), 'a script in the content is not allowed')
  t.match(sealed!.html, '<script id="_R_">window.x=1;</script>')
  t.equal(sealDocument(`<p>${marker}</p>`, marker), null, 'the marker anywhere else: not cacheable')
})

t.test('listing writes: which pages go, by what their answers showed', async (t) => {
  const search = { status: 200, body: { data: { listings: [{ id: 42, slug: 'river-flat' }] } } }
  const flat = { status: 200, body: { data: { id: 42, slug: 'river-flat' } } }
  const other = { status: 200, body: { data: { id: 7, slug: 'hill-flat' } } }
  const missing = { status: 404, body: { error: { code: 'NOT_FOUND' } } }
  const places = { status: 200, body: { data: { countries: [] } } }
  /** What a render that got these answers shows. */
  const showing = async (...answers: Array<{ status: number; body: unknown }>) => {
    let next = 0
    const noted = notingShownListings(async () => answers[next++]!)
    for (const _ of answers) await noted.transport('/any/address')
    return noted.shows()
  }
  const change = { listing: { id: 42, slug: 'river-flat' } }
  t.ok(staleAfter(change, await showing(search)), 'a page with a search: any change')
  t.ok(staleAfter({ listing: { id: 1, slug: 'x' } }, await showing(search)))
  t.ok(staleAfter(change, await showing(flat)), "the listing's page")
  t.notOk(staleAfter(change, await showing(other)), "another listing's page stays")
  t.ok(staleAfter(change, await showing(missing)), 'a page whose read was "not found": the listing may be it now')
  t.notOk(staleAfter(change, await showing(places)), 'a page that showed no listing stays')
  t.ok(staleAfter({ allListings: true }, await showing(other)), 'every listing: every page that showed one')
  t.notOk(staleAfter({ allListings: true }, await showing(places)))
})

t.test('a kept page ends as each response says, in every encoding', async (t) => {
  const html = `<!DOCTYPE html><html><body>${'<article>a card</article>'.repeat(300)}<script>x()</script></body></html>`
  const page = await cachedPage(200, { html, scriptSources: [] }, NOTHING)
  t.equal(page.closing.toString(), '</body></html>', 'kept open before its closing tags')
  const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b }
  const saved = Buffer.from('<script type="application/json" id="khaneh-saved">[3,5]</script>')
  for (const encoding of ['br', 'gzip', null] as const) {
    const name = encoding ?? 'identity'
    const [start, end] = variant(page, encoding)
    t.equal(decode[name](Buffer.concat([start, end])).toString(), html, `${name}: the document as it was rendered`)
    t.ok(encoding === null || start.length < html.length / 10, `${name}: its start compressed once`)
    const [same, marked] = variant(page, encoding, saved)
    t.equal(same, start, `${name}: the same start for a reader with saved listings`)
    t.equal(
      decode[name](Buffer.concat([same, marked])).toString(),
      html.replace('</body>', `${saved}</body>`),
      `${name}: their listings before the closing tags`,
    )
  }
  const long = Buffer.from('x'.repeat(70_000))
  for (const encoding of ['br', 'gzip'] as const) {
    const [start, end] = variant(page, encoding, long)
    t.equal(
      decode[encoding](Buffer.concat([start, end])).toString(),
      html.replace('</body>', `${long}</body>`),
      `${encoding}: an end longer than one stored block`,
    )
  }
  const start = (await cachedPage(200, { html, scriptSources: [] }, NOTHING)).start
  t.equal(
    gunzipSync(Buffer.concat([start.gzip, documentEnd(start, 'gzip', Buffer.from(new ArrayBuffer(0)))])).toString(),
    html.slice(0, html.lastIndexOf('</body>')),
    'gzip: an empty end of its own (one without memory behind it), its checksum the start’s',
  )
  // the app's entry script runs after what a response adds: the copy's closing starts at it
  const withEntry = html.replace('</body>', '<script type="module" src="/assets/entry.js" async=""></script></body>')
  const entryPage = await cachedPage(200, { html: withEntry, scriptSources: [] }, NOTHING)
  t.equal(entryPage.closing.toString(), '<script type="module" src="/assets/entry.js" async=""></script></body></html>')
  t.equal(
    brotliDecompressSync(Buffer.concat(variant(entryPage, 'br', saved))).toString(),
    withEntry.replace('<script type="module"', `${saved}<script type="module"`),
    'their listings before the entry script',
  )
  const bare = await cachedPage(404, { html: 'Not found', scriptSources: [] }, NOTHING)
  t.equal(bare.closing.length, 0, 'a document without closing tags is kept open at its end')
  for (const encoding of ['br', 'gzip'] as const)
    t.equal(
      decode[encoding](Buffer.concat(variant(bare, encoding))).toString(),
      'Not found',
      `${encoding}: an empty end`,
    )
})

t.test('the cache: forgets what a write changed, and stays within its bytes', async (t) => {
  const page = async (text: string, shows: ShownListings = NOTHING): Promise<SharedRender> => ({
    kind: 'page',
    keep: true,
    page: await cachedPage(200, { html: text, scriptSources: [] }, shows),
  })
  const riverFlat = { lists: false, missing: false, listings: ['7', 'river-flat'] }
  const a = await page('a'.repeat(2000))
  const size = a.kind === 'page' ? pageBytes(a.page) : 0
  // room for two such pages and their keys, not three
  const bound = (size + 300) * 2
  const changes = changeBus(null)
  const cache = createRenderCache({ ttlMs: 60_000, maxBytes: bound, changes })
  await cache.fill('en:/listing/river-flat', async () => a)
  await cache.fill('fa:/listing/river-flat', async () => page('b'.repeat(2000), riverFlat))
  await cache.fill('en:/about-us', async () => page('c'.repeat(2000)))
  t.equal(cache.get('en:/listing/river-flat'), undefined, 'the least recently used went to make room')
  t.ok(cache.get('fa:/listing/river-flat'))
  t.ok(cache.get('en:/about-us'))
  t.ok(cache.stats().bytes <= bound)

  changes.publish({ listing: { id: 7, slug: 'river-flat' } })
  t.equal(cache.get('fa:/listing/river-flat'), undefined)
  t.ok(cache.get('en:/about-us'))

  let renders = 0
  const render = async () => {
    renders++
    return page('d')
  }
  await Promise.all([cache.fill('en:/', render), cache.fill('en:/', render)])
  t.equal(renders, 1, 'concurrent misses render once')
  const redirect = await cache.fill('en:/listings?city=Berlin', async () => ({
    kind: 'redirect',
    status: 302,
    location: '/en/auth',
  }))
  t.equal(redirect.kind, 'redirect')
  t.equal(cache.get('en:/listings?city=Berlin'), undefined, 'a redirect is never kept')
})
