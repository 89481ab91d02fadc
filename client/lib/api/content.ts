import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type ContentPage = Answer<'ContentPageSchema'>

/** Content pages (content/<locale>/<slug>.md), rendered by the API. */
export const contentApi = ({ call }: Api) => ({
  page: (locale: LocaleCode, slug: string, signal?: AbortSignal) =>
    call('ContentPageSchema', `/content/${locale}${query({ slug })}`, { signal }),
})
