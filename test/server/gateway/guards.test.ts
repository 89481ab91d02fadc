import t from 'tap'
import { TEST_BOT_TOKEN } from '../../helpers/build-api.ts'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { signTelegramLogin } from '../../helpers/telegram.ts'

const AT = '__Host-khaneh_at'
const RT = '__Host-khaneh_rt'

t.test('page guards and the session in page rendering', async (t) => {
  const { gateway } = await buildTestStack(t)
  const { cookies: session } = await signInThroughGateway(gateway, 6001, 'Parisa')

  await t.test('/dashboard without a session → the localized sign-in page with next', async (t) => {
    const fa = await gateway.inject({ url: '/dashboard/profile' })
    t.equal(fa.statusCode, 302)
    t.equal(fa.headers.location, '/auth?next=%2Fdashboard%2Fprofile')
    const en = await gateway.inject({ url: '/en/dashboard' })
    t.equal(en.headers.location, '/en/auth?next=%2Fen%2Fdashboard')
  })

  await t.test('/dashboard with a session renders for that user', async (t) => {
    const res = await gateway.inject({ url: '/en/dashboard', cookies: session })
    t.equal(res.statusCode, 200)
    t.match(res.body, /Signed in as <!-- -->Parisa|Signed in as Parisa/)
    t.match(res.body, /class="scroll-locked"/)
  })

  await t.test('an expired access cookie is refreshed while rendering; the page sets the new cookies', async (t) => {
    const res = await gateway.inject({ url: '/en/dashboard', cookies: { [AT]: 'old.x.y', [RT]: session[RT]! } })
    t.equal(res.statusCode, 200)
    const set = String(res.headers['set-cookie'])
    t.match(set, new RegExp(`${RT}=[\\w-]{20,}; Max-Age=2592000`))
  })

  await t.test('/auth is for guests: a signed-in visitor goes on to a safe next or the dashboard', async (t) => {
    const fresh = await gateway.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram-login',
      headers: { origin: 'https://khaneh.example' },
      payload: signTelegramLogin(
        { id: 6002, first_name: 'Omid', auth_date: Math.floor(Date.now() / 1000) },
        TEST_BOT_TOKEN,
      ),
    })
    const raw = fresh.headers['set-cookie']
    const access = (Array.isArray(raw) ? raw : [String(raw)])
      .find((c) => c.startsWith(`${AT}=`))!
      .split(';')[0]!
      .slice(AT.length + 1)
    const guest = await gateway.inject({ url: '/en/auth' })
    t.equal(guest.statusCode, 200, 'guests see the sign-in page')
    const toDashboard = await gateway.inject({ url: '/en/auth', cookies: { [AT]: access } })
    t.equal(toDashboard.statusCode, 302)
    t.equal(toDashboard.headers.location, '/en/dashboard')
    const next = await gateway.inject({ url: '/en/auth?next=%2Fen%2Fdashboard%2Fprofile', cookies: { [AT]: access } })
    t.equal(next.headers.location, '/en/dashboard/profile')
    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await gateway.inject({ url: `/en/auth?next=${encodeURIComponent(evil)}`, cookies: { [AT]: access } })
      t.equal(res.headers.location, '/en/dashboard', `no open redirect to ${evil}`)
    }
    // browsers strip tab, CR and LF from a Location, so `/\t/evil.example` would land on evil.example
    for (const query of ['/%09/evil.example', '/%0A/evil.example', '/%0D%0A/x', '/%00/x', '/.//evil.example']) {
      const res = await gateway.inject({ url: `/en/auth?next=${query}`, cookies: { [AT]: access } })
      t.equal(res.statusCode, 302, `${query} is a redirect, not an error`)
      t.equal(res.headers.location, '/en/dashboard', `no open redirect through ${query}`)
    }
    const persian = await gateway.inject({
      url: `/en/auth?next=${encodeURIComponent('/listing/خانه')}`,
      cookies: { [AT]: access },
    })
    t.equal(persian.statusCode, 302, 'a non-Latin-1 next is no 500')
    t.equal(persian.headers.location, '/listing/%D8%AE%D8%A7%D9%86%D9%87')
  })

  await t.test(
    'a Telegram widget callback on a page: verified on the server, then signed in and sent on',
    async (t) => {
      const fields = signTelegramLogin(
        {
          id: 6003,
          first_name: 'Nima',
          last_name: 'R',
          username: 'nima',
          photo_url: 'https://t.me/i/userpic/320/n.jpg',
          auth_date: Math.floor(Date.now() / 1000),
        },
        TEST_BOT_TOKEN,
      )
      const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))
      const ok = await gateway.inject({ url: `/en/auth?${query}&next=${encodeURIComponent('/en/dashboard/profile')}` })
      t.equal(ok.statusCode, 303)
      t.equal(ok.headers.location, '/en/dashboard/profile')
      t.match(
        String(ok.headers['set-cookie']),
        /__Host-khaneh_at=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax; Secure/,
      )
      const tabbed = signTelegramLogin(
        {
          id: 6004,
          first_name: 'Tara',
          last_name: 'T',
          username: 'tara',
          photo_url: 'https://t.me/i/userpic/320/t.jpg',
          auth_date: Math.floor(Date.now() / 1000),
        },
        TEST_BOT_TOKEN,
      )
      const tabbedQuery = new URLSearchParams(Object.entries(tabbed).map(([k, v]) => [k, String(v)]))
      const viaCallback = await gateway.inject({ url: `/en/auth?${tabbedQuery}&next=/%09/evil.example` })
      t.equal(viaCallback.statusCode, 303)
      t.equal(viaCallback.headers.location, '/en/dashboard', 'the Telegram callback refuses a tabbed next too')
      const replay = await gateway.inject({ url: `/en/auth?${query}` })
      t.equal(replay.statusCode, 303)
      t.equal(replay.headers.location, '/en/auth?error=telegram&reason=replayed', 'a replayed payload is refused')
      query.set('first_name', 'Mallory')
      const forged = await gateway.inject({ url: `/auth?${query}&next=${encodeURIComponent('//evil.example')}` })
      t.equal(
        forged.headers.location,
        `/auth?error=telegram&reason=bad_hash&next=${encodeURIComponent('//evil.example')}`,
      )
      t.notOk(forged.headers['set-cookie'], 'no session for a forged payload')
      const page = await gateway.inject({ url: '/en/auth?error=telegram' })
      t.match(page.body, /role="alert"[^>]*>Telegram sign-in failed/)
      t.match(
        String(page.headers['content-security-policy']),
        /frame-src 'none'/,
        'no Telegram frame without a configured bot',
      )
    },
  )
})
