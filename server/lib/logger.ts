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
