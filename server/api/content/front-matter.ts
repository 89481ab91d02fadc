/** A content file split into its front matter (`key: value` lines between two `---` lines) and its Markdown body. */
export interface ContentFile {
  meta: Record<string, string>
  body: string
}

const KEY = /^[a-z][a-z0-9_]*$/

/**
 * Reads front matter strictly: the file starts with `---`, every line up to the next `---` is
 * `key: value` (lower-case key, non-empty value, each key once; blank lines allowed), and anything
 * else is an error naming the line — a typo in a content file fails its test, never renders.
 * A value may be wrapped in double quotes to keep a leading or trailing space or a `:`-heavy text.
 */
export function parseFrontMatter(source: string): ContentFile {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (lines[0]?.trim() !== '---') throw new Error('front matter: the file must start with a --- line')
  const meta: Record<string, string> = {}
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '---') return { meta, body: lines.slice(i + 1).join('\n') }
    if (line.trim() === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) throw new Error(`front matter line ${i + 1}: expected "key: value"`)
    const key = line.slice(0, colon).trim()
    let value = line.slice(colon + 1).trim()
    if (!KEY.test(key)) throw new Error(`front matter line ${i + 1}: "${key}" is not a lower-case key`)
    if (key in meta) throw new Error(`front matter line ${i + 1}: "${key}" is given twice`)
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (value === '') throw new Error(`front matter line ${i + 1}: "${key}" has no value`)
    meta[key] = value
  }
  throw new Error('front matter: no closing --- line')
}
