import t from 'tap'
import { smtpMailer } from '../../../server/integrations/mail/smtp-mailer.ts'
import { closedPort, startFakeSmtp } from '../../helpers/fake-smtp.ts'

const FROM = 'Khaneh <no-reply@khaneh.test>'

t.test('smtpMailer', async (t) => {
  await t.test('delivers a Persian message over real SMTP: envelope, From, Subject and body survive', async (t) => {
    const smtp = await startFakeSmtp()
    t.teardown(() => smtp.close())
    const mailer = smtpMailer(smtp.url, FROM)
    t.teardown(() => mailer.close())
    const text = `سلام مریم،\nبرای تأیید نشانی ایمیل خود روی این پیوند بزنید:\nhttps://khaneh.test/auth/action?mode=verifyEmail&oobCode=${'x'.repeat(90)}\n${'خانه '.repeat(40)}`
    await mailer.send({ to: 'maryam@example.test', subject: 'تأیید نشانی ایمیل — Khaneh', text })

    t.equal(smtp.messages.length, 1)
    const [mail] = smtp.messages
    t.same(mail!.rcptTo, ['maryam@example.test'], 'the envelope recipient')
    t.equal(mail!.mailFrom, 'no-reply@khaneh.test', 'the envelope sender comes from the From address')
    t.equal(mail!.headers.to, 'maryam@example.test')
    t.equal(mail!.headers.from, FROM)
    t.equal(mail!.headers.subject, 'تأیید نشانی ایمیل — Khaneh')
    t.match(mail!.headers['content-type'], /charset=utf-8/i)
    t.equal(mail!.text, text, 'the body decodes back to the same UTF-8 text')
  })

  await t.test('a mostly-ASCII message with long lines decodes too (quoted-printable)', async (t) => {
    const smtp = await startFakeSmtp()
    t.teardown(() => smtp.close())
    const mailer = smtpMailer(smtp.url, FROM)
    t.teardown(() => mailer.close())
    const text = `Reset your password (بازنشانی): https://khaneh.test/en/auth/action?mode=resetPassword&oobCode=${'a1='.repeat(40)}\nThe link works for 1 hour.`
    await mailer.send({ to: 'sam@example.test', subject: 'Reset your password', text })
    const [mail] = smtp.messages
    t.equal(mail!.headers.subject, 'Reset your password')
    t.equal(mail!.text, text)
  })

  await t.test('an unreachable server rejects at once, without the credentials in the error', async (t) => {
    const port = await closedPort()
    const mailer = smtpMailer(`smtp://mailer:s3cret-pass@127.0.0.1:${port}`, FROM)
    t.teardown(() => mailer.close())
    const started = Date.now()
    const err = await mailer.send({ to: 'a@example.test', subject: 'x', text: 'y' }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    )
    t.ok(err, 'the send rejects')
    t.ok(Date.now() - started < 10_000, 'within the timeout')
    t.notMatch(
      `${err?.message}\n${err?.stack}\n${JSON.stringify(err)}`,
      /s3cret-pass/,
      'the password is not in the error',
    )
  })

  await t.test('a server that never greets fails after the greeting timeout instead of hanging', async (t) => {
    const smtp = await startFakeSmtp({ greet: false })
    t.teardown(() => smtp.close())
    const mailer = smtpMailer(smtp.url, FROM, 300)
    t.teardown(() => mailer.close())
    const started = Date.now()
    await t.rejects(mailer.send({ to: 'a@example.test', subject: 'x', text: 'y' }))
    t.ok(Date.now() - started < 5_000, 'it gave up after the short timeout')
    t.equal(smtp.messages.length, 0)
  })
})
