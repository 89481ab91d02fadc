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

/** What a route declares of its request: its zod schemas, as `fastify-type-provider-zod` has them. */
export interface RouteSchemas {
  params?: unknown
  querystring?: unknown
  body?: unknown
}

/**
 * Each route's request schemas, keyed `METHOD /path`: filled by a hook on every request the app
 * answers, so call it before the app's first request, then ask each route once (e.g. with `probeRoutes`).
 */
export function recordRouteSchemas(app: FastifyInstance): Map<string, RouteSchemas> {
  const schemas = new Map<string, RouteSchemas>()
  app.addHook('onRequest', async (request) => {
    const { method, url, schema } = request.routeOptions
    if (url) schemas.set(`${String(method)} ${url}`, (schema ?? {}) as RouteSchemas)
  })
  return schemas
}

/** Asks every route once, anonymously, with 0 for each parameter: enough for `recordRouteSchemas` to see it. */
export async function probeRoutes(app: FastifyInstance, routes: string[]) {
  for (const route of routes) {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string]
    // the unread stream never ends for a reader; anonymously it is refused at once
    await app.inject({ method, url: path.replace(/:\w+/g, '0'), ...(method !== 'GET' && { payload: {} }) })
  }
}

/** The keys of a zod object schema (none for anything else). */
export function objectKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return shape ? Object.keys(shape) : []
}
