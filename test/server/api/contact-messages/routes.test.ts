import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { smtpMailer } from '../../../../server/integrations/mail/smtp-mailer.ts'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { RATE_LIMIT_POLICIES } from '../../../../server/api/rate-limit/limits.ts'
import { buildTestApi, TEST_SESSION_SECRET } from '../../../helpers/build-api.ts'
import { closedPort, startFakeSmtp } from '../../../helpers/fake-smtp.ts'

const GOOD = {
  name: 'Maryam Karimi',
  email: 'maryam@example.test',
  subject: 'A question about deposits',
  message: 'سلام، the landlord asks for a deposit before I can see the flat. Is that normal?',
}

const count = async (db: { query<T>(sql: string): Promise<T[]> }) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages`))[0]!.n

t.test('POST /contact-messages: stored, then mailed to CONTACT_EMAIL over SMTP', async (t) => {
  const smtp = await startFakeSmtp()
  t.teardown(() => smtp.close())
  const mailer = smtpMailer(smtp.url, 'Khaneh <no-reply@khaneh.test>')
  t.teardown(() => mailer.close())
  const { app, db } = await buildTestApi(t, { mailer, contactEmails: ['team@khaneh.test', 'support@khaneh.test'] })
  const post = (payload: object, language = 'fa') =>
    app.inject({ method: 'POST', url: `/api/v1/contact-messages?language=${language}`, payload })

  await t.test('bad input: 400 with a field error per bad field, nothing stored, nothing mailed', async (t) => {
    const cases: Array<[object, string[]]> = [
      [{}, ['body.name', 'body.email', 'body.subject', 'body.message']],
      [{ ...GOOD, email: 'not-an-address' }, ['body.email']],
      [{ ...GOOD, name: '   ' }, ['body.name']],
      [{ ...GOOD, subject: 'Hello\r\nBcc: victim@example.test' }, ['body.subject']],
      [{ ...GOOD, name: 'x'.repeat(101) }, ['body.name']],
      [{ ...GOOD, message: 'short' }, ['body.message']],
      [{ ...GOOD, message: 'x'.repeat(5001) }, ['body.message']],
      [{ ...GOOD, email: 42 }, ['body.email']],
    ]
    for (const [payload, paths] of cases) {
      const res = await post(payload)
      t.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 60))
      const body = res.json()
      t.equal(body.error.code, 'VALIDATION_ERROR')
      t.same([...new Set(body.error.details.map((d: { path: string }) => d.path))].sort(), [...paths].sort())
    }
    t.equal((await post(GOOD, 'xx')).statusCode, 400, 'an unknown language')
    t.equal(await count(db), 0)
    t.equal(smtp.messages.length, 0)
  })

  await t.test('a good message: 201, one row, one mail to each recipient naming the sender', async (t) => {
    const res = await post({ ...GOOD, name: '  Maryam Karimi  ' }, 'en')
    t.equal(res.statusCode, 201)
    const { id, created_at } = res.json().data
    t.type(id, 'number')
    t.ok(Date.parse(created_at))
    const [row] = await db.query<Record<string, unknown>>(`SELECT * FROM contact_messages WHERE id = $1`, [id])
    t.match(row, {
      name: 'Maryam Karimi',
      email: GOOD.email,
      subject: GOOD.subject,
      message: GOOD.message,
      language: 'en',
    })
    t.ok(row!.mailed_at, 'marked mailed')
    t.same(
      smtp.messages
        .map((m) => m.rcptTo)
        .flat()
        .sort(),
      ['support@khaneh.test', 'team@khaneh.test'],
    )
    const mail = smtp.messages[0]!
    t.equal(mail.headers.subject, `[Khaneh contact #${id}] ${GOOD.subject}`)
    t.match(mail.text, `From: Maryam Karimi <${GOOD.email}>`)
    t.match(mail.text, GOOD.message)
  })
})

t.test(
  'POST /contact-messages: when mail fails the message is kept, unmailed, and the visitor still succeeds',
  async (t) => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'Khaneh <no-reply@khaneh.test>', 1_000)
    t.teardown(() => mailer.close())
    const { app, db } = await buildTestApi(t, { mailer, contactEmails: ['team@khaneh.test'] })
    const res = await app.inject({ method: 'POST', url: '/api/v1/contact-messages', payload: GOOD })
    t.equal(res.statusCode, 201)
    const rows = await db.query<{ mailed_at: Date | null; language: string }>(
      `SELECT mailed_at, language FROM contact_messages`,
    )
    t.same(rows, [{ mailed_at: null, language: 'fa' }], 'kept for the team, language defaults to fa')
  },
)

t.test('POST /contact-messages: the default recipients are the admin e-mails; the dev outbox receives', async (t) => {
  const dataDir = t.testdir()
  const { app: withAdmins } = await buildTestApi(t, {
    mailer: outboxMailer(dataDir),
    auth: {
      secret: TEST_SESSION_SECRET,
      accessTtlMs: 60_000,
      adminEmails: ['admin@khaneh.test'],
    },
  })
  t.equal((await withAdmins.inject({ method: 'POST', url: '/api/v1/contact-messages', payload: GOOD })).statusCode, 201)
  const mails = await readOutbox(dataDir, 'mail', 'admin@khaneh.test')
  t.equal(mails.length, 1)
  t.match(mails[0]!.text, GOOD.message)
})

t.test('POST /contact-messages: the per-client limit (production numbers), exact under concurrency', async (t) => {
  const { max } = RATE_LIMIT_POLICIES.contact
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, {
    mailer: outboxMailer(dataDir),
    contactEmails: ['team@khaneh.test'],
    rateLimits: {},
  })
  const send = (ip: string) =>
    app.inject({ method: 'POST', url: '/api/v1/contact-messages', payload: GOOD, remoteAddress: ip })
  const answers = await Promise.all(Array.from({ length: max + 3 }, () => send('203.0.113.7')))
  const statuses = answers.map((a) => a.statusCode).sort()
  t.same(statuses, [...Array<number>(max).fill(201), 429, 429, 429], `${max} pass, the rest are 429`)
  const limited = answers.find((a) => a.statusCode === 429)!
  t.equal(limited.json().error.code, 'RATE_LIMITED')
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.equal(await count(db), max, 'only the accepted ones are stored')
  t.equal((await send('198.51.100.9')).statusCode, 201, 'another client has its own count')
})
