import { readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { MIGRATIONS_DIR } from '../../../../server/api/db/migrate.ts'
import { openTestDb } from '../../../helpers/build-api.ts'
import { makeUser } from '../../../helpers/factories.ts'

const MIGRATION = readFileSync(path.join(MIGRATIONS_DIR, '0024_listing_links_in_notifications.sql'), 'utf8')

t.test(
  "0024 mends the links stored before listingPath wrote them: the inbox's and the unsent outbox rows'",
  async (t) => {
    const db = await openTestDb(t)
    const user = await makeUser(db)
    // rows as the matching statement wrote them before (the migration already ran on this empty database)
    await db.query(
      `INSERT INTO notifications (user_id, title, data) VALUES
       ($1, 'old', '{"listing_id": 1, "url": "/listings/flat-in-berlin-1a"}'),
       ($1, 'other', '{"url": "https://example.org/x"}')`,
      [user.id],
    )
    await db.query(
      `INSERT INTO notification_outbox (user_id, channel, payload, sent_at) VALUES
       ($1, 'telegram', '{"url": "/listings/flat-in-berlin-1a", "language": "de"}', NULL),
       ($1, 'telegram', '{"url": "/listings/sent-already"}', now()),
       ($1, 'email', '{"to": "a@b.c", "matches": [{"url": "/listings/one"}, {"url": "/listing/two"}, {"url": "/listings/three"}]}', NULL)`,
      [user.id],
    )
    await db.exec(MIGRATION)

    const inbox = await db.query<{ url: string }>(`SELECT data->>'url' AS url FROM notifications ORDER BY id`)
    t.same(
      inbox.map((r) => r.url),
      ['/listing/flat-in-berlin-1a', 'https://example.org/x'],
    )
    const outbox = await db.query<{ payload: { url?: string; language?: string; matches?: Array<{ url: string }> } }>(
      `SELECT payload FROM notification_outbox ORDER BY id`,
    )
    t.same(outbox[0]!.payload, { url: '/listing/flat-in-berlin-1a', language: 'de' })
    t.equal(outbox[1]!.payload.url, '/listings/sent-already', 'a sent row is history, left as it was')
    t.same(
      outbox[2]!.payload.matches!.map((m) => m.url),
      ['/listing/one', '/listing/two', '/listing/three'],
      "a digest's matches, in their order",
    )
  },
)
