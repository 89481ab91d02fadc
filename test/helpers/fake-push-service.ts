import { createECDH, hkdfSync, createDecipheriv, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, jwtVerify, type JWTPayload } from 'jose'
import { newVapidKeys } from '../../server/integrations/notify/vapid-keys.ts'

/** A request the fake push service received. */
export interface PushRequest {
  /** The subscription's path (`/push/{n}`). */
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** When it arrived (performance.now()), for the bench. */
  at: number
}

/** A browser's side of a subscription: PushSubscription.toJSON() and the private key that decrypts. */
export interface FakeSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  decrypt(body: Buffer): string
}

export interface FakePushService {
  url: string
  requests: PushRequest[]
  /** The status answered to every push (201 by default, as push services do). */
  status: number
  /** Delay before answering, ms. */
  delayMs: number
  subscribe(): FakeSubscription
  /** Called for each received push (the bench waits on it). */
  onPush?: (request: PushRequest) => void
  close(): Promise<void>
}

/**
 * Decrypts a Web Push message body as the browser does (RFC 8291 over RFC 8188 aes128gcm): the
 * header block's keyid is the application server's public key; ECDH with the subscription's private
 * key, HKDF with the auth secret into the IKM, then the content key and nonce from the salt.
 */
export function decryptWebPush(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (records.length > rs) throw new Error('more than one record')
  const uaPublic = uaPrivate.getPublicKey()
  const ecdhSecret = uaPrivate.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  // the last record's padding: a 0x02 delimiter, then zeros
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('no last-record delimiter')
  return plain.subarray(0, end).toString('utf8')
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): ES256 by that key, for the endpoint's origin. */
export async function verifyVapid(
  authorization: string | undefined,
  endpoint: string,
): Promise<{ publicKey: string; claims: JWTPayload }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`)
  const [, token, k] = match as unknown as [string, string, string]
  const point = Buffer.from(k, 'base64url')
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  )
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: new URL(endpoint).origin })
  return { publicKey: k, claims: payload }
}

/** A fresh VAPID key pair with its subject, as the Web Push sender takes them. */
export function vapidKeys(subject = 'mailto:no-reply@khaneh.example') {
  return { ...newVapidKeys(), subject }
}

/** A push service on loopback: takes pushes at `/push/{n}` and answers `status`. */
export async function startFakePushService(): Promise<FakePushService> {
  let next = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request: PushRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      }
      fake.requests.push(request)
      fake.onPush?.(request)
      setTimeout(() => {
        res.writeHead(fake.status, { 'content-type': 'text/plain' })
        res.end(fake.status >= 400 ? `status ${fake.status}` : '')
      }, fake.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const fake: FakePushService = {
    url,
    requests: [],
    status: 201,
    delayMs: 0,
    subscribe() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      return {
        endpoint: `${url}/push/${++next}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body) => decryptWebPush(body, ecdh, auth),
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
