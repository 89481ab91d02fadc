import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Call } from './call.ts'

export type ContentPage = Answer<'ContentPageSchema'>

/** Content pages (content/<locale>/<slug>.md), rendered by the API. */
export const contentApi = (call: Call) => ({
  page: (locale: LocaleCode, slug: string, signal?: AbortSignal) =>
    call('ContentPageSchema', `/content/${locale}${query({ slug })}`, { signal }),
})
