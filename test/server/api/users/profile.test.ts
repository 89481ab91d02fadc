import t from 'tap'
import { buildTestApi, TEST_BOT_TOKEN } from '../../../helpers/build-api.ts'
import { signTelegramLogin } from '../../../helpers/telegram.ts'

t.test('profile', async (t) => {
  const { app } = await buildTestApi(t)
  const signIn = async (id: number) => {
    const fields = signTelegramLogin(
      { id, first_name: `User${id}`, auth_date: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    )
    return (await app.inject({ method: 'POST', url: '/api/v1/auth/telegram-login', payload: fields })).json().data
  }
  const alice = await signIn(5001)
  const bob = await signIn(5002)
  const put = (token: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/v1/users/profile', headers: { authorization: `Bearer ${token}` }, payload })

  await t.test('the user edits their own names and language', async (t) => {
    const res = await put(alice.token, {
      first_name: 'Alice',
      last_name: 'Karimi',
      language: 'de',
      username: 'alice_k',
    })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      id: alice.user.id,
      first_name: 'Alice',
      last_name: 'Karimi',
      language: 'de',
      username: 'alice_k',
    })
  })

  await t.test('premium, credits, role and ids can never be set by the client', async (t) => {
    const res = await put(bob.token, {
      first_name: 'Bob',
      is_premium: true,
      premium_until: '2099-01-01',
      ai_credits: 9999,
      role: 'admin',
      id: alice.user.id,
      telegram_id: 1,
    })
    t.equal(res.statusCode, 200)
    t.match(res.json().data, {
      id: bob.user.id,
      first_name: 'Bob',
      is_premium: false,
      ai_credits: 3,
      role: 'user',
      telegram_id: 5002,
    })
    const aliceNow = await app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${alice.token}` },
    })
    t.equal(aliceNow.json().data.first_name, 'Alice', 'the other user is untouched')
  })

  await t.test('bad input is a 400 with field errors and changes nothing', async (t) => {
    const bad = await put(bob.token, { first_name: '', language: 'xx', username: 'a b' })
    t.equal(bad.statusCode, 400)
    t.ok(bad.json().error.details.length >= 3)
    const plain = await app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'text/plain' },
      payload: 'first_name=Eve',
    })
    t.equal(plain.statusCode, 415, 'text/plain is refused')
    const bobNow = await app.inject({ url: '/api/v1/users/profile', headers: { authorization: `Bearer ${bob.token}` } })
    t.match(bobNow.json().data, { first_name: 'Bob', username: null, language: 'fa' })
  })
})
