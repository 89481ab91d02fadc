import type { FastifyInstance } from 'fastify'
import { RouterContextProvider, type LoaderFunctionArgs } from 'react-router'
import { createApi } from '../../client/lib/api/index.ts'
import type { Transport } from '../../client/lib/api/call.ts'
import { parseWire } from '../../client/lib/api/parse.ts'
import { apiContext, identityContext, localeContext } from '../../client/lib/context.ts'
import { identityFor } from '../../client/lib/identity.ts'
import type { LocaleCode } from '../../shared/locales.ts'

/** The loaders' transport to the test API through `app.inject()`: as the session of `token`, or anonymously. */
export function injectTransport(app: FastifyInstance, token?: string): Transport {
  return async (path, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `/api/v1${path}`,
      headers: { ...init?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(init?.body !== undefined && { payload: init.body as object }),
    })
    return { status: res.statusCode, body: res.body === '' ? null : res.json() }
  }
}

export interface PageCall {
  /** The test API the page's API client calls; a page that calls none needs none. */
  app?: FastifyInstance
  /** The visitor's access token; anonymous without one. */
  token?: string
  locale?: LocaleCode
  params?: Record<string, string>
  /** Fields of a submitted form: the request is then a POST, as React Router hands it to an action. */
  form?: Record<string, string>
}

/**
 * What React Router hands a page's loader or action for `path`, with the context the server's
 * renderer gives (client/entry.server.tsx): the API client, the identity provider and the language.
 */
export function routeArgs(
  path: string,
  { app, token, locale = 'en', params = {}, form }: PageCall = {},
): LoaderFunctionArgs {
  const context = new RouterContextProvider()
  context.set(localeContext, locale)
  if (app) {
    // as the server's renderer builds it: answers parsed with their shared schemas
    const api = createApi(injectTransport(app, token), { parse: parseWire })
    context.set(apiContext, api)
    context.set(identityContext, identityFor({}, api))
  }
  const url = new URL(path, 'http://localhost')
  const request = form ? new Request(url, { method: 'POST', body: new URLSearchParams(form) }) : new Request(url)
  return { request, url, pattern: '', params, context }
}

/** What `work` throws or rejects with (a redirect Response, a `data()` error answer, an error); a failure when it does neither. */
export async function thrownBy(work: () => unknown): Promise<unknown> {
  try {
    await work()
  } catch (thrown) {
    return thrown
  }
  throw new Error('expected a throw')
}

/** Where a thrown redirect leads (React Router's `redirect()`/`redirectDocument()` Response), or null. */
export function redirectOf(thrown: unknown): { status: number; location: string | null } | null {
  return thrown instanceof Response ? { status: thrown.status, location: thrown.headers.get('location') } : null
}
