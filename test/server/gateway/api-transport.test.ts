import t from 'tap'
import { serverTransport } from '../../../server/gateway/api-transport.ts'
import type { RequestSession } from '../../../server/gateway/session.ts'
import type { Upstream } from '../../../server/gateway/upstream.ts'

t.test("page loaders' reads of places go without the session's token; listings and the rest carry it", async (t) => {
  const sent: Array<{ path: string; authorization?: string; anonymous?: boolean }> = []
  const upstream = {
    json: async (req: { path: string; headers?: Record<string, string>; anonymous?: boolean }) => {
      sent.push({ path: req.path, authorization: req.headers?.authorization, anonymous: req.anonymous })
      return { status: 200, body: { success: true, data: null, error: null, timestamp: '' } }
    },
  } as unknown as Upstream
  const session: RequestSession = {
    access: () => 'access.token.x',
    renew: async () => undefined,
    end: () => {},
    setCookies: () => [],
  }
  const transport = serverTransport(upstream, { id: 'req-1', ip: '203.0.113.9' }, session)
  await transport('/locations/countries?language=en')
  await transport('/locations/cities/search?q=ber')
  await transport('/listings?language=en')
  await transport('/favorites')
  t.same(sent, [
    // the same answer for everyone: shared with anonymous readers (the gateway's cache)
    { path: '/api/v1/locations/countries?language=en', authorization: undefined, anonymous: true },
    { path: '/api/v1/locations/cities/search?q=ber', authorization: undefined, anonymous: true },
    // a signed-in reader's listings carry their favourites
    { path: '/api/v1/listings?language=en', authorization: 'Bearer access.token.x', anonymous: false },
    { path: '/api/v1/favorites', authorization: 'Bearer access.token.x', anonymous: false },
  ])
})
