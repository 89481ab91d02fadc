import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildGateway, type GatewayOptions } from '../../server/gateway/app.ts'
import { productionRenderer } from '../../server/gateway/ssr/renderer.ts'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import type { ApiOptions } from '../../server/api/app.ts'
import { buildTestApi } from './build-api.ts'

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
 * The real gateway (built client + SSR bundle from dist/) in front of the real API, which listens
 * on a loopback port as in production; requests go through `gateway.inject()`.
 */
export async function buildTestStack(t: Teardown, overrides: Partial<GatewayOptions> = {}, apiOverrides: Partial<ApiOptions> = {}) {
  const { app: api, db } = await buildTestApi(t, apiOverrides)
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  const dataDir = tempDir(t)
  const photos = diskPhotoStore(dataDir)
  const gateway: FastifyInstance = await buildGateway({
    apiUrl,
    publicBaseUrl: 'https://khaneh.example',
    renderer: await productionRenderer(path.resolve('dist')),
    photos,
    clientDir: path.resolve('dist/client'),
    logLevel: 'silent',
    publicCacheMs: 0,
    ...overrides,
  })
  t.teardown(() => gateway.close())
  return { gateway, api, db, photos, apiUrl }
}
