import type { I18n } from '@lingui/core'
import type { LocaleCode } from '../../shared/locales.ts'

export interface PageMeta {
  title: string
  description?: string
  image?: string
  noindex?: boolean
}

/** A page's head, from its loader data; route modules export it as `handle.meta`. */
export type MetaFunction<Data = unknown> = (args: { data: Data; i18n: I18n; locale: LocaleCode }) => PageMeta

export interface RouteHandle {
  meta?: MetaFunction<never>
}
