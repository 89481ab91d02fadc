import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { errorAnswer, sendError } from './errors.ts'

/** Fastify's answer to an address it cannot route: a bad percent-encoding is a 400, an over-long parameter names nothing of ours (404). */
function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 'NOT_FOUND')
  } else if (err.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 'VALIDATION_ERROR', 'The address is not valid')
  } else {
    sendError(reply, 'INTERNAL')
  }
}

/** Node's parser refusing a request before Fastify sees it (oversized headers, a timeout, malformed HTTP): the envelope on the socket, then close. */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const { status, body: envelope } = errorAnswer(
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'HEADERS_TOO_LARGE'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : 'VALIDATION_ERROR',
  )
  const body = JSON.stringify(envelope)
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
