// `npx tsx scripts/persian-font.ts`: Vazirmatn cut down to the letters Persian writes, the file
// Persian pages load and preload (docs/decisions/026-images-fonts-and-lcp.md). Writes
// client/styles/fonts/vazirmatn-persian.woff2 and prints the two faces' unicode-range for
// client/styles/fonts.css; test/scripts/persian-font.test.ts checks that both are current.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

/** The package's variable font without Latin letters: every Arabic-script language, every weight. */
export const SOURCE_FONT = 'vazirmatn/misc/Non-Latin/fonts/webfonts/Vazirmatn-NL[wght].woff2'
export const PERSIAN_FONT = 'client/styles/fonts/vazirmatn-persian.woff2'

/**
 * What Persian text is drawn with: the alphabet and the Arabic letters Persian borrows, both
 * sets of digits, punctuation, the vowel marks, the joiners and marks of direction, spaces.
 */
export const PERSIAN_CHARACTERS = [
  ...'آابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیءأؤئإةيكۀ',
  ...'۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩',
  ...'،؛؟٪٫٬ـ«»–—…',
  ...'\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0654\u0670',
  ...'\u200c\u200d\u200e\u200f \u00a0',
]

/** The Arabic-script blocks the package's font covers (the rest of it loads only for such a letter). */
const ARABIC_BLOCKS: Array<[number, number]> = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x08a0, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
]

/** Code points as a CSS unicode-range: runs joined into ranges. */
export function unicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b)
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')
  const parts: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`)
    i = j + 1
  }
  return parts.join(', ')
}

const persianCodePoints = () => new Set(PERSIAN_CHARACTERS.map((c) => c.codePointAt(0)!))

/** The faces' ranges: Persian's file, and the package's whole font for the Arabic-script letters it leaves out. */
export function faceRanges(): { persian: string; rest: string } {
  const persian = persianCodePoints()
  const rest = ARABIC_BLOCKS.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i).filter((c) => !persian.has(c)),
  )
  return { persian: unicodeRange(persian), rest: unicodeRange(rest) }
}

/** The Persian file's bytes, from the package's font (hb-subset keeps the variation axis and the shaping tables). */
export async function persianFont(): Promise<Buffer> {
  const source = readFileSync(createRequire(import.meta.url).resolve(SOURCE_FONT))
  return subsetFont(source, PERSIAN_CHARACTERS.join(''), { targetFormat: 'woff2' })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await persianFont()
  writeFileSync(PERSIAN_FONT, bytes)
  const { persian, rest } = faceRanges()
  console.log(`${PERSIAN_FONT}: ${bytes.length} bytes`)
  console.log(`Persian face: unicode-range: ${persian};`)
  console.log(`the rest of the font: unicode-range: ${rest};`)
}
