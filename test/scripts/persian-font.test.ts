import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { createRequire } from 'node:module'
import {
  faceRanges,
  PERSIAN_CHARACTERS,
  PERSIAN_FONT,
  persianFont,
  SOURCE_FONT,
  unicodeRange,
} from '../../scripts/persian-font.ts'

// docs/decisions/026-images-fonts-and-lcp.md
t.test('the Persian font', async (t) => {
  t.test('every Arabic-script character of the Persian catalog and pages is in the Persian file', async (t) => {
    const texts = [
      readFileSync('locales/fa/messages.po', 'utf8'),
      ...readdirSync('content/fa').map((file) => readFileSync(`content/fa/${file}`, 'utf8')),
    ]
    const arabicScript = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\u200c-\u200f]/gu
    const used = new Set(texts.flatMap((text) => text.match(arabicScript) ?? []))
    t.ok(used.size > 40, `${used.size} characters`)
    t.same(
      [...used].filter((c) => !PERSIAN_CHARACTERS.includes(c)),
      [],
    )
  })

  t.test('the stylesheet gives each face the range the script computes, and the two do not overlap', async (t) => {
    const css = readFileSync('client/styles/fonts.css', 'utf8')
    const faces = [...css.matchAll(/@font-face \{[^}]*font-family: Vazirmatn;[^}]*\}/g)].map(([face]) => face)
    const range = (file: string) =>
      /unicode-range:\s*([^;]+);/.exec(faces.find((f) => f.includes(file)) ?? '')?.[1]?.replace(/\s+/g, ' ')
    const { persian, rest } = faceRanges()
    t.equal(range('vazirmatn-persian.woff2'), persian)
    t.equal(range('Vazirmatn-NL[wght].woff2'), rest)
    t.notMatch(rest, /U\+0628\b|U\+06CC\b|U\+067E\b/, 'ب, ی and پ are drawn from the Persian file alone')
  })

  t.test('the file in the repository is what the script makes from the package', async (t) => {
    const made = await persianFont()
    t.ok(made.equals(readFileSync(PERSIAN_FONT)), 'run `npx tsx scripts/persian-font.ts` after changing the characters')
    const source = readFileSync(createRequire(import.meta.url).resolve(SOURCE_FONT))
    t.ok(made.length < 0.7 * source.length, `${made.length} of ${source.length} bytes`)
  })

  t.test('ranges are runs of code points', async (t) => {
    t.equal(unicodeRange([0x41, 0x20, 0x42, 0x43, 0x600]), 'U+0020, U+0041-0043, U+0600')
    t.equal(unicodeRange([]), '')
  })
})
