import type { FastifyInstance, InjectOptions } from 'fastify'
import t from 'tap'
import { RATE_LIMIT_POLICIES } from '../../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { buildTestStack, tempDir } from '../../helpers/build-gateway.ts'
import { TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'
const { max } = RATE_LIMIT_POLICIES.signUp

const signUp = (gateway: FastifyInstance, email: string, client: Partial<InjectOptions>) =>
  gateway.inject({
    method: 'POST',
    url: '/api/v1/identity/sign-up',
    payload: { email, password: 'secret-pass' },
    ...client,
    headers: { origin: ORIGIN, ...client.headers },
  })

const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {})

/** `max` + 1 sign-ups, one at a time, each from the client `clientFor(i)` says. */
async function signUps(gateway: FastifyInstance, name: string, clientFor: (i: number) => Partial<InjectOptions>) {
  const codes = []
  for (let i = 0; i <= max; i++) codes.push((await signUp(gateway, `${name}${i}@example.com`, clientFor(i))).statusCode)
  return tally(codes)
}

t.test('the API limits the client the gateway resolved (production limits behind the gateway)', async (t) => {
  const { gateway } = await buildTestStack(t, {}, { mailer: outboxMailer(tempDir(t)), rateLimits: {} })

  await t.test('each browser is its own client; the 429 reaches it as the envelope with Retry-After', async (t) => {
    t.same(await signUps(gateway, 'a', () => ({ remoteAddress: '198.51.100.10' })), { 201: max, 429: 1 })
    const over = await signUp(gateway, 'a-again@example.com', { remoteAddress: '198.51.100.10' })
    t.equal(over.statusCode, 429)
    t.match(over.json(), {
      success: false,
      data: null,
      error: { code: 'RATE_LIMITED', details: { retry_after_s: Number } },
    })
    t.equal(over.headers['retry-after'], String(over.json().error.details.retry_after_s))
    t.equal(
      (await signUp(gateway, 'b@example.com', { remoteAddress: '198.51.100.11' })).statusCode,
      201,
      'another browser is let through',
    )
  })

  await t.test("a browser's own X-Forwarded-For is replaced, not passed on", async (t) => {
    const spoofing = (i: number) => ({
      remoteAddress: '198.51.100.12',
      headers: { 'x-forwarded-for': `10.0.0.${i}, 127.0.0.1` },
    })
    t.same(await signUps(gateway, 'spoof', spoofing), { 201: max, 429: 1 })
  })
})

t.test('behind a configured reverse proxy (TRUST_PROXY), its X-Forwarded-For names the client', async (t) => {
  const { gateway } = await buildTestStack(
    t,
    { trustProxy: ['10.1.0.0/16'] },
    { mailer: outboxMailer(tempDir(t)), rateLimits: {} },
  )
  const viaProxy = (client: string) => () => ({ remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': client } })
  t.same(await signUps(gateway, 'p', viaProxy('203.0.113.70')), { 201: max, 429: 1 })
  t.equal(
    (await signUp(gateway, 'q@example.com', viaProxy('203.0.113.71')())).statusCode,
    201,
    'another client behind the same proxy',
  )
  t.same(
    await signUps(gateway, 'r', (i) => ({
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.72` },
    })),
    { 201: max, 429: 1 },
    'what the client wrote before the proxy’s entry does not count',
  )
})

t.test('sign-ins the gateway makes itself (the Telegram page callback) are limited per visitor too', async (t) => {
  const { gateway } = await buildTestStack(t, {}, { rateLimits: {} })
  const signIn = RATE_LIMIT_POLICIES.signIn.max
  let id = 7100
  const callback = (remoteAddress: string) => {
    const fields = signTelegramLogin(
      {
        id: ++id,
        first_name: 'T',
        last_name: 'L',
        username: `u${id}`,
        photo_url: 'https://t.me/i/u.jpg',
        auth_date: Math.floor(Date.now() / 1000),
      },
      TEST_BOT_TOKEN,
    )
    const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))
    return gateway.inject({ url: `/en/auth?${query}`, remoteAddress })
  }
  for (let i = 0; i < signIn; i++)
    t.equal((await callback('203.0.113.50')).headers.location, '/en/dashboard', `sign-in ${i + 1}`)
  t.equal(
    (await callback('203.0.113.50')).headers.location,
    '/en/auth?error=telegram&reason=rate_limited',
    'one visitor over the limit is refused',
  )
  t.equal((await callback('203.0.113.51')).headers.location, '/en/dashboard', 'another visitor still signs in')

  const proxied = (remoteAddress: string) =>
    gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram-login',
      remoteAddress,
      headers: { origin: ORIGIN },
      payload: signTelegramLogin(
        { id: ++id, first_name: 'P', auth_date: Math.floor(Date.now() / 1000) },
        TEST_BOT_TOKEN,
      ),
    })
  for (let i = 0; i < signIn; i++) await proxied('203.0.113.60')
  const over = await proxied('203.0.113.60')
  t.equal(over.statusCode, 429)
  t.equal(
    over.headers['retry-after'],
    String(over.json().error.details.retry_after_s),
    'the sign-in answer keeps Retry-After',
  )
})
