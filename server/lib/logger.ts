import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyServerOptions } from 'fastify'

/** pino options shared by the API and the gateway: secrets never reach the logs. */
export function loggerOptions(level: string, name: string): FastifyServerOptions['logger'] {
  return {
    level,
    name,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.token',
        '*.refresh_token',
        '*.access_token',
        '*.password',
        '*.botToken',
      ],
      censor: '[redacted]',
    },
  }
}

const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The request id: a well-formed incoming `x-request-id` (so a trace spans gateway and API), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id']
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
}
