/**
 * A machine translation goes public without a moderator reading it, so it may carry nothing the
 * owner's moderated text does not: no link, e-mail, handle or phone-like number that is not in the
 * original, and no text far longer than it (a description crafted to steer the model is the risk).
 */
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[\w.-]+\.(?:com|net|org|ir|de|io|me|info|biz|xyz|link|site)\b\S*/gi
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/g
const HANDLE = /(?:^|\s)@[A-Za-z0-9_]{3,}/g
const DIGITS = /[0-9۰-۹٠-٩][0-9۰-۹٠-٩\s().+-]{3,}[0-9۰-۹٠-٩]/g

const latin = (text: string) =>
  text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
const digitsOf = (text: string) =>
  (latin(text).match(DIGITS) ?? []).map((m) => m.replace(/\D/g, '')).filter((d) => d.length >= 5)
const found = (pattern: RegExp, text: string) => (text.match(pattern) ?? []).map((m) => m.trim().toLowerCase())

/** Null when the translation may be shown; otherwise why it may not. */
export function translationProblem(original: string, translated: string): string | null {
  const text = translated.trim()
  if (!text) return 'empty'
  if (text.length > original.length * 3 + 200) return 'too_long'
  const source = original.toLowerCase()
  for (const [kind, pattern] of [
    ['email', EMAIL],
    ['handle', HANDLE],
    ['link', LINK],
  ] as const) {
    if (found(pattern, text).some((m) => !source.includes(m))) return `new_${kind}`
  }
  const sourceDigits = digitsOf(original).join(' ')
  if (digitsOf(text).some((d) => !sourceDigits.includes(d))) return 'new_number'
  return null
}
