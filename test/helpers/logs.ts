import type { FastifyBaseLogger } from 'fastify'

/** Records the arguments of every `log.warn` call of an app's logger, which still logs them as before. */
export function recordWarnings(log: FastifyBaseLogger): unknown[][] {
  const warnings: unknown[][] = []
  const warn = log.warn.bind(log)
  log.warn = ((...args: Parameters<typeof warn>) => {
    warnings.push(args)
    return warn(...args)
  }) as typeof log.warn
  return warnings
}
