import type { LocaleCode } from '../../shared/locales.ts'
import { locationsApi } from './api/locations.ts'
import type { Api } from './api/index.ts'

/** The names of some city keys in the reader's language; a key the search no longer knows is left out (shown as the key). */
export async function cityNamesOf(
  api: Api,
  keys: readonly string[],
  language: LocaleCode,
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const found = await Promise.all(
    [...new Set(keys)].map((key) =>
      locationsApi(api)
        .searchCities(key, language, signal)
        .then((cities) => cities.find((c) => c.key === key))
        .catch(() => undefined),
    ),
  )
  const names: Record<string, string> = {}
  for (const city of found) if (city) names[city.key] = city.name
  return names
}
