import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { LOCALE_CODES } from './shared/locales.ts'

// LINGUI_CATALOGS_DIR lets the catalog check extract into a scratch copy (scripts/check-catalogs.ts).
const dir = process.env.LINGUI_CATALOGS_DIR ?? '<rootDir>/locales'

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALE_CODES],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [{ path: `${dir}/{locale}/messages`, include: ['<rootDir>/client', '<rootDir>/shared'] }],
})
