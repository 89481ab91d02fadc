/** The cookies a response sets, by name (value '' when cleared). */
export function setCookies(res: {
  headers: Record<string, unknown>
}): Record<string, { value: string; attributes: string }> {
  const raw = res.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : []
  return Object.fromEntries(
    list.map((c: string) => {
      const [pair = '', ...attributes] = c.split('; ')
      const [name = '', value = ''] = pair.split('=')
      return [name, { value, attributes: attributes.join('; ') }]
    }),
  )
}
