import { z } from 'zod'
import { DEFAULT_MAP_TILES_URL } from '../shared/map-tiles.ts'

/*
 * The rules relating several variables of server/config.ts (a role and the API's address, a provider
 * and its keys, halves of a pair); one variable's own rules stay in its schema there.
 */

/** Whether the photo store chosen from these variables is one that every process reads (Supabase or Telegram). */
function sharedPhotoStore(e: {
  SUPABASE_URL?: string
  SUPABASE_SERVICE_ROLE_KEY?: string
  TELEGRAM_BOT_TOKEN?: string
  TELEGRAM_STORAGE_CHAT_ID?: string
}): boolean {
  const set = (v?: string) => Boolean(v?.trim())
  return (
    (set(e.SUPABASE_URL) && set(e.SUPABASE_SERVICE_ROLE_KEY)) ||
    (set(e.TELEGRAM_BOT_TOKEN) && set(e.TELEGRAM_STORAGE_CHAT_ID))
  )
}

// Rules across variables run even when another variable is bad, so one start reports every mistake;
// they read only what they need, as given (a bad variable beside them may be unparsed).
const always = { when: () => true }
type Pairs = {
  NODE_ENV?: string
  ROLE?: string
  API_URL?: string
  DATABASE_URL?: string
  FIREBASE_AUTH_EMULATOR_HOST?: string
  OPENAI_BASE_URL?: string
  OPENAI_API_KEY?: string
  AI_PROVIDER?: string
  PUBLIC_BASE_URL?: string
  PAYMENTS_PROVIDER?: string
  STRIPE_SECRET_KEY?: string
  STRIPE_WEBHOOK_SECRET?: string
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  TELEGRAM_BOT_TOKEN?: string
  TELEGRAM_STORAGE_CHAT_ID?: string
  SUPABASE_URL?: string
  SUPABASE_SERVICE_ROLE_KEY?: string
  MAP_TILES_URL?: string
  MAP_TILES_ATTRIBUTION?: string
  /** Parsed (a number), or as given when another variable is bad. */
  INSTANCES?: number | string
  /** Parsed (a boolean), or as given when another variable is bad. */
  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS?: boolean | string
}

/** What this process runs (docs/decisions/031-process-roles.md): as set, else a gateway when API_URL names the API, else both. */
export function roleOf(e: Pick<Pairs, 'ROLE' | 'API_URL'>): 'all' | 'api' | 'gateway' {
  if (e.ROLE === 'all' || e.ROLE === 'api' || e.ROLE === 'gateway') return e.ROLE
  return e.API_URL ? 'gateway' : 'all'
}

/** The checks across variables, run on the environment after each variable's own schema. */
export const CROSS_VARIABLE_RULES = [
  // The emulator makes firebase-admin accept unsigned tokens: never in production.
  z.refine<Pairs>((e) => !((e.NODE_ENV ?? 'production') === 'production' && e.FIREBASE_AUTH_EMULATOR_HOST), {
    ...always,
    path: ['FIREBASE_AUTH_EMULATOR_HOST'],
    message: 'must not be set in production (it disables token signature checks)',
  }),
  // It opens the push SSRF guard (docs/decisions/020-alerts-and-outbox.md): tests only, never in production.
  z.refine<Pairs>(
    (e) =>
      !(
        (e.NODE_ENV ?? 'production') === 'production' &&
        [true, 'true', '1', 'yes'].includes(e.WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS ?? false)
      ),
    {
      ...always,
      path: ['WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS'],
      message: 'must not be set in production (it lets users make the server post to its own network)',
    },
  ),
  // half a configuration is a mistake, not a wish for no translator
  z.refine<Pairs>((e) => Boolean(e.OPENAI_BASE_URL) || !e.OPENAI_API_KEY, {
    ...always,
    path: ['OPENAI_BASE_URL'],
    message: 'must be set together with OPENAI_API_KEY',
  }),
  z.refine<Pairs>((e) => Boolean(e.OPENAI_API_KEY) || !e.OPENAI_BASE_URL, {
    ...always,
    path: ['OPENAI_API_KEY'],
    message: 'must be set together with OPENAI_BASE_URL',
  }),
  // AI search through a model needs the model's address and key (docs/decisions/021-ai-search-and-credits.md)
  z.refine<Pairs>((e) => e.AI_PROVIDER !== 'openai' || Boolean(e.OPENAI_BASE_URL && e.OPENAI_API_KEY), {
    ...always,
    path: ['AI_PROVIDER'],
    message: 'openai needs OPENAI_BASE_URL and OPENAI_API_KEY',
  }),
  // A public deployment never takes test payments by accident: the sandbox there is a choice (docs/decisions/019-payments-ledger.md).
  z.refine<Pairs>((e) => Boolean(e.PAYMENTS_PROVIDER) || !e.PUBLIC_BASE_URL?.startsWith('https:'), {
    ...always,
    path: ['PAYMENTS_PROVIDER'],
    message:
      'must be set when PUBLIC_BASE_URL is https: stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or sandbox on purpose for a test deployment',
  }),
  z.refine<Pairs>((e) => e.PAYMENTS_PROVIDER !== 'stripe' || Boolean(e.STRIPE_SECRET_KEY), {
    ...always,
    path: ['STRIPE_SECRET_KEY'],
    message: 'must be set when PAYMENTS_PROVIDER is stripe',
  }),
  z.refine<Pairs>((e) => e.PAYMENTS_PROVIDER !== 'stripe' || Boolean(e.STRIPE_WEBHOOK_SECRET), {
    ...always,
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'must be set when PAYMENTS_PROVIDER is stripe',
  }),
  // a process's role and the variables that say where its API and database are (docs/decisions/031-process-roles.md)
  z.refine<Pairs>((e) => e.ROLE !== 'gateway' || Boolean(e.API_URL), {
    ...always,
    path: ['API_URL'],
    message: 'must be set with ROLE=gateway: the address of the API this gateway serves',
  }),
  z.refine<Pairs>((e) => e.ROLE !== 'api' || !e.API_URL, {
    ...always,
    path: ['API_URL'],
    message: 'must not be set with ROLE=api: this process is the API',
  }),
  z.refine<Pairs>((e) => e.ROLE !== 'all' || !e.API_URL, {
    ...always,
    path: ['ROLE'],
    message: 'all runs its own API, but API_URL names another: unset API_URL, or set ROLE=gateway',
  }),
  // half a key pair is a mistake, not a wish for a generated one
  z.refine<Pairs>((e) => Boolean(e.VAPID_PUBLIC_KEY) === Boolean(e.VAPID_PRIVATE_KEY), {
    ...always,
    path: ['VAPID_PRIVATE_KEY'],
    message: 'must be set together with VAPID_PUBLIC_KEY',
  }),
  // half a Supabase configuration is a mistake, not a wish for photos on disk
  z.refine<Pairs>((e) => Boolean(e.SUPABASE_URL) === Boolean(e.SUPABASE_SERVICE_ROLE_KEY?.trim()), {
    ...always,
    path: ['SUPABASE_SERVICE_ROLE_KEY'],
    message: 'must be set together with SUPABASE_URL',
  }),
  // photos on disk are seen by one process only (docs/decisions/004-photo-store.md); a gateway keeps none
  z.refine<Pairs>((e) => !(Number(e.INSTANCES) > 1) || roleOf(e) === 'gateway' || sharedPhotoStore(e), {
    ...always,
    path: ['INSTANCES'],
    message:
      "is more than 1, but photos would be kept on this machine's disk: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Supabase Storage), or TELEGRAM_BOT_TOKEN and TELEGRAM_STORAGE_CHAT_ID (Telegram)",
  }),
  // another provider's tiles are shown with that provider's credit, never OpenStreetMap's by mistake
  z.refine<Pairs>(
    (e) =>
      !e.MAP_TILES_URL?.trim() ||
      e.MAP_TILES_URL.trim() === DEFAULT_MAP_TILES_URL ||
      Boolean(e.MAP_TILES_ATTRIBUTION?.trim()),
    {
      ...always,
      path: ['MAP_TILES_ATTRIBUTION'],
      message:
        "must be set with MAP_TILES_URL: the credit the tiles' provider asks for, e.g. © [Provider](https://…) © [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)",
    },
  ),
]
