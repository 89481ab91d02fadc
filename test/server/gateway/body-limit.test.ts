import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import t from 'tap'
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../../../shared/constants.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'

interface Answer {
  status: number
  body: string
}

/** A POST through a real socket: `chunks` are written one after another (no Content-Length unless given). */
function post(
  base: string,
  path: string,
  chunks: Buffer[],
  headers: Record<string, string | number> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', origin: 'https://khaneh.example', ...headers },
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    // the server may answer and close before the whole body is written: the answer is what counts
    req.on('error', (err) => (req.destroyed && !req.writableEnded ? undefined : reject(err)))
    const write = (i: number) => {
      if (i === chunks.length) return req.end()
      if (req.destroyed) return
      req.write(chunks[i], () => write(i + 1))
    }
    write(0)
  })
}

/** Sends only a request's head on a raw socket and reads what the server answers before it closes. */
function headersOnly(base: string, head: string): Promise<string> {
  const { hostname, port } = new URL(base)
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
      // the envelope is complete once its closing brace arrived
      if (/\r\n\r\n\{.*\}$/s.test(text)) socket.destroy()
    })
    socket.on('close', () => resolve(text))
    socket.on('error', reject)
  })
}

const envelopeCode = (answer: Answer) => (JSON.parse(answer.body) as { error: { code: string } }).error.code

t.test('the gateway enforces the API body limits before proxying: 413, never a 502', async (t) => {
  const { gateway } = await buildTestStack(t)
  const base = await gateway.listen({ host: '127.0.0.1', port: 0 })
  const mib = Buffer.alloc(1024 * 1024, 0x61)
  const twoMib = [Buffer.from('{"email":"'), mib, mib, Buffer.from('"}')]
  const length = twoMib.reduce((n, b) => n + b.length, 0)

  for (const path of [
    '/api/v1/identity/sign-up',
    '/api/v1/auth/telegram-login',
    '/api/v1/identity/sign-in',
    '/api/v1/listings',
  ]) {
    await t.test(`${path}: 2 MB with a Content-Length`, async (t) => {
      const answer = await post(base, path, twoMib, { 'content-length': length })
      t.equal(answer.status, 413)
      t.equal(envelopeCode(answer), 'PAYLOAD_TOO_LARGE')
    })
  }

  await t.test('2 MB chunked (no length) on a sign-in route → 413', async (t) => {
    const answer = await post(base, '/api/v1/identity/sign-in', twoMib)
    t.equal(answer.status, 413)
    t.equal(envelopeCode(answer), 'PAYLOAD_TOO_LARGE')
  })

  await t.test('2 MB with Expect: 100-continue → 413 instead of 100 Continue, before any body is sent', async (t) => {
    const answer = await headersOnly(
      base,
      `POST /api/v1/identity/sign-up HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nOrigin: https://khaneh.example\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
    )
    t.match(answer, /^HTTP\/1\.1 413 /, 'no 100 Continue first')
    t.equal(envelopeCode({ status: 413, body: answer.split('\r\n\r\n')[1]! }), 'PAYLOAD_TOO_LARGE')
    t.match(answer, /x-content-type-options: nosniff/i)
  })

  await t.test('an upload declared over its limit is refused at once, without its body', async (t) => {
    const answer = await headersOnly(
      base,
      `POST /api/v1/upload/photos HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nOrigin: https://khaneh.example\r\nContent-Length: ${UPLOAD_BODY_LIMIT + 1}\r\n\r\n`,
    )
    t.match(answer, /^HTTP\/1\.1 413 /)
    t.equal(envelopeCode({ status: 413, body: answer.split('\r\n\r\n')[1]! }), 'PAYLOAD_TOO_LARGE')
  })

  await t.test('a body at the limit still reaches the API', async (t) => {
    const body = Buffer.from(JSON.stringify({ email: 'a'.repeat(JSON_BODY_LIMIT - 100) }))
    const answer = await post(base, '/api/v1/identity/sign-in', [body], { 'content-length': body.length })
    t.equal(answer.status, 400, 'the API answered (a field error), not the gateway')
    t.equal(envelopeCode(answer), 'VALIDATION_ERROR')
  })
})
