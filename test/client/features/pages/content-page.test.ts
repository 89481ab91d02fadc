import t from 'tap'
import { loader } from '../../../../client/features/pages/content-page.tsx'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('content page loader: the page of content/<locale>/<slug>.md, or a 404 naming the path', async (t) => {
  const dir = t.testdir({
    en: { help: { 'deposits.md': '---\ntitle: Deposits\ndescription: About deposits\n---\nNever pay **first**.\n' } },
    fa: { 'faq.md': '---\ntitle: پرسش‌ها\ndescription: پاسخ‌ها\n---\nپاسخ.\n' },
  })
  const { app } = await buildTestApi(t, { contentDir: dir })

  const nested = await loader(routeArgs('/en/help/deposits', { app, params: { '*': 'help/deposits' } }))
  t.same(nested, {
    title: 'Deposits',
    description: 'About deposits',
    html: '<p>Never pay <strong>first</strong>.</p>\n',
  })
  const trailing = await loader(routeArgs('/en/help/deposits/', { app, params: { '*': 'help/deposits/' } }))
  t.equal(trailing.title, 'Deposits', 'a trailing slash is the same page')
  const fa = await loader(routeArgs('/faq', { app, locale: 'fa', params: { '*': 'faq' } }))
  t.equal(fa.title, 'پرسش‌ها')

  for (const [path, splat] of [
    ['/en/terms-of-use', 'terms-of-use'],
    ['/en/faq', 'faq'],
    ['/en/../etc/passwd', '../etc/passwd'],
    ['/en/Help/Deposits', 'Help/Deposits'],
    ['/en/help//deposits', 'help//deposits'],
  ] as const) {
    t.match(await thrownBy(() => loader(routeArgs(path, { app, params: { '*': splat } }))), {
      data: { message: `Page not found: ${new URL(path, 'http://localhost').pathname}` },
      init: { status: 404 },
    })
  }
})
