import { Writable } from 'node:stream'
import { pino } from 'pino'
import t from 'tap'
import { loggerOptions } from '../../../server/lib/logger.ts'

/** A JSON logger with the apps' options that writes into `lines`. */
function jsonLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return pino(loggerOptions('info', 'gateway', { terminal: false }), sink)
}

t.test('logger', async (t) => {
  await t.test("Stripe's secrets and webhook signatures never reach a log line", async (t) => {
    const lines: string[] = []
    jsonLogger(lines).info(
      {
        payments: { secretKey: 'sk_live_secret', webhookSecret: 'whsec_secret', apiBase: 'https://api.stripe.com' },
        headers: { 'stripe-signature': 't=1,v1=abc' },
        STRIPE_SECRET_KEY: 'sk_live_secret2',
      },
      'payments.event',
    )
    t.notMatch(lines[0], /sk_live|whsec_secret|v1=abc/)
    t.match(lines[0], /api\.stripe\.com/, 'what is not secret stays')
  })

  await t.test('outside a terminal: JSON lines, cookies and tokens redacted', async (t) => {
    t.equal(
      loggerOptions('info', 'gateway', { terminal: false }).stream,
      undefined,
      'pino writes JSON to stdout itself',
    )
    const lines: string[] = []
    jsonLogger(lines).info(
      { req: { headers: { cookie: 'khaneh_at=secret' } }, session: { refresh_token: 'rt-secret' } },
      'gateway.event',
    )
    t.equal(lines.length, 1)
    const line = JSON.parse(lines[0]!)
    t.match(line, {
      level: 30,
      name: 'gateway',
      msg: 'gateway.event',
      req: { headers: { cookie: '[redacted]' } },
      session: { refresh_token: '[redacted]' },
    })
  })

  await t.test(
    'secrets are redacted by name at the top level and at any depth, and the logged object is left as it was',
    async (t) => {
      const lines: string[] = []
      const logged = {
        token: 'secret-1',
        password: 'secret-2',
        refresh_token: 'secret-3',
        access_token: 'secret-4',
        authorization: 'Bearer secret-5',
        cookie: 'khaneh_at=secret-6',
        session: { token: 'secret-7', user: { password: 'secret-8', firebase_token: 'secret-9' } },
        headers: {
          Authorization: 'Bearer secret-10',
          Cookie: 'khaneh_rt=secret-11',
          'set-cookie': ['khaneh_at=secret-12'],
        },
        answers: [{ data: { token: 'secret-13', refreshToken: 'secret-14' } }],
        reset: { new_password: 'secret-15', oob_code: 'secret-16' },
        user: { id: 7, first_name: 'Sara' },
      }
      const before = JSON.stringify(logged)
      jsonLogger(lines).info(logged, 'auth.event')
      t.equal(lines.length, 1)
      t.notMatch(lines[0], /secret-\d+/, 'no secret in the line')
      t.equal(lines[0]!.match(/\[redacted\]/g)?.length, 16, 'each secret censored where it was')
      t.match(JSON.parse(lines[0]!), {
        token: '[redacted]',
        session: { user: { password: '[redacted]' } },
        answers: [{ data: { token: '[redacted]' } }],
        user: { id: 7, first_name: 'Sara' },
      })
      t.equal(JSON.stringify(logged), before, "the caller's object is not changed")
    },
  )

  await t.test("an error logged with the apps' options keeps its message and stack", async (t) => {
    const lines: string[] = []
    jsonLogger(lines).error({ err: new Error('boom'), token: 'secret-1' }, 'app.failed')
    t.match(JSON.parse(lines[0]!), {
      err: { type: 'Error', message: 'boom', stack: /Error: boom/ },
      token: '[redacted]',
    })
  })

  await t.test('in a terminal: one pino-pretty worker shared by every logger of the process', async (t) => {
    const gateway = loggerOptions('info', 'gateway', { terminal: true })
    const api = loggerOptions('info', 'api', { terminal: true })
    t.ok(gateway.stream)
    t.equal(gateway.stream, api.stream)
    t.teardown(() => (gateway.stream as unknown as { end(): void }).end())
  })
})
