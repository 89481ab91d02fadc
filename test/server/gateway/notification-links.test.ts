import t from 'tap'
import { matchListing } from '../../../server/api/alerts/alerts.repo.ts'
import { pushNotification } from '../../../server/integrations/notify/push-notification.ts'
import type { NotificationPayload } from '../../../server/integrations/notify/notifier.ts'
import { LOCALES, localizePath } from '../../../shared/locales.ts'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const ORIGIN = 'https://khaneh.example'

t.test("an alert's notification leads to the listing's page in the reader's language", async (t) => {
  const { gateway, db } = await buildTestStack(t)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین' })
  const owner = await signInThroughGateway(gateway, 6100, 'Owner')
  const page = (url: string, cookies: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME }, cookies })

  // one renter per language, each with an instant Berlin alert that also writes to Telegram
  const renters = await Promise.all(
    LOCALES.map(async ({ code }, i) => {
      const renter = await signInThroughGateway(gateway, 6200 + i, `Renter ${code}`)
      await db.query(`UPDATE users SET language = $1 WHERE id = $2`, [code, renter.id])
      const created = await gateway.inject({
        method: 'POST',
        url: '/api/v1/alerts',
        headers: { origin: ORIGIN },
        cookies: renter.cookies,
        payload: { name: `Berlin (${code})`, filters: { city: 'berlin' }, channels: ['telegram'] },
      })
      t.equal(created.statusCode, 201, created.body)
      return { code, ...renter }
    }),
  )
  const listing = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    description: 'A quiet room by the Spree, five minutes from the U-Bahn.',
  })
  const { matched } = await matchListing(db, listing.id)
  t.equal(matched, LOCALES.length, 'every renter has a match')

  for (const renter of renters) {
    await t.test(`${renter.code}: the inbox's link and the push's link open the listing`, async (t) => {
      const expected = localizePath(`/listing/${listing.slug}`, renter.code)

      // an unread one opens by its form (marked read, then on: docs/decisions/041-forms-without-javascript.md)
      const alerts = localizePath('/dashboard/alerts', renter.code)
      const inbox = await page(alerts, renter.cookies)
      t.equal(inbox.statusCode, 200)
      const id = /<li class="notification notification-unread">.*?name="id" value="(\d+)"/s.exec(inbox.body)?.[1]
      const opened = await gateway.inject({
        method: 'POST',
        url: alerts,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'user-agent': CHROME },
        cookies: renter.cookies,
        payload: new URLSearchParams({ id: id ?? '', intent: 'read' }).toString(),
      })
      t.equal(opened.statusCode, 303)
      t.equal(opened.headers.location, expected, "the inbox leads to the listing's page in the page's language")
      // read, it is a plain link there
      const link = /<li class="notification">.*?<a href="([^"]+)"/s.exec((await page(alerts, renter.cookies)).body)?.[1]
      t.equal(link, expected, "the inbox links the listing's page in the page's language")

      const [queued] = await db.query<{ payload: NotificationPayload }>(
        `SELECT payload FROM notification_outbox WHERE user_id = $1 AND channel = 'telegram'`,
        [renter.id],
      )
      const pushed = pushNotification(queued!.payload, ORIGIN).data.url
      t.equal(pushed, expected, "a push click opens the listing's page in the reader's language")

      for (const url of new Set([link!, pushed])) {
        const shown = await page(url, renter.cookies)
        t.equal(shown.statusCode, 200, url)
        t.match(shown.body, `<html lang="${renter.code}"`)
        t.match(shown.body, 'A quiet room by the Spree')
      }
    })
  }
})
