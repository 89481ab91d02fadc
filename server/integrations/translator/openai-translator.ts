import { localeInfo, type LocaleCode } from '../../../shared/locales.ts'
import { chatCompletion, ChatCompletionError } from '../openai-chat.ts'
import { TranslatorError, type Translator } from './translator.ts'

export interface OpenAiTranslatorOptions {
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1 */
  baseUrl: string
  /** OPENAI_API_KEY: sent as a bearer token, never logged or returned. */
  apiKey: string
  /** OPENAI_MODEL */
  model: string
  timeoutMs?: number
}

const ENGLISH_NAMES: Record<LocaleCode, string> = {
  fa: 'Persian',
  en: 'English',
  tr: 'Turkish',
  es: 'Spanish',
  de: 'German',
  it: 'Italian',
}

/** Listing descriptions through an OpenAI-compatible `POST {base}/chat/completions`. */
export function openAiTranslator(options: OpenAiTranslatorOptions): Translator {
  const endpoint = { baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 20_000 }
  return {
    async translate(text, from, to, signal) {
      const body = {
        model: options.model,
        messages: [
          {
            role: 'system',
            content:
              `Translate the rental listing description from ${ENGLISH_NAMES[from]} to ${ENGLISH_NAMES[to]} (${localeInfo(to).language}). ` +
              'Reply with the translation only. Keep line breaks, numbers, prices, addresses, names and phone numbers as written.',
          },
          { role: 'user', content: text },
        ],
      }
      let answer: Awaited<ReturnType<typeof chatCompletion>>
      try {
        answer = await chatCompletion(endpoint, body, signal)
      } catch (err) {
        if (!(err instanceof ChatCompletionError)) throw err
        throw new TranslatorError(`translator.${err.reason}`, err.status, { cause: err })
      }
      if (!answer.content.trim() || answer.finishReason === 'length')
        throw new TranslatorError('translator.bad_answer', answer.status)
      return answer.content.trim()
    },
  }
}
