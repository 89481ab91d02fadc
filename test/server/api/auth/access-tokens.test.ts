import { decodeJwt, SignJWT } from 'jose'
import t from 'tap'
import { accessTokens } from '../../../../server/api/plugins/access-tokens.ts'

const SECRET = 'a-test-secret-for-access-tokens-000000'

t.test('a token checked once is still refused once it expires', async (t) => {
  // `exp` is in whole seconds: two of them leave at least one to check the token in, on a busy machine too
  const tokens = accessTokens(SECRET, 2_000)
  const token = await tokens.sign({ userId: 7, role: 'admin' })
  t.same(await tokens.verify(token), { userId: 7, role: 'admin' })
  t.same(await tokens.verify(token), { userId: 7, role: 'admin' }, 'again, within its lifetime')
  const expires = decodeJwt(token).exp! * 1000
  await new Promise((resolve) => setTimeout(resolve, expires - Date.now() + 50))
  await t.rejects(tokens.verify(token), { code: 'UNAUTHENTICATED', message: 'Access token expired' })
})

t.test('only tokens that pass are remembered: a refused one is refused every time', async (t) => {
  const tokens = accessTokens(SECRET, 60_000)
  const now = Math.floor(Date.now() / 1000)
  const foreign = await new SignJWT({ role: 'admin' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('7')
    .setIssuer('khaneh-api')
    .setAudience('khaneh')
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(new TextEncoder().encode('another-secret-altogether-0000000000'))
  for (let i = 0; i < 2; i++)
    await t.rejects(tokens.verify(foreign), { code: 'UNAUTHENTICATED', message: 'Invalid access token' })
  const mine = await tokens.sign({ userId: 7, role: 'user' })
  t.same(await tokens.verify(mine), { userId: 7, role: 'user' })
  t.not(mine, foreign)
})
