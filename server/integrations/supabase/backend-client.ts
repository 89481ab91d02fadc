import type { SupabaseClient } from '@supabase/supabase-js'

export interface SupabaseSettings {
  /** The project's URL (SUPABASE_URL), e.g. https://abcd.supabase.co; a fake on loopback in tests. */
  url: string
  /** The service role key (SUPABASE_SERVICE_ROLE_KEY): full access, so it stays on the server and out of every log. */
  serviceRoleKey: string
}

/**
 * The product's one backend-as-a-service client (docs/decisions/004-photo-store.md): created on the server from the
 * project URL and the service role key, with no session kept or refreshed — the server acts as
 * itself, never as a signed-in user. Not created at all when Supabase is not configured; loaded with
 * `import()` so that a process without it never loads supabase-js (docs/decisions/004-photo-store.md).
 * `fetch` lets a caller bound every request it makes (the photo store's timeouts).
 */
export async function supabaseBackendClient(
  settings: SupabaseSettings,
  options: { fetch?: typeof fetch } = {},
): Promise<SupabaseClient> {
  const { createClient } = await import('@supabase/supabase-js')
  return createClient(settings.url, settings.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: options.fetch ? { fetch: options.fetch } : {},
  })
}
