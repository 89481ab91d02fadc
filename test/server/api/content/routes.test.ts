import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { CONTENT_DIR, renderContentFile } from '../../../../server/api/content/content.service.ts'
import { LOCALE_CODES } from '../../../../shared/locales.ts'
import { ContentPageSchema } from '../../../../shared/schemas/content.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'

t.test('content pages: GET /content/{locale}?slug=…', async (t) => {
  // A folder of our own beside the real one, for nested pages and a file changed after the first read.
  const dir = t.testdir({
    en: {
      'faq.md': '---\ntitle: FAQ\ndescription: Answers\n---\nFirst **answer**.\n',
      help: {
        renting: { 'deposits.md': '---\ntitle: Deposits\ndescription: About deposits\n---\nNever pay first.\n' },
      },
    },
    fa: { 'faq.md': '---\ntitle: پرسش‌های پرتکرار\ndescription: پاسخ‌ها\n---\nپاسخ اول.\n' },
    'secret.md': '---\ntitle: Secret\ndescription: outside a language folder\n---\nsecret\n',
  })
  const { app } = await buildTestApi(t, { contentDir: dir })
  // `en/help/faq` → /content/en?slug=help/faq (the slug as a browser would send it, or raw when `raw`)
  const get = (url: string, raw = false) => {
    const [locale, ...rest] = url.split('/')
    const slug = rest.join('/')
    return app.inject({ url: `/api/v1/content/${locale}?slug=${raw ? slug : encodeURIComponent(slug)}` })
  }

  await t.test('an English and a Persian page: title, description and the Markdown as HTML', async (t) => {
    const en = await get('en/faq')
    t.equal(en.statusCode, 200)
    t.same(ContentPageSchema.parse(en.json().data), {
      title: 'FAQ',
      description: 'Answers',
      html: '<p>First <strong>answer</strong>.</p>\n',
    })
    const fa = await get('fa/faq')
    t.equal(fa.statusCode, 200)
    t.equal(fa.json().data.title, 'پرسش‌های پرتکرار')
    t.match(fa.json().data.html, /پاسخ اول/)
  })

  await t.test('a nested slug is a file in sub-folders', async (t) => {
    const res = await get('en/help/renting/deposits')
    t.equal(res.statusCode, 200)
    t.equal(res.json().data.title, 'Deposits')
  })

  await t.test('an unknown page, language or folder is 404', async (t) => {
    for (const url of ['en/nothing-here', 'de/faq', 'en/help', 'en/help/renting', 'en/faq/more']) {
      const res = await get(url)
      t.equal(res.statusCode, 404, url)
      t.equal(res.json().error.code, 'NOT_FOUND', url)
    }
    t.equal((await get('xx/faq')).statusCode, 400, 'not one of the six languages')
  })

  await t.test('path traversal and odd slugs never reach the file system: 400 or 404, never a file', async (t) => {
    const attempts = [
      'en/../secret',
      'en/..%2Fsecret',
      'en/%2e%2e/secret',
      'en/%2E%2E%2Fsecret',
      'en/help/../faq',
      'en/help%2F..%2F..%2Fsecret',
      'en/FAQ',
      'en/faq.md',
      'en/faq%00',
      'en/.hidden',
      'en//faq',
      'en/help//deposits',
      'en/%2Fetc%2Fpasswd',
      'en/..\\secret',
      `en/${'a'.repeat(200)}`,
    ]
    for (const url of attempts) {
      for (const raw of [false, true]) {
        const res = await get(url, raw)
        t.ok([400, 404].includes(res.statusCode), `${url} (${raw ? 'raw' : 'encoded'}) → ${res.statusCode}`)
        t.notMatch(res.body, /"title":"Secret"|outside a language folder/, `${url} reads nothing`)
      }
    }
    t.equal((await app.inject({ url: '/api/v1/content/en' })).statusCode, 400, 'no slug')
    const dotted = await app.inject({ url: '/api/v1/content/en/../secret?slug=faq' })
    t.ok([400, 404].includes(dotted.statusCode), 'dots in the path reach no file')
    t.notMatch(dotted.body, /"title":"Secret"/)
  })

  await t.test('a page is read once and kept in memory', async (t) => {
    writeFileSync(path.join(dir, 'en', 'faq.md'), '---\ntitle: Changed\ndescription: x\n---\nchanged\n')
    t.equal((await get('en/faq')).json().data.title, 'FAQ', 'the first read is kept')
  })

  await t.test('a page never asked for is read on its first request', async (t) => {
    mkdirSync(path.join(dir, 'en', 'later'), { recursive: true })
    writeFileSync(path.join(dir, 'en', 'later', 'page.md'), '---\ntitle: Later\ndescription: x\n---\nlater\n')
    t.equal((await get('en/later/page')).statusCode, 200)
  })
})

t.test('the published content: every page exists in all six languages and renders', async (t) => {
  const slugs = readdirSync(path.join(CONTENT_DIR, 'en'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort()
  t.same(slugs, ['about-us', 'faq', 'privacy-policy', 'safety-guide', 'terms-of-use'])
  for (const locale of LOCALE_CODES) {
    const here = readdirSync(path.join(CONTENT_DIR, locale))
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3))
      .sort()
    t.same(here, slugs, `${locale} has the same pages`)
    for (const slug of slugs) {
      const page = await renderContentFile(path.join(CONTENT_DIR, locale, `${slug}.md`))
      t.ok(
        page && page.title.length > 2 && page.description.length > 20,
        `${locale}/${slug} has a title and description`,
      )
      t.ok(page && page.html.length > 500, `${locale}/${slug} has real text`)
      t.notMatch(page?.html ?? '', /lorem ipsum|\b(TODO|TBD|FIXME)\b/, `${locale}/${slug} has no placeholder`)
      t.notMatch(page?.html ?? '', /<h1/, `${locale}/${slug}: the page's h1 is the title, the file starts at h2`)
    }
  }
})

t.test('the real content through the API: en and fa safety guide', async (t) => {
  const { app } = await buildTestApi(t)
  const en = await app.inject({ url: '/api/v1/content/en?slug=safety-guide' })
  t.equal(en.statusCode, 200)
  t.match(en.json().data.html, /deposit/i)
  const fa = await app.inject({ url: '/api/v1/content/fa?slug=safety-guide' })
  t.equal(fa.statusCode, 200)
  t.match(fa.json().data.title, /[\u0600-\u06FF]/, 'a Persian title')
})
