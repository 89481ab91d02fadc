// `npm run bench -- alerts-push` (also the last part of `npm run bench`): the time from a moderator's
// approval over HTTP to the Web Push reaching a push service (a fake on loopback), p50/p99 over 100
// listings (docs/decisions/020-alerts-and-outbox.md). The real API on PGlite with its job runner as in production: the outbox worker
// polls every 2 s (docs/decisions/020-alerts-and-outbox.md), which is most of the figure.
import { buildApi } from '../server/api/app.ts'
import { openDb } from '../server/api/db/client.ts'
import { migrate } from '../server/api/db/migrate.ts'
import { webPushNotifier } from '../server/integrations/notify/web-push-notifier.ts'
import { startFakePushService, vapidKeys } from '../test/helpers/fake-push-service.ts'
import { makeCity, makeCountry, makeListing } from '../test/helpers/factories.ts'
import { signTelegramLogin } from '../test/helpers/telegram.ts'

const LISTINGS = Number(process.env.BENCH_PUSH_LISTINGS ?? 100)
const BOT_TOKEN = '123456789:AAEbenchBotTokenForKhanehAlertsPush_01'

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}

export async function benchAlertsPush(): Promise<{ p50: number; p99: number; max: number; n: number }> {
  const vapid = vapidKeys('mailto:bench@khaneh.example')
  const fake = await startFakePushService()
  const db = await openDb({})
  await migrate(db)
  const app = await buildApi({
    db,
    logLevel: 'warn',
    auth: {
      secret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      accessTtlMs: 3_600_000,
      telegramBotToken: BOT_TOKEN,
      adminTelegramIds: ['1'],
    },
    notificationSenders: [webPushNotifier({ vapid, publicBaseUrl: 'http://127.0.0.1', allowPrivateEndpoints: true })],
    allowPrivatePushEndpoints: true,
  })
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const session = async (id: number) => {
      const res = await fetch(`${base}/api/v1/auth/telegram-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(
          signTelegramLogin({ id, first_name: `U${id}`, auth_date: Math.floor(Date.now() / 1000) }, BOT_TOKEN),
        ),
      })
      return ((await res.json()) as { data: { token: string; user: { id: number } } }).data
    }
    const call = async (method: string, path: string, token: string, body: object) => {
      const res = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    }
    await makeCountry(db, 'DE')
    const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
    const admin = await session(1)
    const owner = await session(2)
    const renter = await session(3)
    await call('POST', '/alerts', renter.token, { name: 'Berlin', filters: { city: 'berlin' }, channels: ['push'] })
    const browser = fake.subscribe()
    await call('POST', '/alerts/push-subscriptions', renter.token, { endpoint: browser.endpoint, keys: browser.keys })

    const latencies: number[] = []
    for (let i = 0; i < LISTINGS; i++) {
      const listing = await makeListing(db, {
        ownerId: owner.user.id,
        cityId: berlin.id,
        countryCode: 'DE',
        status: 'pending',
        rent: 700 + i,
      })
      const arrived = new Promise<number>((resolve) => {
        fake.onPush = (push) => {
          const data = JSON.parse(browser.decrypt(push.body)) as { data: { listing_id: number } }
          if (data.data.listing_id === listing.id) resolve(push.at)
        }
      })
      // approvals at random moments, not in step with the worker's poll (the previous push came right after a tick)
      await new Promise((r) => setTimeout(r, Math.random() * 2_000))
      const start = performance.now()
      await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
      latencies.push((await arrived) - start)
    }
    latencies.sort((a, b) => a - b)
    return {
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies.at(-1)!,
      n: latencies.length,
    }
  } finally {
    await app.close()
    await db.close()
    await fake.close()
  }
}

export function printAlertsPush(r: { p50: number; p99: number; max: number; n: number }): void {
  console.log(
    `\nalerts: approval (HTTP) → Web Push at the push service, ${r.n} listings: p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, max ${r.max.toFixed(0)} ms (outbox woken by NOTIFY on commit)`,
  )
}
