import t from 'tap'
import { RouterContextProvider, type RouteObject } from 'react-router'
import { dashboardLayout } from '../../../../client/dashboard.tsx'
import type { Transport } from '../../../../client/lib/api/call.ts'
import { createApi } from '../../../../client/lib/api/index.ts'
import { apiContext, identityContext, localeContext } from '../../../../client/lib/context.ts'
import { identityFor } from '../../../../client/lib/identity.ts'
import { redirectOf } from '../../../helpers/page-context.ts'

type Handler = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => unknown

const unauthenticated = {
  status: 401,
  body: {
    success: false,
    data: null,
    error: { code: 'UNAUTHENTICATED', message: 'Authentication required', details: null },
  },
}
const admin = {
  status: 200,
  body: {
    success: true,
    data: { id: 1, first_name: 'Sara', role: 'admin', ai_credits: 3, language: 'en' },
    error: null,
  },
}

/** Every signed-in page of the route table, with its address and the module React Router loads for it. */
async function signedInPages(): Promise<Array<{ path: string; module: Record<string, unknown> }>> {
  const layout = dashboardLayout('en')
  const pages = [{ path: '/en/dashboard', module: await (layout.lazy as () => Promise<Record<string, unknown>>)() }]
  for (const child of layout.children as RouteObject[]) {
    const module = await (child.lazy as () => Promise<Record<string, unknown>>)()
    pages.push({ path: `/en/dashboard${child.path ? `/${child.path.replace(':id', '5')}` : ''}`, module })
  }
  for (const name of ['sandbox-checkout-page', 'checkout-result-page'])
    pages.push({
      path: '/en/checkout/result/5',
      module: await import(`../../../../client/features/checkout/${name}.tsx`),
    })
  return pages
}

function argsFor(path: string, transport: Transport, method = 'GET') {
  const context = new RouterContextProvider()
  context.set(localeContext, 'en')
  const api = createApi(transport)
  context.set(apiContext, api)
  context.set(identityContext, identityFor({}, api))
  const request = new Request(new URL(`${path}?page=2`, 'http://localhost'), {
    method,
    ...(method === 'POST' && { body: new URLSearchParams({ intent: 'unlink', method: 'email' }) }),
  })
  return { request, params: { id: '5' }, context }
}

t.test(
  'a signed-in page whose API call answers 401 sends the reader to sign in with `next`, whichever call it was',
  async (t) => {
    const pages = await signedInPages()
    t.ok(pages.length >= 17, 'every signed-in page is checked')
    const withoutSession: Transport = async () => unauthenticated
    // the guard's profile read succeeds, then the session ends before the page's own call
    const endedAfterGuard: Transport = async (path) => (path.startsWith('/users/profile') ? admin : unauthenticated)
    let refusals = 0
    const counted =
      (inner: Transport): Transport =>
      async (path, init) => {
        const answer = await inner(path, init)
        if (answer.status === 401) refusals++
        return answer
      }
    for (const { path, module } of pages) {
      const next = encodeURIComponent(`${path}?page=2`)
      // an action (something done without a session) also says why: login=required
      const signIn = {
        loader: { status: 302, location: `/en/auth?next=${next}` },
        action: { status: 302, location: `/en/auth?login=required&next=${next}` },
      }
      for (const [name, transport] of [
        ['no session', withoutSession],
        ['ended after the guard', endedAfterGuard],
      ] as const) {
        for (const kind of ['loader', 'action'] as const) {
          const handler = module[kind] as Handler | undefined
          if (!handler) continue
          refusals = 0
          let outcome: unknown
          try {
            await handler(argsFor(path, counted(transport), kind === 'action' ? 'POST' : 'GET'))
            outcome = 'answered'
          } catch (thrown) {
            outcome = redirectOf(thrown) ?? thrown
          }
          // a page that met no 401 (it needed only the profile, or nothing) answers; none swallows one
          t.same(outcome, refusals === 0 ? 'answered' : signIn[kind], `${path} ${kind}, ${name}`)
        }
      }
    }
  },
)

t.test('a heart pressed without a session sends the viewer to sign in and back to the page it was on', async (t) => {
  const { action } = await import('../../../../client/features/favorites/favorite-action.ts')
  const press = async (from: string) => {
    const context = new RouterContextProvider()
    context.set(localeContext, 'en')
    context.set(
      apiContext,
      createApi(async () => unauthenticated),
    )
    const request = new Request('http://localhost/en/favorite', {
      method: 'POST',
      body: new URLSearchParams({ listing: '7', favorite: 'true', from }),
    })
    try {
      await action({ request, params: {}, context, unstable_pattern: '/en/favorite' } as never)
      return 'answered'
    } catch (thrown) {
      return redirectOf(thrown) ?? thrown
    }
  }
  t.same(await press('/en/listings?page=2'), {
    status: 302,
    location: `/en/auth?login=required&next=${encodeURIComponent('/en/listings?page=2')}`,
  })
  // a `from` that leaves the site is not followed: the action's own address instead
  t.same(await press('https://elsewhere.example/'), {
    status: 302,
    location: `/en/auth?login=required&next=${encodeURIComponent('/en/favorite')}`,
  })
})
