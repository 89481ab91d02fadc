const UNSAFE = /[<>&\u2028\u2029]/g
const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * JSON for an inline <script>: `<`, `>`, `&`, U+2028 and U+2029 become \u escapes, so no text in
 * the data (a listing description, say) can close the script tag or break the JavaScript.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, escape)
}
