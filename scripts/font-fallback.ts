// `npx tsx scripts/font-fallback.ts`: the metric overrides that make an installed font take up the
// room Vazirmatn will (docs/decisions/026-images-fonts-and-lcp.md), measured in Debian's Chromium on the
// Persian catalog's own text, for each candidate font this machine has. Prints the faces for client/styles/fonts.css.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './chromium.ts'
import { SOURCE_FONT as FONT } from './persian-font.ts'

/** Fonts a Persian reader's device may fall back to (Windows, Android, Apple, Linux): regular and bold faces. */
const CANDIDATES = ['Tahoma', 'Segoe UI', 'Noto Naskh Arabic UI', 'Noto Sans Arabic UI', 'Geeza Pro', 'DejaVu Sans']
/** The weights each face serves, the weight it is measured at, and the suffix of its bold font's name. */
const WEIGHTS = [
  { range: '100 500', weight: 400, suffix: '' },
  { range: '600 900', weight: 700, suffix: ' Bold' },
]
/** Arabic script and the spaces between words; Latin letters skip the faces (client/styles/fonts.css). */
const UNICODE_RANGE = 'U+0020, U+00A0, U+200C-200F, U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF'

const fontBytes = readFileSync(createRequire(import.meta.url).resolve(FONT)).toString('base64')
const sample = [...readFileSync('locales/fa/messages.po', 'utf8').matchAll(/^msgstr "(.+)"$/gm)]
  .map((m) => m[1]!.replace(/\{[^}]*\}|<\/?\d+>|\\n/g, ''))
  .join(' ')
  // Latin is not in the Non-Latin Vazirmatn: both sides draw it with the system font
  .replace(/[A-Za-z0-9]+/g, '')

interface Metrics {
  width: number
  ascent: number
  descent: number
  lineGap: number
}

const browser = await chromium.launch(chromiumLaunchOptions)
try {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><html lang="fa" dir="rtl"><body></body></html>')
  const measure = (family: string, source: string, weight: number) =>
    page.evaluate(
      async ({ family, source, weight, sample }) => {
        const face =
          source.startsWith('data:') || source.startsWith('local(')
            ? new FontFace(family, source.startsWith('data:') ? `url(${source})` : source, { weight: String(weight) })
            : null
        if (face) {
          try {
            document.fonts.add(await face.load())
          } catch {
            return null
          }
        }
        const size = 1000
        const ctx = document.createElement('canvas').getContext('2d')!
        ctx.font = `${weight} ${size}px "${family}"`
        const text = ctx.measureText(sample)
        // the height of one line at line-height: normal is ascent + descent + line gap
        const line = document.createElement('div')
        line.style.cssText = `font: ${weight} ${size}px/normal "${family}"; position: absolute; white-space: nowrap`
        line.textContent = 'خانه'
        document.body.append(line)
        const height = line.getBoundingClientRect().height
        line.remove()
        return {
          width: text.width / sample.length / size,
          ascent: text.fontBoundingBoxAscent / size,
          descent: text.fontBoundingBoxDescent / size,
          lineGap: (height - text.fontBoundingBoxAscent - text.fontBoundingBoxDescent) / size,
        }
      },
      { family, source, weight, sample },
    ) as Promise<Metrics | null>

  const pct = (n: number) => `${(n * 100).toFixed(2)}%`
  for (const { range, weight, suffix } of WEIGHTS) {
    const vazirmatn = await measure(`Vazirmatn ${weight}`, `data:font/woff2;base64,${fontBytes}`, weight)
    if (!vazirmatn) throw new Error('Vazirmatn did not load')
    console.log(`/* Vazirmatn ${weight}: ${JSON.stringify(vazirmatn)} */`)
    for (const candidate of CANDIDATES) {
      const name = `${candidate}${suffix}`
      const local = await measure(name, `local('${name}')`, weight)
      if (!local) {
        console.log(`/* ${name}: not installed here */`)
        continue
      }
      const sizeAdjust = vazirmatn.width / local.width
      console.log(`@font-face {
  font-family: 'Vazirmatn ${candidate}';
  src: local('${name}');
  font-weight: ${range};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(vazirmatn.ascent / sizeAdjust)};
  descent-override: ${pct(vazirmatn.descent / sizeAdjust)};
  line-gap-override: ${pct(Math.max(0, vazirmatn.lineGap) / sizeAdjust)};
  unicode-range: ${UNICODE_RANGE};
}`)
    }
  }
} finally {
  await browser.close()
}
