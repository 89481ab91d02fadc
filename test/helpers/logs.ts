import type { FastifyBaseLogger } from 'fastify'
import { pino } from 'pino'

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

/**
 * Every line an app logs from now on, at every level, as the JSON pino writes: the app's logger and
 * the request loggers made from it write here instead of their destination.
 */
export function recordLogLines(log: FastifyBaseLogger): string[] {
  const lines: string[] = []
  const logger = log as FastifyBaseLogger & Record<symbol, unknown>
  logger[pino.symbols.streamSym] = { write: (line: string) => lines.push(line) }
  log.level = 'trace'
  return lines
}
