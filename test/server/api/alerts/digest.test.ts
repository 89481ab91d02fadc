import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { emailDigestSender } from '../../../../server/integrations/notify/email-digest.ts'
import { readOutbox } from '../../../../server/integrations/outbox.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const BASE = 'https://khaneh.example'

t.test(
  'the daily digest: the day before’s matches of daily e-mail alerts, one mail per user and day, in their language',
  async (t) => {
    const dataDir = t.testdir()
    const sender = emailDigestSender({ mailer: outboxMailer(dataDir), publicBaseUrl: BASE })
    const { app, db } = await buildTestApi(t, { notificationSenders: [sender], outboxPollMs: null })
    await makeCountry(db, 'DE')
    const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', de: 'Berlin', fa: 'برلین' })
    await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg', de: 'Hamburg' })
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 9000)
    const people = { ana: 9001, ben: 9002, cem: 9003, dora: 9004 }
    const session: Record<string, Awaited<ReturnType<typeof telegramSession>>> = {}
    for (const [name, id] of Object.entries(people)) {
      session[name] = await telegramSession(app, id)
      await db.query(`UPDATE users SET email = $2, email_verified = true, language = $3 WHERE id = $1`, [
        session[name]!.user.id,
        `${name}@example.com`,
        name === 'ben' ? 'de' : 'en',
      ])
    }
    const alert = async (who: string, body: object) =>
      t.equal((await call('POST', '/alerts', session[who]!.token, body)).statusCode, 201)
    // ana: a daily e-mail alert on Berlin; ben (German) the same; cem: daily e-mail on Hamburg (nothing
    // matches); dora: an instant e-mail alert on Berlin (no digest)
    await alert('ana', { name: 'Berlin daily', filters: { city: 'berlin' }, frequency: 'daily', channels: ['email'] })
    await alert('ben', { name: 'Berlin täglich', filters: { city: 'berlin' }, frequency: 'daily', channels: ['email'] })
    await alert('cem', { name: 'Hamburg', filters: { city: 'hamburg' }, frequency: 'daily', channels: ['email'] })
    await alert('dora', { name: 'Berlin now', filters: { city: 'berlin' }, frequency: 'instant', channels: ['email'] })
    await db.query(`UPDATE users SET premium_until = now() + interval '1 day'`)

    const approve = async (rent: number) => {
      const listing = await makeListing(db, {
        ownerId: owner.user.id,
        cityId: berlin.id,
        countryCode: 'DE',
        status: 'pending',
        rent,
        contact: '+49 170 5550000',
      })
      t.equal(
        (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
        200,
      )
      return listing
    }
    const yesterday1 = await approve(700)
    const yesterday2 = await approve(720)
    const today = await approve(740)
    // the first two were matched yesterday (UTC); the third today
    await db.query(
      `UPDATE alert_matches SET created_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '3 hours'
      WHERE listing_id = ANY($1)`,
      [[yesterday1.id, yesterday2.id]],
    )

    // two runs at once write one digest per user
    const runs = await Promise.all([app.alertDigests(), app.alertDigests(), app.alertDigests()])
    t.equal(
      runs.reduce((a, b) => a + b, 0),
      2,
      'ana and ben, once',
    )
    t.equal(await app.alertDigests(), 0, 'a later run of the same day writes nothing')
    const [a, b] = await Promise.all([app.alertOutbox.runOnce(), app.alertOutbox.runOnce()])
    t.equal(a.sent + b.sent, 2)

    const mails = await readOutbox(dataDir, 'mail')
    t.equal(mails.length, 2, 'one mail each for ana and ben, none for cem (nothing matched) or dora (instant)')
    const ana = mails.find((m) => m.to === 'ana@example.com')!
    t.equal(ana.subject, 'Your daily Khaneh alerts: new listings (2)')
    t.equal(
      ana.text,
      [
        'Hello,',
        '',
        'These new listings matched your saved searches yesterday:',
        '',
        'Berlin daily',
        `- €700 · Berlin\n  ${BASE}/en/listing/${yesterday1.slug}`,
        `- €720 · Berlin\n  ${BASE}/en/listing/${yesterday2.slug}`,
        '',
        `To edit or pause your alerts, open:\n${BASE}/en/dashboard/alerts`,
      ].join('\n'),
    )
    t.notMatch(ana.text, today.slug, "today's match waits for tomorrow's digest")
    const ben = mails.find((m) => m.to === 'ben@example.com')!
    t.equal(ben.subject, 'Deine täglichen Khaneh-Suchaufträge: neue Anzeigen (2)')
    t.match(ben.text, `${BASE}/de/listing/${yesterday1.slug}`)
    for (const mail of mails) t.notMatch(mail.text, /5550000/, 'never the contact')

    // tomorrow: today's match, in one more digest each
    const tomorrow = new Date(Date.now() + 86_400_000)
    t.equal(await app.alertDigests(tomorrow), 2)
    await app.alertOutbox.runOnce()
    const later = (await readOutbox(dataDir, 'mail', 'ana@example.com')).find((m) => m.text.includes(today.slug))!
    t.equal(later.subject, 'Your daily Khaneh alerts: new listings (1)')
    t.equal((await readOutbox(dataDir, 'mail')).length, 4)
    t.equal(await app.alertDigests(tomorrow), 0, 'and nothing more')
  },
)
