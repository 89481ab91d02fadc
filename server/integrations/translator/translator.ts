import type { LocaleCode } from '../../../shared/locales.ts'

/**
 * The translation port (docs/decisions/017-listing-translations.md): `none` (no translator configured: the original is shown) or an
 * OpenAI-compatible chat completions service. Throws when the text could not be translated.
 */
export interface Translator {
  translate(text: string, from: LocaleCode, to: LocaleCode, signal?: AbortSignal): Promise<string>
}

/** A translator failure; its message never carries the API key or the text. */
export class TranslatorError extends Error {
  readonly status: number | undefined

  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options)
    this.status = status
  }
}
