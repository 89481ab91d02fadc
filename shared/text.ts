const ARABIC_TO_PERSIAN: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ؤ: 'و',
  ئ: 'ی',
}

/** Folds text for search: lower case, no diacritics, Arabic letter variants to Persian, Persian/Arabic digits to ASCII. */
export function normalizeSearchText(text: string): string {
  return text
    .replace(/[İI]/g, (c) => (c === 'İ' ? 'i' : 'i'))
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // Latin combining marks
    .replace(/[\u064B-\u065F\u0670]/g, '') // Arabic harakat
    .replace(/\u200c|\u200d|\u0640/g, '') // ZWNJ, ZWJ, tatweel
    .replace(/[يىكةأإآؤئ]/g, (c) => ARABIC_TO_PERSIAN[c] ?? c)
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim()
}

/** An ASCII slug: lower case, words joined by '-'. */
export function slugify(text: string): string {
  return normalizeSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
