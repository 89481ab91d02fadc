import { localeInfo, type LocaleCode } from '../../../shared/locales.ts'
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

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>
}

/** Listing descriptions through an OpenAI-compatible `POST {base}/chat/completions`. */
export function openAiTranslator(options: OpenAiTranslatorOptions): Translator {
  const url = `${options.baseUrl.replace(/\/$/, '')}/chat/completions`
  const timeoutMs = options.timeoutMs ?? 20_000
  return {
    async translate(text, from, to, signal) {
      const timeout = AbortSignal.timeout(timeoutMs)
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
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        })
      } catch (err) {
        throw new TranslatorError(timeout.aborted ? 'translator.timeout' : 'translator.unreachable', undefined, {
          cause: err,
        })
      }
      // the body of an error may echo the request; only the status leaves here
      if (!res.ok) {
        await res.body?.cancel().catch(() => {})
        throw new TranslatorError('translator.failed', res.status)
      }
      let answer: ChatCompletion
      try {
        answer = (await res.json()) as ChatCompletion
      } catch (err) {
        throw new TranslatorError(timeout.aborted ? 'translator.timeout' : 'translator.bad_answer', res.status, {
          cause: err,
        })
      }
      const choice = answer.choices?.[0]
      const content = choice?.message?.content
      if (typeof content !== 'string' || !content.trim() || choice?.finish_reason === 'length')
        throw new TranslatorError('translator.bad_answer', res.status)
      return content.trim()
    },
  }
}
