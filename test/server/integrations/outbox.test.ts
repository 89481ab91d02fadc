import t from 'tap'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { readOutbox } from '../../../server/integrations/outbox.ts'
import { outboxSmsSender } from '../../../server/integrations/sms/sms-sender.ts'

t.test('the dev outboxes keep links and codes in their files, never in the log', async (t) => {
  const dir = t.testdir()
  const lines: string[] = []
  const link = 'https://khaneh.example/auth/action?mode=resetPassword&oobCode=SECRET-RESET-CODE'
  await outboxMailer(dir, (line) => lines.push(line)).send({
    to: 'sara@example.com',
    subject: 'Reset your password',
    text: `Open ${link}`,
  })
  await outboxSmsSender(dir, (line) => lines.push(line)).send('+491701234567', 'Your Khaneh code is 493817')
  t.equal(lines.length, 2, 'one line per message')
  for (const line of lines) {
    t.notMatch(line, /SECRET-RESET-CODE|oobCode|493817/, 'no link and no code')
    t.notMatch(line, /sara@example\.com|\+491701234567/, 'no recipient')
    t.match(line, /outbox/, 'says where the message went')
  }
  const [mail] = await readOutbox(dir, 'mail')
  t.match(mail?.text, /SECRET-RESET-CODE/, 'the link is in the outbox file')
  const [sms] = await readOutbox(dir, 'sms')
  t.match(sms?.text, /493817/, 'the code is in the outbox file')
})
