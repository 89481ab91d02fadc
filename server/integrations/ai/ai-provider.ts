import type { LocaleCode } from '../../../shared/locales.ts'
import { parseQuery, type Gazetteer, type UnderstoodQuery } from './local-query-parser.ts'

export type { Gazetteer, UnderstoodQuery } from './local-query-parser.ts'

/** What a provider reads a query with: the reader's language, the places we have, and today's date. */
export interface AiQueryContext {
  language: LocaleCode
  places: Gazetteer
  today: Date
}

/** A query understood, and by which model (`local` also when a configured model failed and the parser stood in). */
export interface AiUnderstanding extends UnderstoodQuery {
  provider: 'local' | 'openai'
}

/**
 * The AI port (docs/decisions/021-ai-search-and-credits.md): turns a natural-language query into
 * GET /listings filters. `local` is the embedded default (a deterministic parser); `openai` asks an
 * OpenAI-compatible model and falls back to the parser on any failure. Throwing means the call
 * failed, and its credit is given back.
 */
export interface AiProvider {
  readonly name: 'local' | 'openai'
  understand(query: string, context: AiQueryContext): Promise<AiUnderstanding>
}

/** The embedded default: the multilingual parser, no account anywhere. */
export function localAiProvider(): AiProvider {
  return {
    name: 'local',
    async understand(query, context) {
      return { ...parseQuery(query, context.places, context.today), provider: 'local' }
    },
  }
}
