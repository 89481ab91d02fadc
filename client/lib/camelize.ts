type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S

/** The camelCase view of a snake_case wire shape (the API speaks snake_case; pages read camelCase, mapped once in the API client). */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
      : T

/** Wire names seen so far and their camelCase (the schemas' keys: a few hundred); bounded for records keyed by data. */
const camelKeys = new Map<string, string>()

function camelKey(key: string): string {
  if (!key.includes('_')) return key
  let camel = camelKeys.get(key)
  if (camel === undefined) {
    camel = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    if (camelKeys.size < 2000) camelKeys.set(key, camel)
  }
  return camel
}

/** Maps every snake_case key of a JSON value to camelCase, deeply (every page render runs it on each answer: kept lean). */
export function camelize<T>(value: T): Camelize<T> {
  if (Array.isArray(value)) return value.map(camelize) as Camelize<T>
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key in value) {
      if (Object.hasOwn(value, key)) out[camelKey(key)] = camelize(value[key])
    }
    return out as Camelize<T>
  }
  return value as Camelize<T>
}

const snakeKey = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The snake_case names of a record's own keys (one level): for records keyed by wire names, such as saved filters, which `camelize` renamed. */
export function snakeKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [snakeKey(key), value]))
}
