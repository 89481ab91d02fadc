import { z } from 'zod'
import { GENDER_PREFS, PROPERTY_TYPES, TERMS } from '../../../shared/constants.ts'
import { MUST_HAVES } from '../../../shared/schemas/ai.ts'
import { chatCompletion, ChatCompletionError } from '../openai-chat.ts'
import { localAiProvider, type AiProvider, type AiQueryContext, type UnderstoodQuery } from './ai-provider.ts'

export interface OpenAiQueryOptions {
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1 (the translator's settings). */
  baseUrl: string
  /** OPENAI_API_KEY: sent as a bearer token, never logged or returned. */
  apiKey: string
  /** OPENAI_MODEL */
  model: string
  /** A slower answer is dropped for the local parser's (default 8 s). */
  timeoutMs?: number
  /** Told why the model's answer was not used (never the key or the query). */
  onFallback?: (reason: string) => void
}

/** The model's answer: every field present, null when the query does not say (OpenAI strict JSON schema). */
const ModelAnswer = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  city: z.string().min(1).max(80).nullable(),
  type: z.enum(PROPERTY_TYPES).nullable(),
  term: z.enum(TERMS).nullable(),
  min_price: z.number().int().min(0).max(1_000_000_000).nullable(),
  max_price: z.number().int().min(0).max(1_000_000_000).nullable(),
  gender_pref: z.enum(GENDER_PREFS).nullable(),
  has_contract: z.boolean().nullable(),
  start_date: z.iso.date().nullable(),
  must_haves: z.array(z.enum(MUST_HAVES)),
})

const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] })
const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'listing_search_filters',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: Object.keys(ModelAnswer.shape),
      properties: {
        country: nullable({ type: 'string', description: 'ISO country code from the list' }),
        city: nullable({ type: 'string', description: 'city key from the list' }),
        type: nullable({ type: 'string', enum: PROPERTY_TYPES }),
        term: nullable({ type: 'string', enum: TERMS }),
        min_price: nullable({ type: 'integer' }),
        max_price: nullable({ type: 'integer' }),
        gender_pref: nullable({ type: 'string', enum: GENDER_PREFS }),
        has_contract: nullable({ type: 'boolean' }),
        start_date: nullable({ type: 'string', description: 'YYYY-MM-DD: the listing must be free by then' }),
        must_haves: { type: 'array', items: { type: 'string', enum: MUST_HAVES } },
      },
    },
  },
} as const

function systemPrompt(context: AiQueryContext): string {
  const places = context.places.countries
    .map((c) => {
      const cities = context.places.cities.filter((city) => city.country_code === c.code).map((city) => city.key)
      return `${c.code} (${c.currency}): ${cities.join(', ')}`
    })
    .join('\n')
  return [
    'You turn a rental search query (any language) into search filters. Answer with the JSON schema only.',
    `Today is ${context.today.toISOString().slice(0, 10)}. A move-in month means start_date = the last day of that month, next occurrence.`,
    'Prices are monthly rents in the currency of the country searched; convert only when the query names another currency.',
    "type: apartment (a whole flat or studio), private_room (a room of one's own, also in a shared flat), shared_room (a shared room or bed).",
    'term: short (a few months, temporary) or long. Use null for anything the query does not say.',
    'Countries (currency) and city keys:',
    places,
  ].join('\n')
}

/**
 * An OpenAI-compatible `POST {base}/chat/completions` with a strict JSON-schema answer, validated
 * with zod and against our places. Anything else — an error status, a timeout, not JSON, a value
 * outside the schema, a place we do not have — falls back to the local parser: never an error.
 */
export function openAiQueryProvider(options: OpenAiQueryOptions): AiProvider {
  const endpoint = { baseUrl: options.baseUrl, apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 8_000 }
  const local = localAiProvider()

  async function ask(query: string, context: AiQueryContext): Promise<UnderstoodQuery | string> {
    let content: string
    try {
      ;({ content } = await chatCompletion(endpoint, {
        model: options.model,
        temperature: 0,
        response_format: RESPONSE_FORMAT,
        messages: [
          { role: 'system', content: systemPrompt(context) },
          { role: 'user', content: query },
        ],
      }))
    } catch (err) {
      if (!(err instanceof ChatCompletionError)) throw err
      return err.reason === 'failed' ? `ai.failed.${err.status}` : `ai.${err.reason}`
    }
    let json: unknown
    try {
      json = JSON.parse(content)
    } catch {
      return 'ai.not_json'
    }
    const parsed = ModelAnswer.safeParse(json)
    if (!parsed.success) return 'ai.bad_schema'
    const answer = parsed.data
    if (answer.country && !context.places.countries.some((c) => c.code === answer.country)) return 'ai.unknown_place'
    if (answer.city && !context.places.cities.some((c) => c.key === answer.city)) return 'ai.unknown_place'
    if (answer.min_price !== null && answer.max_price !== null && answer.min_price > answer.max_price)
      return 'ai.bad_schema'
    const { must_haves, ...rest } = answer
    const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null))
    return { filters, must_haves }
  }

  return {
    name: 'openai',
    async understand(query, context) {
      const answer = await ask(query, context)
      if (typeof answer !== 'string') return { ...answer, provider: 'openai' }
      options.onFallback?.(answer)
      return local.understand(query, context)
    },
  }
}
