import t from 'tap'
import { applicationServerKey, PUSH_REFRESH_MS, pushRefreshDue } from '../../../../client/features/alerts/push.ts'

t.test('a push subscription is sent again after 7 days', async (t) => {
  const now = Date.UTC(2026, 10, 24, 12)
  t.equal(PUSH_REFRESH_MS, 7 * 24 * 60 * 60 * 1000)
  t.equal(pushRefreshDue(null, now), true, 'never sent')
  t.equal(pushRefreshDue('', now), true)
  t.equal(pushRefreshDue('garbage', now), true, 'an unreadable time is sent again')
  t.equal(pushRefreshDue(String(now - 1000), now), false, 'sent a second ago')
  t.equal(pushRefreshDue(String(now - PUSH_REFRESH_MS + 1), now), false, 'just under 7 days')
  t.equal(pushRefreshDue(String(now - PUSH_REFRESH_MS), now), true, '7 days to the millisecond')
  t.equal(pushRefreshDue(String(now - 30 * PUSH_REFRESH_MS), now), true)
  t.equal(pushRefreshDue(String(now + 60_000), now), true, 'a time in the future (clock turned back)')
})

t.test('the VAPID public key becomes the bytes pushManager.subscribe takes', async (t) => {
  const raw = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 37) % 256))
  const key = raw.toString('base64url')
  t.match(key, /[-_]/, 'the key uses the URL-safe alphabet')
  t.same(Buffer.from(applicationServerKey(key)), raw)
})
