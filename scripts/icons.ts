// `npm run icons`: the web app manifest's PNG icons (public/icons/), drawn from public/logo.svg by
// Debian's Chromium. Run again after the logo changes and commit the PNGs.
import { mkdir, readFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.ts'

const logo = await readFile('public/logo.svg', 'utf8')
// maskable: the same drawing edge to edge (the platform rounds it); the house stays inside the safe circle
const maskable = logo.replace(/ rx="\d+"/, '')
const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskable },
]

await mkdir('public/icons', { recursive: true })
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `)
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`)
    await page.screenshot({ path: `public/icons/${file}`, omitBackground: true })
    await page.close()
    console.log(`icons: public/icons/${file} (${size}×${size})`)
  }
} finally {
  await browser.close()
}
