import { caller, type Api, type Transport, type WireParser } from './call.ts'

export type { Api } from './call.ts'

/**
 * The typed client of /api/v1; the same code runs on the server (direct to the API, answers parsed
 * with `parse`) and in the browser (through the gateway, answers typed only). Each area's calls are a
 * module of their own (`listingsApi(api).search(…)`, ./listings.ts), imported by the pages that make
 * them, so a page's script carries only its areas (docs/decisions/040-script-budget-per-page.md).
 */
export function createApi(transport: Transport, options: { parse?: WireParser } = {}): Api {
  return { call: caller(transport, options.parse) }
}
