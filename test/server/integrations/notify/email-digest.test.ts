import t from 'tap'
import { digestMail } from '../../../../server/integrations/notify/email-digest.ts'

t.test('digest e-mail', async (t) => {
  const matches = [
    { alert: 'برلین', price: '۶۰۰ €', city: 'برلین', url: '/listing/room-berlin-1' },
    { alert: 'برلین', price: '۷۵۰ €', city: 'برلین', url: '/listing/room-berlin-2' },
  ]
  await t.test('in Persian, the number of new listings in the subject is in Persian digits', async (t) => {
    const mail = digestMail(
      { to: 'a@example.com', language: 'fa', day: '2026-11-27', matches },
      'https://khaneh.example',
    )
    t.match(mail.subject, /\(۲\)$/)
    t.notMatch(mail.subject, /[0-9]/)
  })
  await t.test('in English, in Latin digits', async (t) => {
    const mail = digestMail(
      { to: 'a@example.com', language: 'en', day: '2026-11-27', matches },
      'https://khaneh.example',
    )
    t.equal(mail.subject, 'Your daily Khaneh alerts: new listings (2)')
  })
})
