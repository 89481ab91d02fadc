import { PGlite } from '@electric-sql/pglite'
import t from 'tap'
import { serializeError } from '../../../server/lib/logger.ts'
import { apiCaller, buildTestApi, telegramSession, TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

const NUL = '\u0000'

t.test('the NUL character in any string field is a 400 that changes nothing', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const user = await telegramSession(app, 9901, 'Ali')
  const listing = await makeListing(db, { ownerId: user.user.id, cityId: city.id, countryCode: 'DE' })
  await app.listingJobs.stop()

  const refused = (
    res: { statusCode: number; json(): { error: { code: string; details: Array<{ path: string }> } } },
    path: string,
    what: string,
  ) => {
    t.equal(res.statusCode, 400, `${what}: 400`)
    t.equal(res.json().error.code, 'VALIDATION_ERROR', what)
    t.ok(
      res.json().error.details.some((d) => d.path === path),
      `${what}: names ${path}`,
    )
  }

  refused(await call('GET', `/listings/abc${encodeURIComponent(NUL)}def`), 'params.id', 'a slug')
  refused(await call('GET', `/listings?city=ber${encodeURIComponent(NUL)}lin`), 'querystring.city', 'a search filter')
  const login = signTelegramLogin(
    { id: 9902, first_name: `Mal${NUL}lory`, auth_date: Math.floor(Date.now() / 1000) },
    TEST_BOT_TOKEN,
  )
  refused(await call('POST', '/auth/telegram-login', null, login), 'body.first_name', 'a Telegram name')
  t.same(await db.query(`SELECT 1 FROM users WHERE telegram_id = 9902`), [], 'no account made')
  refused(
    await call('POST', '/identity/sign-up', null, {
      email: 'nul@example.com',
      password: `secret${NUL}pw`,
      display_name: 'N',
    }),
    'body.password',
    'a password',
  )
  t.same(await db.query(`SELECT 1 FROM email_identities WHERE email = 'nul@example.com'`), [], 'no identity made')
  refused(
    await call('PUT', '/users/profile', user.token, { first_name: `Ali${NUL}`, last_name: null, username: null }),
    'body.first_name',
    'a profile name',
  )
  const [profile] = await db.query<{ first_name: string }>(`SELECT first_name FROM users WHERE id = $1`, [user.user.id])
  t.equal(profile?.first_name, 'Ali', 'the profile is unchanged')
  const reporter = await telegramSession(app, 9903)
  refused(
    await call('POST', `/listings/${listing.id}/report`, reporter.token, { reason: 'spam', details: `x${NUL}` }),
    'body.details',
    'report details',
  )
  t.same(await db.query(`SELECT 1 FROM listing_reports`), [], 'no report stored')
  refused(
    await call('POST', '/auth/telegram-login', null, { nested: [{ deeper: { key: NUL } }] }),
    'body.nested.0.deeper.key',
    'a nested value',
  )
})

t.test('a deeply nested body is a 400, not a stack overflow', async (t) => {
  const { app } = await buildTestApi(t)
  const depth = 200_000
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram-login',
    headers: { 'content-type': 'application/json' },
    payload: `${'['.repeat(depth)}"${NUL}"${']'.repeat(depth)}`.replace(NUL, '\\u0000'),
  })
  t.equal(res.statusCode, 400)
})

t.test('logged errors never carry the values of a failed statement', async (t) => {
  const db = await PGlite.create()
  t.teardown(() => db.close())
  const err = await db.query('INSERT INTO nowhere (email) VALUES ($1)', ['someone@example.com']).then(
    () => null,
    (e: unknown) => e as Error,
  )
  t.ok(err, 'the statement failed')
  t.match(
    JSON.stringify(err, Object.getOwnPropertyNames(err!)),
    /someone@example\.com/,
    'the raw error holds the value',
  )
  const logged = JSON.stringify(serializeError(err!))
  t.notMatch(logged, /someone@example\.com/, 'the logged error does not')
  t.match(logged, /nowhere/, 'the reason is kept')
})
