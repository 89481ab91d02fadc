// Open redirects in every redirect the gateway answers, and path traversal on every route that maps an
// address to a file. safeNext itself has its unit test (test/shared/paths.test.ts, README.md).
import t, { type Test } from 'tap'
import { TEST_BOT_TOKEN } from '../helpers/build-api.ts'
import { buildTestStack, signInThroughGateway } from '../helpers/build-gateway.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'

/** Ways to write "another site" into a path or a `next` that a browser might follow off ours. */
const EVIL = [
  '//evil.com',
  '//evil.com/x',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\r/evil.com',
  '/\n/evil.com',
  '//evil.com\r\nSet-Cookie: a=b',
  '/%2F%2Fevil.com',
  '%2F%2Fevil.com',
  '/%09/evil.com',
  '/%5Cevil.com',
  '/／／evil.com',
  '／／evil.com',
  '/\uff3cevil.com',
  'https://evil.com',
  'https:evil.com',
  '///evil.com',
  '/.//evil.com',
  '/..//evil.com',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
]

/** A redirect's target is one of our own pages, written so no browser reads another host into it. */
function assertOwnTarget(t: Test, res: { statusCode: number; headers: Record<string, unknown> }, what: string) {
  t.ok(res.statusCode < 500, `${what}: ${res.statusCode}, no 5xx`)
  const location = res.headers.location
  if (location === undefined) return
  const text = String(location)
  t.ok(text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\'), `${what}: a path of ours (${text})`)
  t.notOk(
    [...text].some((c) => c <= '\u001f' || c === '\u007f' || c === '\\'),
    `${what}: no control character or backslash in ${JSON.stringify(text)}`,
  )
  t.equal(URL.parse(text, ORIGIN)?.origin, ORIGIN, `${what}: stays on our origin`)
  t.notOk(/^(javascript|data):/i.test(text), `${what}: no script URL`)
}

const nowS = () => Math.floor(Date.now() / 1000)
const widget = (id: number) =>
  new URLSearchParams(
    Object.entries(
      signTelegramLogin(
        {
          id,
          first_name: 'R',
          last_name: 'D',
          username: `r${id}`,
          photo_url: 'https://t.me/i/u.jpg',
          auth_date: nowS(),
        },
        TEST_BOT_TOKEN,
      ),
    ).map(([k, v]) => [k, String(v)]),
  )

t.test('open redirects', async (t) => {
  const { gateway } = await buildTestStack(t)
  const reader = await signInThroughGateway(gateway, 61001)
  /** A path written raw into the request line (as a client may send it), percent-encoding what HTTP cannot carry. */
  const raw = (text: string) => [...text].map((c) => (c <= ' ' || c >= '\u007f' ? encodeURIComponent(c) : c)).join('')

  await t.test('the /fa prefix redirect (fa is unprefixed)', async (t) => {
    for (const evil of EVIL) {
      for (const path of [`/fa${evil}`, `/fa/${evil}`]) {
        const res = await gateway.inject({ url: raw(path) })
        assertOwnTarget(t, res, JSON.stringify(path))
      }
    }
    const kept = await gateway.inject({ url: '/fa/listings?city=berlin' })
    t.equal(kept.headers.location, '/listings?city=berlin', 'the ordinary redirect still works')
  })

  await t.test("a signed-in visitor's next on the sign-in page", async (t) => {
    for (const evil of EVIL) {
      const res = await gateway.inject({ url: `/en/auth?next=${encodeURIComponent(evil)}`, cookies: reader.cookies })
      assertOwnTarget(t, res, `next=${JSON.stringify(evil)}`)
    }
  })

  await t.test("the Telegram widget redirect's next, signed in or refused", async (t) => {
    let id = 61100
    for (const evil of EVIL) {
      const fields = widget(++id)
      const ok = await gateway.inject({ url: `/en/auth?${fields}&next=${encodeURIComponent(evil)}` })
      t.equal(ok.statusCode, 303)
      assertOwnTarget(t, ok, `signed in, next=${JSON.stringify(evil)}`)
      // the same payload again: a replay, refused
      const refused = await gateway.inject({ url: `/en/auth?${fields}&next=${encodeURIComponent(evil)}` })
      assertOwnTarget(t, refused, `refused, next=${JSON.stringify(evil)}`)
      t.match(
        refused.headers.location,
        /^\/en\/auth\?error=telegram&reason=\w+&next=/,
        'the next stays inside the query',
      )
    }
  })

  await t.test('the sign-in guard of the dashboard, whatever follows its path', async (t) => {
    for (const evil of EVIL) {
      const res = await gateway.inject({ url: raw(`/en/dashboard/${evil}`) })
      assertOwnTarget(t, res, JSON.stringify(evil))
    }
  })

  await t.test('the merge callback, with a hostile locale or nonce', async (t) => {
    for (const evil of EVIL) {
      const query = new URLSearchParams({ locale: evil, nonce: evil, next: evil })
      const anonymous = await gateway.inject({ url: `/api/auth/telegram-merge-callback?${query}` })
      assertOwnTarget(t, anonymous, `anonymous, ${JSON.stringify(evil)}`)
      const signedIn = await gateway.inject({
        url: `/api/auth/telegram-merge-callback?${query}&${widget(61300)}`,
        cookies: reader.cookies,
      })
      assertOwnTarget(t, signedIn, `signed in, ${JSON.stringify(evil)}`)
    }
  })
})

/** Texts only files outside the served folders hold. */
const OUTSIDE = /root:x:0:0|"name": "khaneh"|buildGateway|SESSION_SECRET|DATABASE_URL|BEGIN (RSA )?PRIVATE KEY/

const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/%2e%2e/package.json',
  '%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
  '..%252f..%252f..%252fpackage.json',
  '%252e%252e/%252e%252e/package.json',
  '..%5c..%5c..%5cpackage.json',
  '..\\..\\..\\package.json',
  '....//....//....//package.json',
  '..%00/package.json',
  'x%00.js',
  '%00',
  '..%c0%af..%c0%afpackage.json',
  '.%2e/.%2e/.%2e/server/gateway/app.ts',
  '../.vite/manifest.json',
  '..%2f.vite%2fmanifest.json',
]

t.test('path traversal never leaves a served folder, never a 5xx', async (t) => {
  const { gateway } = await buildTestStack(t)
  const get = (url: string) =>
    gateway.inject({ url: [...url].map((c) => (c <= ' ' ? encodeURIComponent(c) : c)).join('') })
  const check = async (t: Test, url: string, okStatuses: number[] = []) => {
    const res = await get(url)
    t.ok(res.statusCode < 500, `${url}: ${res.statusCode}`)
    t.notMatch(res.body, OUTSIDE, `${url}: nothing from outside`)
    if (okStatuses.length > 0)
      t.ok(okStatuses.includes(res.statusCode), `${url}: ${res.statusCode} is one of ${okStatuses}`)
    return res
  }

  await t.test('the built client: assets, fonts, builds, icons, the root files', async (t) => {
    for (const folder of ['/assets/', '/builds/', '/builds/meta/', '/icons/', '/', '/assets/fonts/']) {
      for (const traversal of TRAVERSALS) await check(t, `${folder}${traversal}`)
    }
    for (const url of [
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/.vite%2fmanifest.json',
      '/.VITE/manifest.json',
    ]) {
      const res = await check(t, url)
      t.notOk(res.statusCode === 200 && /"isEntry"|"file":/.test(res.body), `${url}: not the build manifest`)
    }
  })

  await t.test('photos: /api/telegramFile/{id} takes an id, never a path', async (t) => {
    for (const traversal of TRAVERSALS) await check(t, `/api/telegramFile/${traversal}`, [400, 404])
    for (const id of ['..', '.', '%2e%2e', 'a%2f..%2f..%2fb', 'x.webp%00.png'])
      await check(t, `/api/telegramFile/${id}`, [400, 404])
  })

  await t.test('the web manifest’s language', async (t) => {
    for (const traversal of TRAVERSALS) await check(t, `/manifest.webmanifest?lang=${traversal}`, [400])
  })

  await t.test('content pages, through a page and through the API', async (t) => {
    for (const traversal of TRAVERSALS) {
      await check(t, `/en/${traversal}`, [301, 302, 400, 404])
      await check(t, `/en/help/${traversal}`, [301, 302, 400, 404])
      await check(t, `/api/v1/content/en?slug=${traversal}`, [400, 404])
      await check(t, `/api/v1/content/${traversal}?slug=faq`, [400, 404])
    }
  })

  await t.test('sitemaps', async (t) => {
    for (const traversal of TRAVERSALS) await check(t, `/sitemaps/${traversal}`, [400, 404])
  })
})
