import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildGateway, type GatewayOptions } from '../../server/gateway/app.ts'
import { productionRenderer } from '../../server/gateway/ssr/renderer.ts'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import type { ApiOptions } from '../../server/api/app.ts'
import { buildTestApi, TEST_BOT_TOKEN } from './build-api.ts'
import { setCookies } from './cookies.ts'
import { verifiedIdentity } from './email.ts'
import { signTelegramLogin } from './telegram.ts'

interface Teardown {
  teardown(fn: () => unknown): void
}

/** A temporary DATA_DIR removed after the test. */
export function tempDir(t: Teardown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'khaneh-test-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * The real gateway in front of the real API, which listens on a loopback port as in production;
 * requests go through `gateway.inject()`. Pages are rendered from the client's source (so the
 * coverage of the client counts them) with the built client's asset names from dist/; the
 * browser journeys run the built SSR bundle itself.
 */
export async function buildTestStack(
  t: Teardown,
  overrides: Partial<GatewayOptions> = {},
  apiOverrides: Partial<ApiOptions> = {},
) {
  const { app: api, db } = await buildTestApi(t, apiOverrides)
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  const dataDir = tempDir(t)
  const photos = diskPhotoStore(dataDir)
  // one process running both, as `npm start` does: the gateway hears of writes through the API's change bus
  const gateway = await buildTestGateway(t, apiUrl, { photos, changes: api.publicChanges, ...overrides })
  return { gateway, api, db, photos, apiUrl }
}

/** A gateway of the test stack's kind in front of an API already listening at `apiUrl` (a second gateway of one stack). */
export async function buildTestGateway(
  t: Teardown,
  apiUrl: string,
  overrides: Partial<GatewayOptions> = {},
): Promise<FastifyInstance> {
  const gateway: FastifyInstance = await buildGateway({
    apiUrl,
    publicBaseUrl: 'https://khaneh.example',
    renderer: await productionRenderer(path.resolve('dist'), () => import('../../client/entry.server.tsx')),
    photos: diskPhotoStore(tempDir(t)),
    clientDir: path.resolve('dist/client'),
    logLevel: 'silent',
    renderCacheMs: 0,
    ...overrides,
  })
  t.teardown(() => gateway.close())
  return gateway
}

/** The session cookies' names on an https site (the test stack's). */
export const SESSION_COOKIES = { access: '__Host-khaneh_at', refresh: '__Host-khaneh_rt' } as const

/**
 * A Telegram sign-in through the gateway, as a page makes it: the answer, the user's id, and the
 * session cookies it set (ready for `inject({ cookies })`).
 */
export async function signInThroughGateway(
  gateway: FastifyInstance,
  telegramId: number,
  firstName = `User${telegramId}`,
) {
  const fields = signTelegramLogin(
    { id: telegramId, first_name: firstName, auth_date: Math.floor(Date.now() / 1000) },
    TEST_BOT_TOKEN,
  )
  const res = await gateway.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram-login',
    headers: { origin: 'https://khaneh.example' },
    payload: fields,
  })
  const set = setCookies(res)
  const access = set[SESSION_COOKIES.access]?.value ?? ''
  const refresh = set[SESSION_COOKIES.refresh]?.value ?? ''
  return {
    res,
    id: (res.statusCode === 200 ? res.json().data.user.id : 0) as number,
    access,
    refresh,
    cookies: { [SESSION_COOKIES.access]: access, [SESSION_COOKIES.refresh]: refresh },
  }
}

/** An e-mail account made (verified, then created) through the gateway as the sign-up page does it: its access cookie. */
export async function emailAccountThroughGateway(
  gateway: FastifyInstance,
  api: FastifyInstance,
  dataDir: string,
  email: string,
  firstName: string,
): Promise<Record<string, string>> {
  const identity = await verifiedIdentity(api, dataDir, email)
  const res = await gateway.inject({
    method: 'POST',
    url: '/api/v1/auth/create-user',
    headers: { origin: 'https://khaneh.example' },
    payload: { firebase_token: identity.id_token, first_name: firstName },
  })
  return { [SESSION_COOKIES.access]: setCookies(res)[SESSION_COOKIES.access]!.value }
}

/** A single-use nonce for linking Telegram to the signed-in account of these cookies (the merge callback's). */
export async function linkNonce(gateway: FastifyInstance, cookies: Record<string, string>): Promise<string> {
  const res = await gateway.inject({
    method: 'POST',
    url: '/api/v1/users/link-nonce',
    headers: { origin: 'https://khaneh.example' },
    cookies,
    payload: {},
  })
  return res.json().data.nonce as string
}
