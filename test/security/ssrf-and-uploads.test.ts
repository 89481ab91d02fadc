// SSRF: no address a user gives is ever fetched by the server. Push endpoints, the one address the
// server does call, have their own file (README.md). Uploads: refusals through the gateway, nothing stored.
import { readdir } from 'node:fs/promises'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import t from 'tap'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { outboxMailer } from '../../server/integrations/mail/mailer.ts'
import { TEST_BOT_TOKEN } from '../helpers/build-api.ts'
import {
  buildTestStack,
  SESSION_COOKIES,
  signInThroughGateway,
  tempDir,
  emailAccountThroughGateway,
  linkNonce,
} from '../helpers/build-gateway.ts'
import { setCookies } from '../helpers/cookies.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'
import { pngBytes } from '../helpers/png.ts'

const ORIGIN = 'https://khaneh.example'
const nowS = () => Math.floor(Date.now() / 1000)

/** A server standing for an internal address (a metadata service, an admin port): it records every request that reaches it. */
async function internalService(t: { teardown(fn: () => unknown): void }) {
  const requests: IncomingMessage[] = []
  const server = createServer((req, res) => {
    requests.push(req)
    res.end('internal secret')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    server.closeAllConnections()
    server.close()
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

t.test('SSRF: addresses users give are never fetched by the server', async (t) => {
  const internal = await internalService(t)
  const dataDir = tempDir(t)
  const { gateway, api } = await buildTestStack(t, {}, { mailer: outboxMailer(dataDir) })
  const photoUrls = [
    `${internal.url}/avatar.jpg`,
    `${internal.url.replace('127.0.0.1', 'localhost')}/latest/meta-data/`,
    'http://169.254.169.254/latest/meta-data/iam/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
  ]
  const pages = ['/en/dashboard', '/en/dashboard/profile', '/en/dashboard/account-management', '/en', '/en/listings']

  await t.test('photo_url at a Telegram sign-in, by the call and by the widget redirect', async (t) => {
    let id = 91000
    for (const photoUrl of photoUrls) {
      const signed = (telegramId: number) =>
        signTelegramLogin(
          {
            id: telegramId,
            first_name: 'P',
            last_name: 'U',
            username: `p${telegramId}`,
            photo_url: photoUrl,
            auth_date: nowS(),
          },
          TEST_BOT_TOKEN,
        )
      const called = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/telegram-login',
        headers: { origin: ORIGIN },
        payload: signed(++id),
      })
      t.ok(called.statusCode < 500, `${photoUrl}: ${called.statusCode}`)
      const widget = new URLSearchParams(Object.entries(signed(id + 500)).map(([k, v]) => [k, String(v)]))
      const viaWidget = await gateway.inject({ url: `/en/auth?${widget}` })
      t.ok(viaWidget.statusCode < 500, `${photoUrl} by the widget: ${viaWidget.statusCode}`)
      const cookies = { [SESSION_COOKIES.access]: setCookies(called)[SESSION_COOKIES.access]?.value ?? '' }
      for (const url of pages) {
        const page = await gateway.inject({ url, cookies })
        t.ok(page.statusCode < 500, `${url}: ${page.statusCode}`)
        t.notOk(
          /(src|href|srcset)="[^"]*(127\.0\.0\.1|169\.254|localhost|file:|gopher:)/.test(page.body),
          `${url}: the address is not put into the page`,
        )
      }
      await gateway.inject({ url: '/api/v1/users/profile', cookies })
    }
    t.equal(internal.requests.length, 0, 'nothing reached the internal address')
  })

  await t.test('photo_url when Telegram is linked to an account through the merge callback', async (t) => {
    const cookies = await emailAccountThroughGateway(gateway, api, dataDir, 'ssrf@example.com', 'Sima')
    const nonce = await linkNonce(gateway, cookies)
    const fields = signTelegramLogin(
      { id: 92001, first_name: 'Sima', photo_url: `${internal.url}/linked.jpg`, auth_date: nowS() },
      TEST_BOT_TOKEN,
    )
    const query = new URLSearchParams(
      Object.entries({ ...fields, nonce, locale: 'en' }).map(([k, v]) => [k, String(v)]),
    )
    const res = await gateway.inject({ url: `/api/auth/telegram-merge-callback?${query}`, cookies })
    t.equal(new URL(String(res.headers.location), ORIGIN).searchParams.get('linked'), 'telegram')
    for (const url of pages) await gateway.inject({ url, cookies })
    t.equal(internal.requests.length, 0, 'nothing reached the internal address')
  })

  await t.test('Host and forwarding headers never point the gateway elsewhere', async (t) => {
    const target = new URL(internal.url).host
    for (const headers of [
      { host: target },
      { 'x-forwarded-host': target },
      { forwarded: `host=${target}` },
      { 'x-original-url': `${internal.url}/x` },
    ]) {
      for (const url of ['/en', '/en/listings', '/sitemap.xml', '/robots.txt', '/api/v1/listings?limit=1', '/readyz']) {
        const res = await gateway.inject({ url, headers })
        t.ok(res.statusCode < 500, `${url} with ${Object.keys(headers)[0]}: ${res.statusCode}`)
      }
      const absolute = await gateway.inject({ url: `${internal.url}/absolute` })
      t.ok(absolute.statusCode < 500, `an absolute request target: ${absolute.statusCode}`)
    }
    t.equal(internal.requests.length, 0, 'nothing reached the internal address')
  })
})

/** A PNG of `width`×`height` grey pixels with real, highly compressible image data: small on the wire, huge once decoded. */
function bombPng(width: number, height: number): Buffer {
  return pngBytes(width, height, { colourType: 0, scanlines: Buffer.alloc((width + 1) * height) })
}

t.test('uploads through the gateway: refusals are a clear 4xx and store nothing', async (t) => {
  const storeDir = tempDir(t)
  const photos = diskPhotoStore(storeDir)
  const { gateway, db } = await buildTestStack(t, { photos }, { photos })
  const me = await signInThroughGateway(gateway, 93001)
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#abc' } })
    .png()
    .toBuffer()
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#abc' } })
    .jpeg()
    .toBuffer()
  const form = (files: { data: Buffer; name: string; type: string }[]) => {
    const body = new FormData()
    for (const f of files) body.append('photos', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name)
    return body
  }
  const upload = (body: FormData) =>
    gateway.inject({
      method: 'POST',
      url: '/api/v1/upload/photos',
      headers: { origin: ORIGIN },
      cookies: me.cookies,
      payload: body,
    })
  const stored = async () => ({
    files: (await readdir(path.join(storeDir, 'photos')).catch(() => [] as string[])).length,
    rows: (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM uploads`))[0]!.n,
  })

  const ok = await upload(form([{ data: png, name: 'ok.png', type: 'image/png' }]))
  t.equal(ok.statusCode, 200, 'a real photo passes, so the refusals below are about their files')
  const before = await stored()
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>')
  const cases: [string, { data: Buffer; name: string; type: string }[], number[]][] = [
    [
      'text named like a JPEG',
      [{ data: Buffer.from('not a photo at all, just text'), name: 'x.jpg', type: 'image/jpeg' }],
      [415],
    ],
    ['an SVG', [{ data: svg, name: 'x.svg', type: 'image/svg+xml' }], [415]],
    ['an SVG named and typed as a PNG', [{ data: svg, name: 'x.png', type: 'image/png' }], [415]],
    [
      'an HTML page named as a PNG',
      [{ data: Buffer.from('<!doctype html><script>alert(1)</script>'), name: 'x.png', type: 'image/png' }],
      [415],
    ],
    [
      'a PNG signature on a JPEG body',
      [{ data: Buffer.concat([png.subarray(0, 8), jpeg]), name: 'x.png', type: 'image/png' }],
      [415],
    ],
    [
      'a GIF/JavaScript polyglot',
      [{ data: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1)//;'), name: 'x.gif', type: 'image/gif' }],
      [415],
    ],
    [
      'a PDF named as a JPEG',
      [{ data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'), name: 'x.jpg', type: 'image/jpeg' }],
      [415],
    ],
    ['a truncated PNG', [{ data: png.subarray(0, 40), name: 'x.png', type: 'image/png' }], [415]],
    ['a zero-byte file', [{ data: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }], [400, 415]],
    ['a decompression bomb of 41 MP', [{ data: bombPng(6500, 6400), name: 'bomb.png', type: 'image/png' }], [413]],
    [
      'a file over 15 MB',
      [{ data: Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024)]), name: 'big.jpg', type: 'image/jpeg' }],
      [413],
    ],
    ['13 files', Array.from({ length: 13 }, (_, i) => ({ data: png, name: `p${i}.png`, type: 'image/png' })), [413]],
    [
      'a good photo with a bad one',
      [
        { data: png, name: 'ok.png', type: 'image/png' },
        { data: svg, name: 'x.svg', type: 'image/svg+xml' },
      ],
      [415],
    ],
  ]
  for (const [what, files, statuses] of cases) {
    const res = await upload(form(files))
    t.ok(statuses.includes(res.statusCode), `${what}: ${res.statusCode} (${statuses.join(' or ')})`)
    t.equal(res.json().success, false, `${what}: the error envelope`)
    t.ok(res.json().error.code, `${what}: ${res.json().error.code}`)
  }
  t.same(await stored(), before, 'nothing was stored')
  const anonymous = await gateway.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { origin: ORIGIN },
    payload: form([{ data: png, name: 'ok.png', type: 'image/png' }]),
  })
  t.equal(anonymous.statusCode, 401, 'anonymous')
  const crossSite = await gateway.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { origin: 'https://evil.example' },
    cookies: me.cookies,
    payload: form([{ data: png, name: 'ok.png', type: 'image/png' }]),
  })
  t.equal(crossSite.statusCode, 403, 'from another site')
  t.same(await stored(), before, 'still nothing')
})
