import type { FastifyInstance } from 'fastify'
import { AppError, type FieldIssue } from '../lib/errors.ts'

/** Where in `value` a string (or a key) holds U+0000; walked without recursion, so depth costs no stack. */
function nulPaths(value: unknown, root: string): string[] {
  const found: string[] = []
  const stack: Array<[unknown, string]> = [[value, root]]
  while (stack.length > 0) {
    const [item, path] = stack.pop()!
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(path)
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) found.push(path)
        else stack.push([child, `${path}.${key}`])
      }
    }
  }
  return found
}

/**
 * One rule for every string of every route: PostgreSQL text cannot hold U+0000 (it fails with
 * 22021 and a 500), and no field of ours has a use for it, so such input is a 400 before the
 * route's own validation — params, query and JSON body alike.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...nulPaths(request.params, 'params'),
      ...nulPaths(request.query, 'querystring'),
      ...nulPaths(request.body, 'body'),
    ]
    if (paths.length === 0) return
    const details: FieldIssue[] = paths.map((path) => ({
      path,
      code: 'invalid_string',
      message: 'must not contain the NUL character',
    }))
    throw new AppError('VALIDATION_ERROR', 'The request is not valid', details)
  })
}
