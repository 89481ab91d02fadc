import { generateKeyPairSync } from 'node:crypto'

/** A VAPID key pair as Web Push takes it (base64url: the uncompressed public point, the private scalar). */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** A fresh VAPID key pair (P-256). */
export function newVapidKeys(): VapidKeys {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'jwk' })
  const publicKey = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]).toString('base64url')
  return { publicKey, privateKey: jwk.d! }
}
