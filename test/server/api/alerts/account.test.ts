import t from 'tap'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { apiCaller, buildTestApi, TEST_BOT_TOKEN, telegramSession } from '../../../helpers/build-api.ts'
import { verifiedIdentity } from '../../../helpers/email.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

// Alerts follow the person through a merge (docs/decisions/018-account-linking-and-merging.md)
// and go with a deleted account (docs/decisions/020-alerts-and-outbox.md).

t.test(
  'a merge brings the alerts, inbox and push subscriptions over under the merged plan; deletion erases them',
  async (t) => {
    const dataDir = t.testdir()
    const { app, db } = await buildTestApi(t, { mailer: outboxMailer(dataDir) })
    const call = apiCaller(app)

    const identity = await verifiedIdentity(app, dataDir, 'keeper@example.com')
    const keeper = (
      await call('POST', '/auth/create-user', null, { firebase_token: identity.id_token, first_name: 'Keeper' })
    ).json().data as { token: string; user: { id: number } }
    const old = await telegramSession(app, 6210, 'Old')
    t.equal((await call('POST', '/alerts', keeper.token, { name: 'keeper' })).statusCode, 201)
    t.equal((await call('POST', '/alerts', old.token, { name: 'old', channels: ['telegram'] })).statusCode, 201)
    await db.query(`INSERT INTO notifications (user_id, title) VALUES ($1, 'old news')`, [old.user.id])
    // six devices each: the merged account keeps ten, the most recently refreshed
    for (let i = 1; i <= 6; i++) {
      await call('POST', '/alerts/push-subscriptions', old.token, { fcm_token: `old-device-${i}` })
      await call('POST', '/alerts/push-subscriptions', keeper.token, { fcm_token: `keeper-device-${i}` })
    }
    await db.query(
      `UPDATE push_subscriptions SET refreshed_at = now() - make_interval(days => substr(endpoint, 12)::int) WHERE endpoint LIKE 'old-device-%'`,
    )

    const nonce = (await call('POST', '/users/link-nonce', keeper.token)).json().data.nonce
    const widget = signTelegramLogin(
      { id: 6210, first_name: 'Old', auth_date: Math.floor(Date.now() / 1000) - 3 },
      TEST_BOT_TOKEN,
    )
    const conflict = await call('POST', '/users/link-account', keeper.token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget),
      nonce,
    })
    t.equal(conflict.statusCode, 409)
    const merged = await call('POST', '/users/merge-accounts', keeper.token, {
      source_auth: { auth_method: 'telegram', merge_token: conflict.json().error.details.merge_token },
      target_auth: { auth_method: 'email' },
      confirm_merge: true,
    })
    t.equal(merged.statusCode, 200)

    const list = (await call('GET', '/alerts', keeper.token)).json().data
    t.same(
      list.items.map((a: { name: string; is_active: boolean }) => [a.name, a.is_active]),
      [
        ['keeper', true],
        ['old', false],
      ],
      'both kept; a free plan keeps the oldest active',
    )
    t.equal((await call('GET', '/alerts/notifications', keeper.token)).json().data.notifications[0].title, 'old news')
    const devices = await db.query<{ user_id: number; endpoint: string }>(
      `SELECT user_id, endpoint FROM push_subscriptions ORDER BY endpoint`,
    )
    t.ok(
      devices.every((d) => d.user_id === keeper.user.id),
      'every device is the merged account’s',
    )
    t.same(
      devices.map((d) => d.endpoint),
      [1, 2, 3, 4, 5, 6]
        .map((i) => `keeper-device-${i}`)
        .concat(['old-device-1', 'old-device-2', 'old-device-3', 'old-device-4']),
      'ten: the two not refreshed for longest went',
    )

    t.equal((await call('DELETE', '/users/account', keeper.token)).statusCode, 200)
    for (const table of ['alerts', 'notifications', 'notification_outbox', 'push_subscriptions'])
      t.equal((await db.query(`SELECT 1 FROM ${table}`)).length, 0, `${table} erased`)
  },
)
