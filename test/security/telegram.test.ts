// Forged and replayed Telegram Login Widget data, at the three doors that take it through the gateway:
// the widget's redirect to a page, the sign-in call, and the account page's merge callback. The check
// itself (server/api/auth/telegram.ts) has its unit test with an outside vector: README.md.
import t from 'tap'
import { outboxMailer } from '../../server/integrations/mail/mailer.ts'
import { TEST_BOT_TOKEN } from '../helpers/build-api.ts'
import {
  buildTestStack,
  SESSION_COOKIES,
  tempDir,
  emailAccountThroughGateway,
  linkNonce,
} from '../helpers/build-gateway.ts'
import { setCookies } from '../helpers/cookies.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

const ORIGIN = 'https://khaneh.example'
const nowS = () => Math.floor(Date.now() / 1000)
type Fields = Record<string, string | number>

let nextId = 51000
/** A Telegram account's widget data: every field, or only the ones Telegram always sends (no last name, username or photo). */
const full = (id = ++nextId, authDate = nowS()): Fields => ({
  id,
  first_name: 'Sara',
  last_name: 'Ahmadi',
  username: `sara${id}`,
  photo_url: 'https://t.me/i/userpic/320/sara.jpg',
  auth_date: authDate,
})
const bare = (id = ++nextId): Fields => ({ id, first_name: 'Sara', auth_date: nowS() })
const signed = (fields: Fields, token = TEST_BOT_TOKEN) => signTelegramLogin(fields, token)

/** Forged and replayed payloads, each with what it tries. */
function forgeries(): [string, Fields][] {
  const fresh = signed(full())
  const { username: _username, ...withoutUsername } = signed(full())
  const renamed = signed(full())
  const { id: renamedId, ...renamedRest } = renamed
  return [
    ['a wrong hash', { ...signed(full()), hash: 'ab'.repeat(32) }],
    ['a hash of other fields: a username added after signing', { ...signed(bare()), username: 'admin' }],
    ['a field removed after signing', withoutUsername],
    ['another account’s id under a genuine hash', { ...fresh, id: Number(fresh.id) + 1 }],
    ['a changed case in a value', { ...signed(full()), first_name: 'SARA' }],
    ['a changed case in a name', { ...renamedRest, ID: renamedId! }],
    ['another bot’s signature', signed(full(), '987654321:ANOTHERbotTOKEN')],
    ['a valid payload older than 24 h', signed(full(++nextId, nowS() - 24 * 3600 - 120))],
    ['an auth_date an hour ahead', signed(full(++nextId, nowS() + 3600))],
    ['a hash that is not hex', { ...signed(full()), hash: 'zz'.repeat(32) }],
  ]
}

const query = (fields: Fields) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))

t.test('Telegram sign-in through the gateway', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const accounts = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users`))[0]!.n

  await t.test(
    'the widget’s redirect signs in with every field, and with only the ones Telegram always sends',
    async (t) => {
      for (const fields of [full(), bare()]) {
        const res = await gateway.inject({ url: `/en/auth?${query(signed(fields))}` })
        t.equal(res.statusCode, 303, Object.keys(fields).join(','))
        t.equal(res.headers.location, '/en/dashboard')
        const cookie = setCookies(res)[SESSION_COOKIES.access]?.value
        t.ok(cookie, 'signed in')
        const me = await gateway.inject({
          url: '/api/v1/users/profile',
          cookies: { [SESSION_COOKIES.access]: cookie! },
        })
        t.equal(me.json().data.telegram_id, fields.id)
      }
    },
  )

  await t.test(
    'forged or replayed data at the widget’s redirect: the sign-in page with the error, no session',
    async (t) => {
      const before = await accounts()
      for (const [what, fields] of forgeries()) {
        const res = await gateway.inject({ url: `/en/auth?${query(fields)}&next=%2Fen%2Fdashboard` })
        t.ok(res.statusCode < 500, `${what}: ${res.statusCode}`)
        t.notOk(setCookies(res)[SESSION_COOKIES.access]?.value, `${what}: no session`)
        if (res.statusCode === 303) t.match(res.headers.location, /^\/en\/auth\?error=telegram/, what)
      }
      t.equal(await accounts(), before, 'no account made')
    },
  )

  await t.test(
    'forged or replayed data at the sign-in call: 401 (or 400 for a malformed field), no session',
    async (t) => {
      const before = await accounts()
      for (const [what, fields] of forgeries()) {
        const res = await gateway.inject({
          method: 'POST',
          url: '/api/v1/auth/telegram-login',
          headers: { origin: ORIGIN },
          payload: fields,
        })
        t.ok([400, 401].includes(res.statusCode), `${what}: ${res.statusCode}`)
        t.equal(res.json().success, false)
        t.same(setCookies(res), {}, `${what}: no cookie`)
      }
      t.equal(await accounts(), before, 'no account made')
    },
  )

  await t.test('a valid payload works once: its replay, at either door, is refused', async (t) => {
    const fields = signed(full())
    const first = await gateway.inject({ url: `/en/auth?${query(fields)}` })
    t.equal(first.headers.location, '/en/dashboard')
    const again = await gateway.inject({ url: `/en/auth?${query(fields)}` })
    t.equal(again.headers.location, '/en/auth?error=telegram&reason=replayed')
    const viaCall = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram-login',
      headers: { origin: ORIGIN },
      payload: fields,
    })
    t.equal(viaCall.statusCode, 401)
  })

  await t.test('a second id in the query never signs in as that account', async (t) => {
    const victim = full()
    await gateway.inject({ url: `/en/auth?${query(signed(victim))}` })
    const mine = signed(full())
    const res = await gateway.inject({ url: `/en/auth?${query(mine)}&id=${victim.id}` })
    const cookie = setCookies(res)[SESSION_COOKIES.access]?.value
    if (cookie) {
      const me = await gateway.inject({ url: '/api/v1/users/profile', cookies: { [SESSION_COOKIES.access]: cookie } })
      t.equal(me.json().data.telegram_id, mine.id, 'only the signed account')
    } else t.match(res.headers.location, /^\/en\/auth\?error=telegram&reason=/)
  })

  await t.test('values of the wrong type at the sign-in call are a 400, never a 500', async (t) => {
    const genuine = signed(full())
    for (const change of [
      { id: [1, 2] },
      { hash: 12 },
      { auth_date: { $gt: 0 } },
      { first_name: null },
      { hash: ['a'] },
    ]) {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/v1/auth/telegram-login',
        headers: { origin: ORIGIN },
        payload: { ...genuine, ...change },
      })
      t.ok([400, 401].includes(res.statusCode), `${JSON.stringify(change)} → ${res.statusCode}`)
    }
  })
})

t.test('the merge callback verifies the widget data just as strictly', async (t) => {
  const dataDir = tempDir(t)
  const { gateway, api, db } = await buildTestStack(t, {}, { mailer: outboxMailer(dataDir) })
  const cookies = await emailAccountThroughGateway(gateway, api, dataDir, 'merge-attack@example.com', 'Mina')
  const nonce = () => linkNonce(gateway, cookies)
  const linked = async () =>
    (
      await db.query<{ telegram_id: number | null }>(`SELECT telegram_id FROM users WHERE email = $1`, [
        'merge-attack@example.com',
      ])
    )[0]!.telegram_id

  for (const [what, fields] of forgeries()) {
    const res = await gateway.inject({
      url: `/api/auth/telegram-merge-callback?${query({ ...fields, nonce: await nonce(), locale: 'en' })}`,
      cookies,
    })
    t.equal(res.statusCode, 303, what)
    const target = new URL(String(res.headers.location), ORIGIN)
    t.equal(target.pathname, '/en/dashboard/account-management', what)
    t.match(target.searchParams.get('merge_error'), /^(400|401) /, `${what}: ${target.searchParams.get('merge_error')}`)
    t.notOk(target.searchParams.get('merge_token'), `${what}: no merge token`)
  }
  t.equal(await linked(), null, 'Telegram was never linked')

  const fields = signed(bare())
  const ok = await gateway.inject({
    url: `/api/auth/telegram-merge-callback?${query({ ...fields, nonce: await nonce(), locale: 'en' })}`,
    cookies,
  })
  t.equal(
    new URL(String(ok.headers.location), ORIGIN).searchParams.get('linked'),
    'telegram',
    'genuine data without the optional fields links',
  )
  t.equal(Number(await linked()), fields.id)
})
