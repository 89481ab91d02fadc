// Fails when a message in the code is missing from the catalogs, when any of the six catalogs lacks a translation,
// or when a Persian translation writes Latin digits (the page's numbers are Persian there; numbers that vary are
// placeholders, formatted by the code).
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LOCALE_CODES } from '../shared/locales.ts'

interface Entry {
  /** The message's context (`msgctxt`), or '' */
  context: string
  id: string
  translation: string
  obsolete: boolean
}

/** An entry's identity: one msgid with two contexts is two messages (Lingui hashes both into the id). */
const keyOf = (e: Entry) => `${e.context}\u0004${e.id}`

/** The entries of a .po file (msgctxt/msgid/msgstr; plural-free, as Lingui writes ICU messages). */
function readPo(file: string): Entry[] {
  const entries: Entry[] = []
  const unquote = (line: string) => JSON.parse(line.replace(/^#~ /, '').replace(/^msg(ctxt|id|str) /, '')) as string
  const blocks = readFileSync(file, 'utf8').split(/\n\s*\n/)
  for (const block of blocks) {
    const lines = block.split('\n')
    let context = ''
    let id: string | null = null
    let str = ''
    let mode: 'ctxt' | 'id' | 'str' | null = null
    const obsolete = lines.some((l) => l.startsWith('#~ '))
    for (const raw of lines) {
      const line = raw.replace(/^#~ /, '')
      if (line.startsWith('msgctxt ')) {
        context = unquote(line)
        mode = 'ctxt'
      } else if (line.startsWith('msgid ')) {
        id = unquote(line)
        mode = 'id'
      } else if (line.startsWith('msgstr ')) {
        str = unquote(line)
        mode = 'str'
      } else if (line.startsWith('"')) {
        const more = JSON.parse(line) as string
        if (mode === 'ctxt') context += more
        else if (mode === 'id') id = `${id ?? ''}${more}`
        else if (mode === 'str') str += more
      }
    }
    if (id) entries.push({ context, id, translation: str, obsolete })
  }
  return entries
}

/** Latin digits a Persian translation writes itself: placeholders, plurals' selectors (=0), tags (<0>) and phone examples (+98 …) aside. */
function latinDigits(translation: string): boolean {
  const text = translation
    .replace(/\{\w+[},]/g, '')
    .replace(/<\/?\d+\/?>/g, '')
    .replace(/=\d+/g, '')
    .replace(/\+\d[\d ]*/g, '')
  return /[0-9]/.test(text)
}

const scratch = mkdtempSync(path.join(tmpdir(), 'khaneh-catalogs-'))
let problems = 0
try {
  cpSync('locales', scratch, { recursive: true })
  const extract = spawnSync(path.join('node_modules', '.bin', 'lingui'), ['extract', '--clean'], {
    env: { ...process.env, LINGUI_CATALOGS_DIR: scratch },
    encoding: 'utf8',
  })
  if (extract.status !== 0) {
    console.error(extract.stdout, extract.stderr)
    process.exit(1)
  }
  for (const locale of LOCALE_CODES) {
    const committed = new Set(
      readPo(path.join('locales', locale, 'messages.po'))
        .filter((e) => !e.obsolete)
        .map(keyOf),
    )
    const fresh = readPo(path.join(scratch, locale, 'messages.po')).filter((e) => !e.obsolete)
    const notExtracted = fresh.filter((e) => !committed.has(keyOf(e)))
    const untranslated = locale === 'en' ? [] : fresh.filter((e) => e.translation.trim() === '')
    const latin = locale === 'fa' ? fresh.filter((e) => latinDigits(e.translation)) : []
    const name = (e: Entry) =>
      e.context ? `${JSON.stringify(e.id)} (context ${JSON.stringify(e.context)})` : JSON.stringify(e.id)
    for (const e of notExtracted)
      console.error(`catalogs: ${locale}: not extracted (run npx lingui extract): ${name(e)}`)
    for (const e of untranslated) console.error(`catalogs: ${locale}: missing translation: ${name(e)}`)
    for (const e of latin) console.error(`catalogs: ${locale}: Latin digits in the translation of ${name(e)}`)
    problems += notExtracted.length + untranslated.length + latin.length
    if (notExtracted.length + untranslated.length + latin.length === 0)
      console.log(`catalogs: ${locale}: ${fresh.length} messages, complete`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
if (problems > 0) {
  console.error(`catalogs: ${problems} problems`)
  process.exit(1)
}
