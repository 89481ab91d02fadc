import type { z } from 'zod'
import * as wire from '../../../shared/schemas/index.ts'
import { ApiError, type WireParser } from './call.ts'

/**
 * Parses an answer's data with the shared schema of that name. The server's client (page loaders)
 * uses it; the browser bundle never imports it, because zod would cost more there than the
 * contract allows (docs/decisions/012-wire-contract.md).
 */
export const parseWire: WireParser = (name, data) => {
  const schema: z.ZodType = wire[name]
  const parsed = schema.safeParse(data)
  if (!parsed.success)
    throw new ApiError(
      502,
      'UPSTREAM_UNAVAILABLE',
      `The API's answer does not follow ${name}`,
      parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })),
    )
  return parsed.data
}
