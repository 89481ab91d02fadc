import t from 'tap'
import { newNonce } from '../../../server/gateway/security.ts'

t.test('page nonces: 128 random bits each, never repeated across pool refills', async (t) => {
  const nonces = Array.from({ length: 1000 }, () => newNonce())
  t.equal(new Set(nonces).size, nonces.length, 'all different')
  t.ok(nonces.every((n) => Buffer.from(n, 'base64').length === 16 && /^[A-Za-z0-9+/]{22}==$/.test(n)), 'base64 of 16 bytes')
})
