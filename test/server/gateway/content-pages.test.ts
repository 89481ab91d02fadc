import t from 'tap'
import { buildTestStack } from '../../helpers/build-gateway.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

t.test('content pages through the gateway: server-rendered, crawlable, real 404s', async (t) => {
  const { gateway } = await buildTestStack(t)
  const get = (url: string, ua = CHROME) => gateway.inject({ url, headers: { 'user-agent': ua } })

  await t.test('the English safety guide: title, description and text in the HTML', async (t) => {
    const res = await get('/en/safety-guide', GOOGLEBOT)
    t.equal(res.statusCode, 200)
    t.match(res.body, /<html lang="en" dir="ltr"/)
    t.match(res.body, /<title>Renting safely from abroad · Khaneh<\/title>/)
    t.match(res.body, /<meta name="description" content="How the common rental scams work/)
    t.match(res.body, /<h1 id="content-title">Renting safely from abroad<\/h1>/)
    t.match(res.body, /<h2>How to protect yourself<\/h2>/)
    t.match(res.body, /Keys by post/)
  })

  await t.test('the Persian pages, unprefixed and right-to-left', async (t) => {
    const res = await get('/safety-guide')
    t.equal(res.statusCode, 200)
    t.match(res.body, /<html lang="fa" dir="rtl"/)
    t.match(res.body, /<h1 id="content-title">اجارهٔ امن از خارج از کشور<\/h1>/)
    t.match(res.body, /کلید پستی/)
    for (const path of ['/about-us', '/privacy-policy', '/faq', '/terms-of-use']) {
      const page = await get(path)
      t.equal(page.statusCode, 200, path)
      t.notMatch(page.body, /on its way/, `${path}: no placeholder`)
    }
  })

  await t.test('about-us and privacy-policy in English are content pages', async (t) => {
    const about = await get('/en/about-us')
    t.equal(about.statusCode, 200)
    t.match(about.body, /<title>About Khaneh · Khaneh<\/title>/)
    const privacy = await get('/en/privacy-policy', GOOGLEBOT)
    t.equal(privacy.statusCode, 200)
    t.match(privacy.body, /GDPR/)
    t.match(privacy.body, /i18n_redirected/)
  })

  await t.test('the contact page renders its form', async (t) => {
    const res = await get('/en/contact-us')
    t.equal(res.statusCode, 200)
    t.match(res.body, /<h1 id="contact-title">Contact us<\/h1>/)
    t.match(res.body, /name="message"/)
    const fa = await get('/contact-us')
    t.equal(fa.statusCode, 200)
    t.match(fa.body, /تماس/)
  })

  await t.test('an unknown page is the real 404 page with a 404 status; traversal too', async (t) => {
    for (const path of [
      '/en/no-such-page',
      '/no/such/page',
      '/en/help/../../etc/passwd',
      '/en/%2e%2e%2fsecret',
      '/en/FAQ',
      '/en/faq.md',
    ]) {
      const res = await get(path)
      t.equal(res.statusCode, 404, path)
      t.match(res.body, /<meta name="robots" content="noindex"/, `${path}: the 404 page`)
    }
  })

  await t.test('home has the how-it-works and safety sections linking to the guide', async (t) => {
    const res = await get('/en')
    t.equal(res.statusCode, 200)
    t.match(res.body, /How Khaneh works/)
    t.match(res.body, /href="\/en\/safety-guide"/)
    t.match(res.body, /href="\/en\/faq"/)
    t.match(res.body, /href="\/en\/terms-of-use"/)
  })
})
