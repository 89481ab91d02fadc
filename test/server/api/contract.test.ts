import sharp from 'sharp'
import t, { type Test } from 'tap'
import type { z } from 'zod'
import { outboxMailer } from '../../../server/integrations/mail/mailer.ts'
import { diskPhotoStore } from '../../../server/integrations/photos/disk-store.ts'
import { outboxSmsSender } from '../../../server/integrations/sms/sms-sender.ts'
import { ERRORS } from '../../../server/lib/errors.ts'
import * as wire from '../../../shared/schemas/index.ts'
import { apiCaller, buildTestApi, telegramSession, TEST_BOT_TOKEN, type ApiMethod } from '../../helpers/build-api.ts'
import { lastActionLink, verifiedIdentity } from '../../helpers/email.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'
import { registeredRoutes } from '../../helpers/routes.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

// The wire contract (docs/decisions/012-wire-contract.md): every route the API registers answers a
// real request, and the answer follows the route's shared schema for its status.

type Answer = Awaited<ReturnType<ReturnType<typeof apiCaller>>>
/** One request that reaches a route, and the status it must answer. */
interface Fixture {
  status: number
  send: () => Promise<Answer>
}

const sharedSchemas = new Set<unknown>(Object.values(wire))
const ERROR_CODES = new Set(Object.keys(ERRORS))

t.test('the wire contract: every route answers in its shared schema', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, {
    mailer: outboxMailer(dataDir),
    sms: outboxSmsSender(dataDir),
    photos: diskPhotoStore(dataDir),
    vapidPublicKey: 'B'.repeat(87),
  })

  // the route that answered each request, with its declared response schemas
  let answered: { route: string; response: Record<string, unknown> } | undefined
  app.addHook('onResponse', async (request) => {
    answered = {
      route: `${request.routeOptions.method} ${request.routeOptions.url}`,
      response: (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>,
    }
  })

  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await telegramSession(app, 9501, 'Owner')
  const reader = await telegramSession(app, 9502, 'Reader')
  const admin = await telegramSession(app, 777, 'Admin')
  const leaving = await telegramSession(app, 9503, 'Leaving')
  const active = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    contact: '@owner',
  })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  const photoForm = () => {
    const form = new FormData()
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'flat.jpg')
    return form
  }
  const upload = (url: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: photoForm(),
    })
  const listingBody = (photos: string[] = []) => ({
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 900,
    description: 'A quiet two-room flat near the park, bright and furnished.',
    contact: '@owner',
    photos,
  })
  const nowS = () => Math.floor(Date.now() / 1000)
  const widget = (id: number) => signTelegramLogin({ id, first_name: `T${id}`, auth_date: nowS() }, TEST_BOT_TOKEN)
  const linkTelegram = async (token: string, id: number) => {
    const nonce = (await call('POST', '/users/link-nonce', token)).json().data.nonce
    return call('POST', '/users/link-account', token, {
      auth_method: 'telegram',
      telegram_verification_token: JSON.stringify(widget(id)),
      nonce,
    })
  }

  // What earlier fixtures leave for later ones.
  const state = {
    alert: 0,
    idToken: '',
    refreshToken: '',
    created: 0,
    duplicate: 0,
    report: 0,
    photos: [] as Array<{ id: number }>,
    fileId: '',
    payment: '',
    contactPayment: '',
  }
  /** A call that starts a payment: it carries an Idempotency-Key. */
  const withKey = (url: string, token: string, key: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      ...(payload && { payload }),
    })
  const verifyLink = async () =>
    (await lastActionLink(dataDir, 'nima@example.com', 'verifyEmail')).searchParams.get('oobCode')

  // In the order they run: reads, then writes, then what takes things away.
  const fixtures: Array<[string, Fixture]> = [
    ['GET /api/v1/health', { status: 200, send: () => call('GET', '/health') }],
    ['GET /api/v1/push/public-key', { status: 200, send: () => call('GET', '/push/public-key') }],
    // its 200 is the image itself (test/server/gateway/api-photos.test.ts); here the refusal's envelope
    ['GET /api/v1/photos/:fileId', { status: 404, send: () => call('GET', '/photos/BQACAgIAAxkDAAInotAfile') }],
    ['GET /api/v1/locations/countries', { status: 200, send: () => call('GET', '/locations/countries?language=en') }],
    [
      'GET /api/v1/locations/countries/:country/cities',
      { status: 200, send: () => call('GET', '/locations/countries/DE/cities?language=en') },
    ],
    [
      'GET /api/v1/locations/cities/search',
      { status: 200, send: () => call('GET', '/locations/cities/search?q=ber&language=en') },
    ],
    [
      'GET /api/v1/locations/resolve',
      { status: 200, send: () => call('GET', '/locations/resolve?q=berlin&language=en') },
    ],
    ['GET /api/v1/locations/supported', { status: 200, send: () => call('GET', '/locations/supported?language=en') }],
    [
      'GET /api/v1/places/geocode',
      {
        status: 200,
        send: () => call('GET', '/places/geocode?q=berlin&country=DE&city=berlin&language=en', reader.token),
      },
    ],
    ['GET /api/v1/listings', { status: 200, send: () => call('GET', '/listings?language=en') }],
    [
      'GET /api/v1/listings/points',
      { status: 200, send: () => call('GET', '/listings/points?bbox=-180,-90,180,90&sort=newest') },
    ],
    [
      'GET /api/v1/listings/search',
      { status: 200, send: () => call('GET', '/listings/search?apartment_type=apartment', reader.token) },
    ],
    ['GET /api/v1/listings/:id', { status: 200, send: () => call('GET', `/listings/${active.id}?language=en`) }],
    [
      'GET /api/v1/listings/:id/translations',
      { status: 200, send: () => call('GET', `/listings/${active.id}/translations`) },
    ],
    [
      'POST /api/v1/listings/:id/view',
      { status: 202, send: () => call('POST', `/listings/${active.id}/view`, null, {}) },
    ],
    ['GET /api/v1/subscription-plans', { status: 200, send: () => call('GET', '/subscription-plans?language=fa') }],
    ['GET /api/v1/content/:locale', { status: 200, send: () => call('GET', '/content/en?slug=safety-guide') }],
    ['GET /api/v1/sitemap', { status: 200, send: () => call('GET', '/sitemap?chunk_size=100') }],
    ['GET /api/v1/sitemap/listings', { status: 200, send: () => call('GET', '/sitemap/listings?after=0&limit=10') }],
    [
      'POST /api/v1/contact-messages',
      {
        status: 201,
        send: () =>
          call('POST', '/contact-messages?language=en', null, {
            name: 'Sara',
            email: 'sara@example.com',
            subject: 'A question',
            message: 'How do I renew my listing?',
          }),
      },
    ],
    ['GET /api/v1/subscription/status', { status: 200, send: () => call('GET', '/subscription/status', reader.token) }],
    [
      'POST /api/v1/subscription/purchase',
      {
        status: 200,
        send: async () => {
          const res = await withKey('/subscription/purchase?language=en', reader.token, 'contract-buy-1', {
            plan_key: 'quarterly',
          })
          state.payment = res.json().data.payment_id
          return res
        },
      },
    ],
    ['GET /api/v1/payments/:id', { status: 200, send: () => call('GET', `/payments/${state.payment}`, reader.token) }],
    [
      'POST /api/v1/payments/sandbox/:id/confirm',
      { status: 200, send: () => call('POST', `/payments/sandbox/${state.payment}/confirm`, reader.token) },
    ],
    [
      'POST /api/v1/payments/listings/:id/contact',
      {
        status: 200,
        send: async () => {
          const res = await withKey(`/payments/listings/${active.id}/contact`, reader.token, 'contract-contact-1')
          state.contactPayment = res.json().data.payment_id
          return res
        },
      },
    ],
    [
      'POST /api/v1/payments/sandbox/:id/cancel',
      { status: 200, send: () => call('POST', `/payments/sandbox/${state.contactPayment}/cancel`, reader.token) },
    ],
    [
      'POST /api/v1/payments/listings/:id/boost',
      { status: 200, send: () => withKey(`/payments/listings/${active.id}/boost`, owner.token, 'contract-boost-1') },
    ],
    [
      // the contract's API runs the sandbox: Stripe's webhook is not there to call
      'POST /api/v1/payments/stripe/webhook',
      {
        status: 404,
        send: () =>
          app.inject({
            method: 'POST',
            url: '/api/v1/payments/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
            payload: '{"id":"evt_1"}',
          }),
      },
    ],

    [
      'POST /api/v1/identity/sign-up',
      {
        status: 201,
        send: async () => {
          const res = await call('POST', '/identity/sign-up', null, {
            email: 'nima@example.com',
            password: 'secret-pass',
            language: 'en',
          })
          state.idToken = res.json().data.id_token
          return res
        },
      },
    ],
    [
      'POST /api/v1/identity/send-verification',
      { status: 200, send: () => call('POST', '/identity/send-verification', null, { id_token: state.idToken }) },
    ],
    [
      'POST /api/v1/identity/check-code',
      { status: 200, send: async () => call('POST', '/identity/check-code', null, { oob_code: await verifyLink() }) },
    ],
    [
      'POST /api/v1/identity/apply-code',
      {
        status: 200,
        send: async () =>
          call('POST', '/identity/apply-code', null, { mode: 'verifyEmail', oob_code: await verifyLink() }),
      },
    ],
    [
      'POST /api/v1/identity/sign-in',
      {
        status: 200,
        send: async () => {
          const res = await call('POST', '/identity/sign-in', null, {
            email: 'nima@example.com',
            password: 'secret-pass',
          })
          state.idToken = res.json().data.id_token
          return res
        },
      },
    ],
    [
      'POST /api/v1/identity/send-password-reset',
      { status: 200, send: () => call('POST', '/identity/send-password-reset', null, { email: 'nima@example.com' }) },
    ],
    [
      'POST /api/v1/identity/send-sign-in-link',
      { status: 200, send: () => call('POST', '/identity/send-sign-in-link', null, { email: 'nima@example.com' }) },
    ],
    [
      'POST /api/v1/identity/sign-in-with-code',
      {
        status: 200,
        send: async () =>
          call('POST', '/identity/sign-in-with-code', null, {
            oob_code: (await lastActionLink(dataDir, 'nima@example.com', 'signIn')).searchParams.get('oobCode'),
          }),
      },
    ],

    [
      'POST /api/v1/auth/telegram-login',
      { status: 200, send: () => call('POST', '/auth/telegram-login', null, widget(9504)) },
    ],
    [
      'POST /api/v1/auth/create-user',
      {
        status: 201,
        send: () => call('POST', '/auth/create-user', null, { firebase_token: state.idToken, first_name: 'Nima' }),
      },
    ],
    [
      'POST /api/v1/auth/email-login',
      {
        status: 200,
        send: async () => {
          const res = await call('POST', '/auth/email-login', null, { firebase_token: state.idToken })
          state.refreshToken = res.json().data.refresh_token
          return res
        },
      },
    ],
    [
      'POST /api/v1/auth/refresh',
      {
        status: 200,
        send: async () => {
          const res = await call('POST', '/auth/refresh', null, { refresh_token: state.refreshToken })
          state.refreshToken = res.json().data.refresh_token
          return res
        },
      },
    ],

    ['GET /api/v1/users/profile', { status: 200, send: () => call('GET', '/users/profile', reader.token) }],
    ['GET /api/v1/auth/session', { status: 200, send: () => call('GET', '/auth/session', reader.token) }],
    [
      'PUT /api/v1/users/profile',
      { status: 200, send: () => call('PUT', '/users/profile', reader.token, { first_name: 'Rana', language: 'en' }) },
    ],
    [
      'GET /api/v1/users/account-status',
      { status: 200, send: () => call('GET', '/users/account-status', reader.token) },
    ],
    ['GET /api/v1/users/summary', { status: 200, send: () => call('GET', '/users/summary', owner.token) }],
    [
      'POST /api/v1/users/verify-phone',
      {
        status: 200,
        send: () => call('POST', '/users/verify-phone', reader.token, { phone_number: '+4915100000042' }),
      },
    ],
    ['POST /api/v1/users/link-nonce', { status: 200, send: () => call('POST', '/users/link-nonce', reader.token) }],
    [
      'POST /api/v1/users/verify-email-for-linking',
      {
        status: 200,
        send: async () => {
          const identity = await verifiedIdentity(app, dataDir, 'rana@example.com')
          state.idToken = identity.id_token
          return call('POST', '/users/verify-email-for-linking', reader.token, {
            email: 'rana@example.com',
            firebase_token: identity.id_token,
          })
        },
      },
    ],
    [
      'POST /api/v1/users/link-account',
      {
        status: 200,
        send: () =>
          call('POST', '/users/link-account', reader.token, {
            auth_method: 'email',
            email: 'rana@example.com',
            firebase_token: state.idToken,
          }),
      },
    ],
    [
      'DELETE /api/v1/users/unlink-account',
      { status: 200, send: () => call('DELETE', '/users/unlink-account', reader.token, { auth_method: 'telegram' }) },
    ],
    [
      'POST /api/v1/users/merge-accounts',
      {
        status: 200,
        send: async () => {
          await telegramSession(app, 9505, 'Old')
          const conflict = await linkTelegram(reader.token, 9505)
          const source = { auth_method: 'telegram', merge_token: conflict.json().error.details.merge_token }
          return call('POST', '/users/merge-accounts', reader.token, {
            source_auth: source,
            target_auth: { auth_method: 'email' },
            confirm_merge: true,
          })
        },
      },
    ],

    ['POST /api/v1/upload/photos/validate', { status: 200, send: () => upload('/upload/photos/validate') }],
    [
      'POST /api/v1/upload/photos',
      {
        status: 200,
        send: async () => {
          const res = await upload('/upload/photos')
          state.fileId = res.json().data.photos[0].file_id
          return res
        },
      },
    ],
    [
      'POST /api/v1/listings',
      {
        status: 201,
        send: async () => {
          const res = await call('POST', '/listings?language=en', owner.token, listingBody([state.fileId]))
          state.created = res.json().data.id
          return res
        },
      },
    ],
    [
      'PUT /api/v1/listings/:id',
      { status: 200, send: () => call('PUT', `/listings/${state.created}`, owner.token, listingBody([state.fileId])) },
    ],
    [
      'GET /api/v1/upload/listings/:id/photos',
      {
        status: 200,
        send: async () => {
          const res = await call('GET', `/upload/listings/${state.created}/photos`, owner.token)
          state.photos = res.json().data.photos
          return res
        },
      },
    ],
    [
      'DELETE /api/v1/upload/listings/:id/photos/:photoId',
      {
        status: 200,
        send: () => call('DELETE', `/upload/listings/${state.created}/photos/${state.photos[0]!.id}`, owner.token),
      },
    ],
    [
      'POST /api/v1/listings/:id/duplicate',
      {
        status: 201,
        send: async () => {
          const res = await call('POST', `/listings/${state.created}/duplicate`, owner.token)
          state.duplicate = res.json().data.id
          return res
        },
      },
    ],
    [
      'GET /api/v1/users/listings',
      {
        status: 200,
        send: () => call('GET', '/users/listings?status=all&include_analytics=true&language=en', owner.token),
      },
    ],
    [
      'GET /api/v1/users/listings/:id/analytics',
      { status: 200, send: () => call('GET', `/users/listings/${active.id}/analytics`, owner.token) },
    ],
    [
      'POST /api/v1/listings/:id/report',
      {
        status: 201,
        send: async () => {
          const res = await call('POST', `/listings/${active.id}/report`, reader.token, {
            reason: 'spam',
            details: 'The same flat twice.',
          })
          state.report = res.json().data.id
          return res
        },
      },
    ],
    ['GET /api/v1/favorites', { status: 200, send: () => call('GET', '/favorites?language=en', reader.token) }],
    [
      'GET /api/v1/favorites/marks',
      { status: 200, send: () => call('GET', `/favorites/marks?ids=${active.id}`, reader.token) },
    ],
    ['POST /api/v1/favorites/:id', { status: 200, send: () => call('POST', `/favorites/${active.id}`, reader.token) }],
    [
      'DELETE /api/v1/favorites/:id',
      { status: 200, send: () => call('DELETE', `/favorites/${active.id}`, reader.token) },
    ],
    [
      'POST /api/v1/listings/:id/contact',
      { status: 200, send: () => call('POST', `/listings/${active.id}/contact`, reader.token, {}) },
    ],
    [
      'POST /api/v1/listings/:id/boost',
      {
        status: 200,
        send: async () => {
          await db.query(`UPDATE users SET free_boosts = 1 WHERE id = $1`, [owner.user.id])
          return call('POST', `/listings/${active.id}/boost`, owner.token, {})
        },
      },
    ],

    [
      'POST /api/v1/admin/coupons',
      {
        status: 201,
        send: () =>
          call('POST', '/admin/coupons', admin.token, {
            code: 'WELCOME',
            kind: 'grant',
            grant: { ai_credits: 5, premium_days: 3 },
            max_uses: 10,
          }),
      },
    ],
    ['GET /api/v1/admin/coupons', { status: 200, send: () => call('GET', '/admin/coupons', admin.token) }],
    [
      'POST /api/v1/coupons/validate',
      { status: 200, send: () => call('POST', '/coupons/validate', reader.token, { coupon_code: 'welcome' }) },
    ],
    ['GET /api/v1/coupons/info/:code', { status: 200, send: () => call('GET', '/coupons/info/WELCOME', reader.token) }],
    [
      'POST /api/v1/coupons/redeem',
      { status: 200, send: () => call('POST', '/coupons/redeem', reader.token, { coupon_code: 'WELCOME' }) },
    ],
    ['GET /api/v1/coupons/history', { status: 200, send: () => call('GET', '/coupons/history', reader.token) }],
    [
      'PUT /api/v1/admin/coupons/:code',
      { status: 200, send: () => call('PUT', '/admin/coupons/WELCOME', admin.token, { is_active: false }) },
    ],
    [
      'POST /api/v1/referrals/signup',
      {
        status: 200,
        send: () =>
          call('POST', '/referrals/signup', reader.token, { referrer_code: owner.user.referral_code as string }),
      },
    ],
    ['GET /api/v1/referrals/stats', { status: 200, send: () => call('GET', '/referrals/stats', owner.token) }],
    [
      'GET /api/v1/referrals/leaderboard',
      { status: 200, send: () => call('GET', '/referrals/leaderboard', reader.token) },
    ],

    [
      'POST /api/v1/alerts',
      {
        status: 201,
        send: async () => {
          const res = await call('POST', '/alerts', reader.token, {
            name: 'Berlin',
            filters: { city: 'berlin', max_price: 900 },
            channels: ['telegram'],
          })
          state.alert = res.json().data.id
          return res
        },
      },
    ],
    ['GET /api/v1/alerts', { status: 200, send: () => call('GET', '/alerts', reader.token) }],
    [
      'PUT /api/v1/alerts/:id',
      { status: 200, send: () => call('PUT', `/alerts/${state.alert}`, reader.token, { name: 'Berlin, cheap' }) },
    ],
    [
      'GET /api/v1/alerts/:id/matches',
      { status: 200, send: () => call('GET', `/alerts/${state.alert}/matches?page=1`, reader.token) },
    ],
    [
      'GET /api/v1/alerts/notifications',
      { status: 200, send: () => call('GET', '/alerts/notifications?unread_only=true', reader.token) },
    ],
    // text/event-stream, never ending: its events are test/server/api/alerts/unread-stream.test.ts's; here the refusal
    [
      'GET /api/v1/alerts/notifications/stream',
      { status: 401, send: () => call('GET', '/alerts/notifications/stream') },
    ],
    [
      'PUT /api/v1/alerts/notifications/:id/read',
      {
        status: 200,
        send: async () => {
          const [n] = await db.query<{ id: number }>(
            `INSERT INTO notifications (user_id, title, body, data) VALUES ($1, 'Berlin', 'Berlin · 800 EUR', $2) RETURNING id::int AS id`,
            [reader.user.id, JSON.stringify({ listing_id: active.id, url: `/listings/${active.slug}` })],
          )
          return call('PUT', `/alerts/notifications/${n!.id}/read`, reader.token)
        },
      },
    ],
    [
      'POST /api/v1/alerts/push-subscriptions',
      {
        status: 200,
        send: () =>
          call('POST', '/alerts/push-subscriptions', reader.token, {
            endpoint: 'https://push.example.test/send/1',
            keys: { p256dh: 'BPk', auth: 'au' },
          }),
      },
    ],
    [
      'DELETE /api/v1/alerts/push-subscriptions',
      {
        status: 200,
        send: () =>
          call('DELETE', '/alerts/push-subscriptions', reader.token, { endpoint: 'https://push.example.test/send/1' }),
      },
    ],
    ['DELETE /api/v1/alerts/:id', { status: 200, send: () => call('DELETE', `/alerts/${state.alert}`, reader.token) }],

    [
      'POST /api/v1/ai/search',
      {
        status: 200,
        send: () => call('POST', '/ai/search', reader.token, { query: 'Wohnung in Berlin bis 1000 €', language: 'de' }),
      },
    ],
    [
      'POST /api/v1/ai/analyze-listing',
      {
        status: 200,
        send: () => call('POST', '/ai/analyze-listing', reader.token, { listing_id: active.id, language: 'fa' }),
      },
    ],
    [
      'POST /api/v1/ai/compare-listings',
      {
        status: 200,
        // the owner sees their pending listing too
        send: () =>
          call('POST', '/ai/compare-listings', owner.token, {
            listing_1_id: active.id,
            listing_2_id: pending.id,
            language: 'en',
          }),
      },
    ],
    ['GET /api/v1/ai/preferences', { status: 200, send: () => call('GET', '/ai/preferences', reader.token) }],
    [
      'PUT /api/v1/ai/preferences',
      {
        status: 200,
        send: () =>
          call('PUT', '/ai/preferences', reader.token, {
            budget_max: 900,
            cities: ['berlin'],
            must_haves: ['furnished'],
          }),
      },
    ],

    [
      'GET /api/v1/admin/stats/overview',
      { status: 200, send: () => call('GET', '/admin/stats/overview', admin.token) },
    ],
    [
      'GET /api/v1/admin/listings/pending',
      { status: 200, send: () => call('GET', '/admin/listings/pending?language=en', admin.token) },
    ],
    [
      'PUT /api/v1/admin/listings/:id/status',
      {
        status: 200,
        send: () => call('PUT', `/admin/listings/${pending.id}/status`, admin.token, { status: 'active' }),
      },
    ],
    ['GET /api/v1/admin/reports', { status: 200, send: () => call('GET', '/admin/reports?language=en', admin.token) }],
    [
      'PUT /api/v1/admin/reports/:id',
      { status: 200, send: () => call('PUT', `/admin/reports/${state.report}`, admin.token, { status: 'dismissed' }) },
    ],

    [
      'PUT /api/v1/users/listings/:id/status',
      {
        status: 200,
        send: () => call('PUT', `/users/listings/${active.id}/status`, owner.token, { status: 'rented' }),
      },
    ],
    [
      'DELETE /api/v1/listings/:id',
      { status: 200, send: () => call('DELETE', `/listings/${state.duplicate}`, owner.token) },
    ],
    [
      'POST /api/v1/auth/logout',
      { status: 200, send: () => call('POST', '/auth/logout', null, { refresh_token: state.refreshToken }) },
    ],
    ['DELETE /api/v1/users/account', { status: 200, send: () => call('DELETE', '/users/account', leaving.token) }],
  ]

  const routes = registeredRoutes(app)
  t.ok(routes.length > 40, `the route tree was read (${routes.length} routes)`)
  const fixtured = new Set(fixtures.map(([route]) => route))
  t.same(
    routes.filter((r) => !fixtured.has(r)),
    [],
    'every route has a fixture here (add one for a new route)',
  )
  t.same(
    [...fixtured].filter((r) => !routes.includes(r)),
    [],
    'every fixture names a route the API has',
  )
  t.equal(fixtured.size, fixtures.length, 'one fixture per route')

  /** The answer follows its route's schema for its status: the shared data schema in the envelope, or the error envelope. */
  function checkAnswer(t: Test, route: string, res: Answer) {
    t.equal(answered?.route, route, `${route} answered`)
    const body: unknown = res.json()
    if (res.statusCode >= 400) {
      const parsed = wire.ErrorEnvelopeSchema.safeParse(body)
      t.ok(parsed.success, `${route} → ${res.statusCode}: the error envelope`, { issues: parsed.error?.issues })
      t.ok(
        ERROR_CODES.has(parsed.data?.error.code ?? ''),
        `${route} → ${res.statusCode}: a code of the catalogue (${parsed.data?.error.code})`,
      )
      return
    }
    const schema = answered?.response[String(res.statusCode)] as z.ZodObject<{ data: z.ZodType }> | undefined
    if (!schema) return t.fail(`${route} declares no response schema for ${res.statusCode}`)
    t.ok(
      sharedSchemas.has(schema.shape.data),
      `${route} → ${res.statusCode}: its data schema is an export of shared/schemas`,
    )
    const parsed = schema.safeParse(body)
    t.ok(parsed.success, `${route} → ${res.statusCode}: the body follows the schema`, { issues: parsed.error?.issues })
    t.same(parsed.data, body, `${route} → ${res.statusCode}: and carries nothing the schema does not name`)
  }

  for (const [route, fixture] of fixtures) {
    await t.test(route, async (t) => {
      answered = undefined
      const res = await fixture.send()
      t.equal(res.statusCode, fixture.status, `${route} → ${fixture.status}`, {
        body: res.statusCode === fixture.status ? undefined : res.body,
      })
      checkAnswer(t, route, res)
    })
  }

  await t.test(
    'every route refuses a stranger with an id it does not know in the error envelope, or answers in its schema',
    async (t) => {
      for (const route of routes) {
        const [method, path] = route.split(' ') as [ApiMethod, string]
        answered = undefined
        const res = await call(
          method,
          path.replace('/api/v1', '').replace(/:\w+/g, '0'),
          null,
          method === 'GET' ? undefined : {},
        )
        checkAnswer(t, route, res)
      }
    },
  )

  await t.test('an unknown route answers the error envelope', async (t) => {
    const res = await call('GET', '/no-such-route')
    t.equal(res.statusCode, 404)
    t.ok(wire.ErrorEnvelopeSchema.safeParse(res.json()).success)
  })
})
