import { generateKeyPairSync, type KeyObject, randomBytes, sign, X509Certificate } from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { SignJWT } from 'jose'
import t, { type Test } from 'tap'
import { firebaseIdTokenVerifier } from '../../../server/integrations/firebase/id-token-verifier.ts'
import { AppError } from '../../../server/lib/errors.ts'

// With this set, firebase-admin accepts unsigned tokens (its emulator mode); the forged-token cases
// below would then pass for the wrong reason.
delete process.env.FIREBASE_AUTH_EMULATOR_HOST

const PROJECT_ID = 'khaneh-test'
const GOOGLE_HOST = 'www.googleapis.com'
// Where firebase-admin fetches the certificates of ID tokens (lib/auth/token-verifier.js, CLIENT_CERT_URL).
const CERTS_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com'
const KID = 'test-key-1'

// node:crypto signs but cannot build certificates, and firebase-admin 14 no longer brings
// node-forge; Google serves `{kid: PEM certificate}`, so build minimal self-signed X.509 v3 DER.
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content)
  const length: number[] = []
  for (let rest = body.length; rest > 0; rest = Math.floor(rest / 256)) length.unshift(rest % 256)
  const head = body.length < 0x80 ? [body.length] : [0x80 | length.length, ...length]
  return Buffer.concat([Buffer.from([tag, ...head]), body])
}
const seq = (...content: Buffer[]) => tlv(0x30, ...content)
const oid = (dotted: string) => {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number)
  const bytes = [40 * first + second]
  for (const arc of rest) {
    const encoded = [arc & 0x7f]
    for (let high = arc >>> 7; high > 0; high >>>= 7) encoded.unshift(0x80 | (high & 0x7f))
    bytes.push(...encoded)
  }
  return tlv(0x06, Buffer.from(bytes))
}
// UTCTime: YYMMDDHHMMSSZ
const utcTime = (date: Date) => tlv(0x17, Buffer.from(date.toISOString().replace(/^\d\d|[-:T]|\.\d+/g, ''), 'ascii'))

function selfSignedCertificate(keys: { publicKey: KeyObject; privateKey: KeyObject }, commonName: string): string {
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), tlv(0x05))
  const name = seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(commonName)))))
  const subjectAltName = seq(oid('2.5.29.17'), tlv(0x04, seq(tlv(0x82, Buffer.from(commonName)))))
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.concat([Buffer.from([1]), randomBytes(8)])),
    sha256WithRsa,
    name,
    seq(utcTime(new Date(Date.now() - 3_600_000)), utcTime(new Date(Date.now() + 86_400_000))),
    name,
    keys.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(subjectAltName)),
  )
  const der = seq(tbs, sha256WithRsa, tlv(0x03, Buffer.from([0]), sign('sha256', tbs, keys.privateKey)))
  return `-----BEGIN CERTIFICATE-----\n${der.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`
}

const rsaKeys = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
const signingKeys = rsaKeys()
const otherKeys = rsaKeys()
const tlsKeys = rsaKeys()
const signingCertificate = selfSignedCertificate(signingKeys, 'securetoken.system.gserviceaccount.com')
const tlsCertificate = selfSignedCertificate(tlsKeys, GOOGLE_HOST)

interface FakeGoogle {
  port: number
  requests: { host: string | undefined; path: string | undefined }[]
  status: number
}

/** Google's certificate endpoint on loopback, over real TLS with a certificate for its host name. */
async function startFakeGoogle(t: Test): Promise<FakeGoogle> {
  const fake: FakeGoogle = { port: 0, requests: [], status: 200 }
  const server = https.createServer(
    { key: tlsKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: tlsCertificate },
    (req, res) => {
      fake.requests.push({ host: req.headers.host, path: req.url })
      if (req.url !== CERTS_PATH || fake.status !== 200) {
        res.writeHead(req.url === CERTS_PATH ? fake.status : 404, { 'content-type': 'text/plain' }).end('unavailable')
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'public, max-age=3600' })
        .end(JSON.stringify({ [KID]: signingCertificate }))
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.port = (server.address() as AddressInfo).port
  t.teardown(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return fake
}

/** An https.Agent that dials loopback whatever the host, keeping the host name for SNI and the certificate check. */
class LoopbackAgent extends https.Agent {
  constructor(readonly port: number) {
    super({ ca: tlsCertificate })
  }

  override createConnection(options: https.RequestOptions, callback?: Parameters<https.Agent['createConnection']>[1]) {
    return super.createConnection({ ...options, host: '127.0.0.1', port: this.port }, callback)
  }
}

function verifierVia(t: Test, port: number) {
  const agent = new LoopbackAgent(port)
  const verifier = firebaseIdTokenVerifier({ projectId: PROJECT_ID, httpAgent: agent })
  t.teardown(async () => {
    await verifier.close()
    agent.destroy()
  })
  return verifier
}

function claims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000)
  return {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: 'firebase-uid-1',
    user_id: 'firebase-uid-1',
    auth_time: now - 60,
    iat: now - 60,
    exp: now + 3540,
    email: 'sara@example.com',
    email_verified: true,
    name: 'Sara Ahmadi',
    firebase: { identities: { email: ['sara@example.com'] }, sign_in_provider: 'password' },
    ...overrides,
  }
}

const idToken = (payload: Record<string, unknown> = claims(), options: { key?: KeyObject; kid?: string } = {}) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .sign(options.key ?? signingKeys.privateKey)

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

async function rejectsWith(
  t: Test,
  verification: Promise<unknown>,
  code: 'UNAUTHENTICATED' | 'UPSTREAM_UNAVAILABLE',
  message: string,
) {
  const error = await verification.then(
    () => null,
    (err: unknown) => err,
  )
  t.type(error, AppError, `${message}: an AppError`)
  t.match(error, { code }, `${message}: ${code}`)
}

t.test('firebaseIdTokenVerifier', async (t) => {
  t.test('the hand-built certificates are well formed', async (t) => {
    const certificate = new X509Certificate(signingCertificate)
    t.ok(certificate.verify(signingKeys.publicKey), 'self-signed by the signing key')
    t.ok(new X509Certificate(tlsCertificate).checkHost(GOOGLE_HOST), 'the TLS certificate names Google’s host')
  })

  t.test('against a reachable certificate endpoint', async (t) => {
    const google = await startFakeGoogle(t)
    const verifier = verifierVia(t, google.port)

    t.test('a valid token → the identity', async (t) => {
      t.same(await verifier.verify(await idToken()), {
        uid: 'firebase-uid-1',
        email: 'sara@example.com',
        emailVerified: true,
        name: 'Sara Ahmadi',
      })
      t.same(google.requests[0], { host: GOOGLE_HOST, path: CERTS_PATH }, 'certificates came through the agent')
    })

    t.test('missing or non-true optional claims map to null and false', async (t) => {
      const { email: _email, name: _name, ...rest } = claims({ email_verified: 'true' })
      t.same(await verifier.verify(await idToken(rest)), {
        uid: 'firebase-uid-1',
        email: null,
        emailVerified: false,
        name: null,
      })
    })

    t.test('bad tokens → UNAUTHENTICATED', async (t) => {
      const now = Math.floor(Date.now() / 1000)
      const payload = claims()
      await rejectsWith(
        t,
        verifier.verify(await idToken(claims({ aud: 'another-project' }))),
        'UNAUTHENTICATED',
        'wrong audience',
      )
      await rejectsWith(
        t,
        verifier.verify(await idToken(claims({ iss: 'https://securetoken.google.com/another-project' }))),
        'UNAUTHENTICATED',
        'wrong issuer',
      )
      await rejectsWith(
        t,
        verifier.verify(await idToken(claims({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }))),
        'UNAUTHENTICATED',
        'expired',
      )
      await rejectsWith(
        t,
        verifier.verify(await idToken(payload, { key: otherKeys.privateKey })),
        'UNAUTHENTICATED',
        'signed by another key',
      )
      await rejectsWith(
        t,
        verifier.verify(await idToken(payload, { kid: 'unknown-kid' })),
        'UNAUTHENTICATED',
        'unknown kid',
      )
      await rejectsWith(
        t,
        verifier.verify(await idToken(claims({ sub: '', user_id: '' }))),
        'UNAUTHENTICATED',
        'empty sub',
      )
      await rejectsWith(
        t,
        verifier.verify(`${base64url({ alg: 'none', kid: KID, typ: 'JWT' })}.${base64url(payload)}.`),
        'UNAUTHENTICATED',
        'alg none',
      )
      // The classic confusion: HMAC keyed with the public certificate the verifier trusts.
      const hs256 = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', kid: KID, typ: 'JWT' })
        .sign(Buffer.from(signingCertificate))
      await rejectsWith(t, verifier.verify(hs256), 'UNAUTHENTICATED', 'HS256 keyed with the certificate')
      await rejectsWith(t, verifier.verify('not.a.jwt'), 'UNAUTHENTICATED', 'garbage')
      await rejectsWith(t, verifier.verify(''), 'UNAUTHENTICATED', 'empty string')
    })

    t.test('the certificates are cached per their max-age', async (t) => {
      t.equal(google.requests.length, 1)
    })
  })

  t.test('certificate endpoint down → UPSTREAM_UNAVAILABLE', async (t) => {
    const google = await startFakeGoogle(t)
    google.status = 500
    const failing = verifierVia(t, google.port)
    await rejectsWith(t, failing.verify(await idToken()), 'UPSTREAM_UNAVAILABLE', 'answering 500')

    const closedPort = await new Promise<number>((resolve) => {
      const probe = https.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const unreachable = verifierVia(t, closedPort)
    const error = await unreachable.verify(await idToken()).catch((err: unknown) => err)
    t.match(
      error,
      { code: 'UPSTREAM_UNAVAILABLE', status: 502, message: 'The sign-in service is unreachable' },
      'connection refused',
    )
    await rejectsWith(
      t,
      unreachable.verify(await idToken(claims({ aud: 'another-project' }))),
      'UNAUTHENTICATED',
      'a token bad on its face needs no certificates',
    )
  })
})
