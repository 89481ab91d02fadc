import type { FastifyInstance } from 'fastify'

/** Every `METHOD /path` the API registers (HEAD is Fastify's twin of GET), read from its route tree. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = []
  const paths: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    const path = (paths[depth - 1] ?? '') + match[2]!
    paths[depth] = path
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`)
  }
  return routes.sort()
}
