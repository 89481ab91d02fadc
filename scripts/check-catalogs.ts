// Fails when a message in the code is missing from the catalogs, or when any of the six catalogs lacks a translation.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LOCALE_CODES } from '../shared/locales.ts'

interface Entry {
  id: string
  translation: string
  obsolete: boolean
}

/** The entries of a .po file (msgid/msgstr pairs; plural-free, as Lingui writes ICU messages). */
function readPo(file: string): Entry[] {
  const entries: Entry[] = []
  const unquote = (line: string) => JSON.parse(line.replace(/^#~ /, '').replace(/^msg(id|str) /, '')) as string
  const blocks = readFileSync(file, 'utf8').split(/\n\s*\n/)
  for (const block of blocks) {
    const lines = block.split('\n')
    let id: string | null = null
    let str = ''
    let mode: 'id' | 'str' | null = null
    const obsolete = lines.some((l) => l.startsWith('#~ '))
    for (const raw of lines) {
      const line = raw.replace(/^#~ /, '')
      if (line.startsWith('msgid ')) {
        id = unquote(line)
        mode = 'id'
      } else if (line.startsWith('msgstr ')) {
        str = unquote(line)
        mode = 'str'
      } else if (line.startsWith('"')) {
        const more = JSON.parse(line) as string
        if (mode === 'id') id = `${id ?? ''}${more}`
        else if (mode === 'str') str += more
      }
    }
    if (id) entries.push({ id, translation: str, obsolete })
  }
  return entries
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
        .map((e) => e.id),
    )
    const fresh = readPo(path.join(scratch, locale, 'messages.po')).filter((e) => !e.obsolete)
    const notExtracted = fresh.filter((e) => !committed.has(e.id))
    const untranslated = locale === 'en' ? [] : fresh.filter((e) => e.translation.trim() === '')
    for (const e of notExtracted)
      console.error(`catalogs: ${locale}: not extracted (run npx lingui extract): ${JSON.stringify(e.id)}`)
    for (const e of untranslated) console.error(`catalogs: ${locale}: missing translation: ${JSON.stringify(e.id)}`)
    problems += notExtracted.length + untranslated.length
    if (notExtracted.length + untranslated.length === 0)
      console.log(`catalogs: ${locale}: ${fresh.length} messages, complete`)
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
if (problems > 0) {
  console.error(`catalogs: ${problems} problems`)
  process.exit(1)
}
