// The Login Widget's redirect to a page (server/gateway/telegram-login.routes.ts): what Telegram
// leaves out or adds, and a refusal the sign-in page can explain.
import t from 'tap'
import { TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { buildTestStack, SESSION_COOKIES } from '../../helpers/build-gateway.ts'
import { setCookies } from '../../helpers/cookies.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

type Fields = Record<string, string | number>
const nowS = () => Math.floor(Date.now() / 1000)
let nextId = 63000
const everything = (): Fields => ({
  id: ++nextId,
  first_name: 'Sahar',
  last_name: 'Moradi',
  username: `sahar${nextId}`,
  photo_url: 'https://t.me/i/userpic/320/sahar.jpg',
  auth_date: nowS(),
})
const without = (field: string): Fields => {
  const { [field]: _left, ...rest } = everything()
  return rest
}
const query = (fields: Fields) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))

t.test('the Telegram widget redirect', async (t) => {
  const { gateway } = await buildTestStack(t)
  const profileOf = async (res: Awaited<ReturnType<typeof gateway.inject>>) => {
    const cookie = setCookies(res)[SESSION_COOKIES.access]?.value
    if (!cookie) return null
    return (
      await gateway.inject({ url: '/api/v1/users/profile', cookies: { [SESSION_COOKIES.access]: cookie } })
    ).json().data
  }

  for (const [what, fields, page] of [
    ['without last_name', without('last_name'), '/auth'],
    ['without username', without('username'), '/en/auth'],
    ['without photo_url', without('photo_url'), '/de/auth'],
  ] as const) {
    await t.test(`a payload ${what} signs in`, async (t) => {
      const res = await gateway.inject({ url: `${page}?${query(signTelegramLogin(fields, TEST_BOT_TOKEN))}` })
      t.equal(res.statusCode, 303)
      t.equal(res.headers.location, page.replace('/auth', '/dashboard'))
      const me = await profileOf(res)
      t.match(me, { telegram_id: fields.id, first_name: 'Sahar' })
    })
  }

  await t.test('a field Telegram signs beyond the seven is part of the hash: it signs in', async (t) => {
    const fields = signTelegramLogin({ ...everything(), allows_write_to_pm: 'true' }, TEST_BOT_TOKEN)
    const res = await gateway.inject({ url: `/en/auth?next=${encodeURIComponent('/en/listings')}&${query(fields)}` })
    t.equal(res.headers.location, '/en/listings', 'the page’s own next is kept apart from the signed fields')
    t.match(await profileOf(res), { telegram_id: fields.id })
  })

  await t.test('a refusal sends its reason to the sign-in page, which tells it translated', async (t) => {
    const stale = signTelegramLogin({ ...everything(), auth_date: nowS() - 2 * 24 * 3600 }, TEST_BOT_TOKEN)
    const forged = { ...signTelegramLogin(everything(), TEST_BOT_TOKEN), first_name: 'Mallory' }
    const ahead = signTelegramLogin({ ...everything(), auth_date: nowS() + 3600 }, TEST_BOT_TOKEN)
    const used = signTelegramLogin(everything(), TEST_BOT_TOKEN)
    await gateway.inject({ url: `/en/auth?${query(used)}` })
    for (const [reason, fields] of [
      ['stale', stale],
      ['bad_hash', forged],
      ['future', ahead],
      ['replayed', used],
    ] as const) {
      const res = await gateway.inject({ url: `/en/auth?${query(fields)}` })
      t.equal(res.headers.location, `/en/auth?error=telegram&reason=${reason}`, reason)
      t.same(setCookies(res), {}, `${reason}: no session`)
    }
    const en = await gateway.inject({ url: '/en/auth?error=telegram&reason=stale' })
    t.match(
      en.body,
      /role="alert"[^>]*>Telegram sign-in failed\. Please try again\.(<!-- -->)? The sign-in data is more than a day old\./,
    )
    const fa = await gateway.inject({ url: '/auth?error=telegram&reason=bad_hash' })
    t.match(fa.body, /role="alert"[^>]*>[^<]*تلگرام[^<]*(<!-- -->)?[^<]+</, 'the Persian page explains it in Persian')
    t.notMatch(fa.body, /did not carry Telegram/, 'not in English')
  })
})
