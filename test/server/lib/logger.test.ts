import { createRequire } from 'node:module'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import t from 'tap'
import { loggerOptions } from '../../../server/lib/logger.ts'

const installed = (name: string) => {
  try {
    createRequire(import.meta.url).resolve(name)
    return true
  } catch {
    return false
  }
}

t.test('logger', async (t) => {
  await t.test('outside a terminal: JSON lines, cookies and tokens redacted', async (t) => {
    const options = loggerOptions('info', 'gateway', { terminal: false })
    t.equal(options.stream, undefined, 'pino writes JSON to stdout itself')
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    pino(options, sink).info({ req: { headers: { cookie: 'khaneh_at=secret' } }, session: { refresh_token: 'rt-secret' } }, 'gateway.event')
    t.equal(lines.length, 1)
    const line = JSON.parse(lines[0]!)
    t.match(line, { level: 30, name: 'gateway', msg: 'gateway.event', req: { headers: { cookie: '[redacted]' } }, session: { refresh_token: '[redacted]' } })
  })

  await t.test('in a terminal: one pino-pretty worker shared by every logger of the process', { skip: !installed('pino-pretty') && 'pino-pretty is not installed here (npm ci)' }, async (t) => {
    const gateway = loggerOptions('info', 'gateway', { terminal: true })
    const api = loggerOptions('info', 'api', { terminal: true })
    t.ok(gateway.stream)
    t.equal(gateway.stream, api.stream)
    t.teardown(() => (gateway.stream as unknown as { end(): void }).end())
  })
})
