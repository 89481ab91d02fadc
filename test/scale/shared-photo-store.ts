import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The fake Supabase Storage API on loopback (test/helpers/fake-supabase-storage.ts). */
interface FakeStorage {
  url: string
  serviceRoleKey: string
  close(): Promise<void>
}

const FAKE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../helpers/fake-supabase-storage.ts')

/**
 * The photo store both processes share: Supabase Storage (a fake of its REST API on loopback), as
 * README's "Running on many machines" asks. `shared` is false, with the reason, while the fake is
 * not in the tree: the processes then start on their disk stores and the photo row says why it fails.
 */
export async function sharedPhotoStore(): Promise<{
  env: Record<string, string>
  shared: boolean
  why: string
  close(): Promise<void>
}> {
  if (!existsSync(FAKE))
    return {
      env: {},
      shared: false,
      why: 'no shared photo store: test/helpers/fake-supabase-storage.ts (a fake Supabase Storage API) is missing',
      close: async () => {},
    }
  // imported by its path, so this file type-checks before the fake exists
  const { startFakeSupabaseStorage } = (await import(FAKE)) as { startFakeSupabaseStorage(): Promise<FakeStorage> }
  const fake = await startFakeSupabaseStorage()
  return {
    env: { SUPABASE_URL: fake.url, SUPABASE_SERVICE_ROLE_KEY: fake.serviceRoleKey, SUPABASE_STORAGE_BUCKET: 'photos' },
    shared: true,
    why: 'photos in Supabase Storage (a fake on loopback)',
    close: () => fake.close(),
  }
}
