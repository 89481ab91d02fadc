import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request the fake FCM HTTP v1 API received. */
export interface FcmRequest {
  path: string
  authorization: string | undefined
  body: { message: Record<string, unknown> & { token: string } }
}

export interface FakeFcm {
  /** FCM_API_BASE. */
  url: string
  requests: FcmRequest[]
  /** The answer to every send: 200 with a message name by default. */
  answer: { status: number; body: unknown }
  close(): Promise<void>
}

/** FCM's HTTP v1 `messages:send` on loopback, answering as FCM does (`{name}` or a google.rpc error). */
export async function startFakeFcm(): Promise<FakeFcm> {
  let n = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '')
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end()
        return
      }
      fake.requests.push({
        path: req.url!,
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FcmRequest['body'],
      })
      const { status, body } =
        fake.answer.status === 200
          ? { status: 200, body: { name: `projects/${match[1]}/messages/${++n}` } }
          : fake.answer
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const fake: FakeFcm = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    answer: { status: 200, body: null },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}

/** FCM's error body (google.rpc.Status with an FcmError detail). */
export function fcmError(status: number, rpcStatus: string, errorCode: string, message: string) {
  return {
    status,
    body: {
      error: {
        code: status,
        message,
        status: rpcStatus,
        details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
      },
    },
  }
}
