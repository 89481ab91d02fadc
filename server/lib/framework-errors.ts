import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { codeForStatus, ERRORS, errorEnvelope } from './errors.ts'

/** Fastify's answer to an address it cannot route: a bad percent-encoding is a 400, an over-long parameter names nothing of ours (404). */
function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send(errorEnvelope('NOT_FOUND', ERRORS.NOT_FOUND.message))
  } else if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send(errorEnvelope('VALIDATION_ERROR', 'The address is not valid'))
  } else {
    reply.status(500).send(errorEnvelope('INTERNAL', ERRORS.INTERNAL.message))
  }
}

/** Node's parser refusing a request before Fastify sees it (oversized headers, a timeout, malformed HTTP): the envelope on the socket, then close. */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const code = codeForStatus(status)
  const body = JSON.stringify(errorEnvelope(code, ERRORS[code].message))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/** Server options of both apps: even the errors Fastify and Node answer themselves are the error envelope (docs/decisions/013-error-envelope-and-codes.md). */
export const envelopeServerErrors: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors,
  clientErrorHandler,
}
