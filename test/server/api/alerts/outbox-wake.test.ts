import t from 'tap'
import type { NotificationPayload, NotificationSender } from '../../../../server/integrations/notify/notifier.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

t.test('an approval wakes the outbox worker through NOTIFY: the message goes out with no poll due', async (t) => {
  const sent: NotificationPayload[] = []
  let arrived!: () => void
  const delivered = new Promise<void>((resolve) => (arrived = resolve))
  const sender: NotificationSender = {
    channel: 'telegram',
    async send(payload) {
      sent.push(payload)
      arrived()
      return { ok: true }
    },
  }
  // the poll is an hour away: only the wake-up can deliver within the test
  const { app, db } = await buildTestApi(t, { notificationSenders: [sender], outboxPollMs: 3_600_000 })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 6400)
  const renter = await telegramSession(app, 6401)
  const alert = await call('POST', '/alerts', renter.token, {
    name: 'Berlin',
    filters: { city: 'berlin' },
    channels: ['telegram'],
  })
  t.equal(alert.statusCode, 201)
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  t.equal(
    (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
    200,
  )

  // (the give-up timer is cleared: left running, it kept the test's process alive for its whole minute)
  let giveUp: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    delivered.then(() => 'delivered'),
    new Promise((resolve) => (giveUp = setTimeout(resolve, 60_000, 'never woken'))),
  ])
  clearTimeout(giveUp)
  t.equal(outcome, 'delivered')
  t.equal(sent.length, 1)
  t.equal(sent[0]!.listing_id, listing.id)
  t.equal(sent[0]!.chat_id, '6401')
  // marked sent by the woken run
  for (let i = 0; i < 100; i++) {
    const [row] = await db.query<{ sent_at: Date | null }>(`SELECT sent_at FROM notification_outbox`)
    if (row?.sent_at) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const rows = await db.query<{ sent_at: Date | null }>(`SELECT sent_at FROM notification_outbox`)
  t.equal(rows.length, 1)
  t.ok(rows[0]!.sent_at, 'the row is marked sent')
})
