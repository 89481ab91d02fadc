// `npm run screenshot -- <url> <out.png> [width] [locale]`: how a page looks, in Debian's Chromium, in the
// language its address names; `locale` is the browser's (an unprefixed address follows it after 500 ms).
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.ts'

const [url, out, width = '1280', locale = 'fa-IR'] = process.argv.slice(2)
if (!url || !out) {
  console.error('usage: npm run screenshot -- <url> <out.png> [width] [locale]')
  process.exit(1)
}
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, locale })
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(String(e)))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(800)
  await page.screenshot({ path: out, fullPage: process.env.FULL === '1' })
  console.log(
    `screenshot: ${out} (${page.url()})${problems.length ? `\nconsole: ${problems.slice(0, 8).join('\n')}` : ''}`,
  )
} finally {
  await browser.close()
}
