import { existsSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { DEFAULT_MAP_TILES_ATTRIBUTION, DEFAULT_MAP_TILES_URL } from '../../shared/map-tiles.ts'
import { ConfigError, configWarnings, loadConfig, parseDuration, publicConfig } from '../../server/config.ts'

t.test('config', async (t) => {
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40) }
  t.test('defaults', async (t) => {
    const config = loadConfig(base)
    t.equal(config.port, 3000)
    t.equal(config.publicBaseUrl, 'http://localhost:3000')
    t.equal(config.accessTokenTtlMs, 15 * 60_000)
    t.equal(config.apiUrl, undefined)
    t.equal(config.databasePoolSize, 10)
  })
  t.test('DATABASE_POOL_SIZE: the pooled PostgreSQL connections of a process', async (t) => {
    t.equal(loadConfig({ ...base, DATABASE_POOL_SIZE: '4' }).databasePoolSize, 4)
    t.throws(() => loadConfig({ ...base, DATABASE_POOL_SIZE: '0' }), /DATABASE_POOL_SIZE/)
    t.throws(() => loadConfig({ ...base, DATABASE_POOL_SIZE: 'many' }), /DATABASE_POOL_SIZE/)
  })
  t.test("MAP_TILES_URL: OpenStreetMap's tiles by default; another provider's need their credit", async (t) => {
    t.same(loadConfig(base).mapTiles, { url: DEFAULT_MAP_TILES_URL, attribution: DEFAULT_MAP_TILES_ATTRIBUTION })
    const provider = {
      ...base,
      MAP_TILES_URL: 'https://{s}.tiles.example.com/v1/{z}/{x}/{y}{r}.png?key=public',
      MAP_TILES_ATTRIBUTION: '© [Example Maps](https://example.com)',
    }
    t.same(loadConfig(provider).mapTiles, { url: provider.MAP_TILES_URL, attribution: provider.MAP_TILES_ATTRIBUTION })
    t.throws(
      () => loadConfig({ ...provider, MAP_TILES_ATTRIBUTION: undefined }),
      /MAP_TILES_ATTRIBUTION must be set with MAP_TILES_URL/,
    )
    t.throws(
      () => loadConfig({ ...provider, MAP_TILES_URL: 'https://tiles.example.com/{z}/{x}.png' }),
      /MAP_TILES_URL must contain \{z\}, \{x\} and \{y\}/,
    )
    t.throws(
      () => loadConfig({ ...provider, MAP_TILES_URL: 'ftp://tiles.example.com/{z}/{x}/{y}.png' }),
      /MAP_TILES_URL must be an http\(s\) URL/,
    )
    t.throws(
      () => loadConfig({ ...provider, MAP_TILES_URL: 'https://tiles.example.com/{z}/{x}/{y}/{style}.png' }),
      /MAP_TILES_URL has an unknown placeholder \{style\}/,
    )
  })
  t.test(
    'GEOCODER_URL: our own cities by default; a Nominatim-compatible service, asked with a User-Agent naming the site',
    async (t) => {
      t.equal(loadConfig(base).geocoder, undefined)
      t.same(
        loadConfig({
          ...base,
          GEOCODER_URL: 'https://nominatim.example.org/',
          GEOCODER_TIMEOUT: '800ms',
          PUBLIC_BASE_URL: 'http://khaneh.example',
        }).geocoder,
        { baseUrl: 'https://nominatim.example.org', timeoutMs: 800, userAgent: 'Khaneh (+http://khaneh.example)' },
      )
      t.equal(loadConfig({ ...base, GEOCODER_URL: 'https://nominatim.example.org' }).geocoder?.timeoutMs, 5000)
      t.throws(() => loadConfig({ ...base, GEOCODER_URL: 'ftp://nominatim.example.org' }), /GEOCODER_URL/)
      t.throws(
        () => loadConfig({ ...base, GEOCODER_URL: 'https://n.example.org', GEOCODER_TIMEOUT: 'soon' }),
        /GEOCODER_TIMEOUT/,
      )
    },
  )
  t.test('durations', async (t) => {
    t.equal(parseDuration('3s'), 3000)
    t.equal(parseDuration('1h'), 3_600_000)
    t.equal(parseDuration('soon'), null)
  })
  t.test('a bad value stops with one line naming the variable', async (t) => {
    t.throws(
      () => loadConfig({ ...base, PORT: 'eighty' }),
      new ConfigError('Invalid configuration: PORT Invalid input: expected number, received NaN'),
    )
    t.throws(() => loadConfig({ ...base, ACCESS_TOKEN_TTL: 'forever' }), /ACCESS_TOKEN_TTL must be a duration/)
    t.throws(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' }), /DATABASE_URL/)
  })
  t.test(
    'ROLE: all by default, a gateway with API_URL; each combination that cannot work stops with one line',
    async (t) => {
      const api = 'http://api.internal:4000'
      const db = 'postgres://khaneh@db.internal/khaneh'
      t.equal(loadConfig(base).role, 'all')
      t.equal(loadConfig({ ...base, API_URL: api }).role, 'gateway', 'API_URL alone: a gateway, as before ROLE')
      t.equal(loadConfig({ ...base, ROLE: 'gateway', API_URL: api }).role, 'gateway')
      t.equal(loadConfig({ ...base, ROLE: 'api', DATABASE_URL: db }).role, 'api')
      t.equal(loadConfig({ ...base, ROLE: 'api' }).role, 'api', 'an API on its embedded database (one process)')
      const refused: [Record<string, string>, string][] = [
        [{ ROLE: 'gateway' }, 'API_URL must be set with ROLE=gateway: the address of the API this gateway serves'],
        [{ ROLE: 'api', API_URL: api }, 'API_URL must not be set with ROLE=api: this process is the API'],
        [
          { ROLE: 'all', API_URL: api },
          'ROLE all runs its own API, but API_URL names another: unset API_URL, or set ROLE=gateway',
        ],
        [{ ROLE: 'both' }, 'ROLE Invalid option: expected one of "all"|"api"|"gateway"'],
      ]
      for (const [env, line] of refused)
        t.throws(() => loadConfig({ ...base, ...env }), new ConfigError(`Invalid configuration: ${line}`), line)
    },
  )
  t.test('several bad values are all named in the one error', async (t) => {
    const err = t.throws(() =>
      loadConfig({
        ...base,
        PORT: 'eighty',
        ACCESS_TOKEN_TTL: 'forever',
        REDIS_URL: 'http://x',
        OPENAI_API_KEY: 'sk-1',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ) as Error
    t.ok(err instanceof ConfigError)
    t.notMatch(err.message, /\n/, 'one line')
    for (const name of ['PORT', 'ACCESS_TOKEN_TTL', 'REDIS_URL', 'OPENAI_BASE_URL', 'FIREBASE_AUTH_EMULATOR_HOST'])
      t.match(err.message, name)
    t.match(err.message, /^Invalid configuration: PORT .+; ACCESS_TOKEN_TTL must be a duration/)
  })
  t.test('publicConfig holds only what a page may see, even with every secret set', async (t) => {
    const secrets = {
      SESSION_SECRET: 's'.repeat(40),
      TELEGRAM_BOT_TOKEN: '123456:bot-token-secret',
      SMTP_URL: 'smtps://user:smtp-password@mail.example.com',
      OPENAI_BASE_URL: 'https://api.example.com/v1',
      OPENAI_API_KEY: 'sk-openai-secret',
      DATABASE_URL: 'postgres://user:db-password@db.example.com/khaneh',
      REDIS_URL: 'redis://:redis-password@cache.example.com',
      METRICS_TOKEN: 'metrics-token-secret',
      FIREBASE_PROJECT_ID: 'khaneh-prod',
      FIREBASE_WEB_CONFIG: '{"apiKey":"AIza-public"}',
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'vapid-private-key-secret'.padEnd(43, 'x'),
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_SERVICE_ROLE_KEY: 'supabase-service-role-secret',
    }
    const config = loadConfig({ ...base, ...secrets, TELEGRAM_BOT_USERNAME: 'khaneh_bot' })
    const shown = publicConfig(config, config.webPush.keys!.publicKey)
    t.same(shown, {
      telegramBotUsername: 'khaneh_bot',
      firebaseApiKey: 'AIza-public',
      vapidPublicKey: 'B'.repeat(87),
      mapTiles: { url: DEFAULT_MAP_TILES_URL, attribution: DEFAULT_MAP_TILES_ATTRIBUTION },
    })
    const text = JSON.stringify(shown)
    for (const secret of [
      's'.repeat(40),
      'bot-token-secret',
      'smtp-password',
      'sk-openai-secret',
      'db-password',
      'redis-password',
      'metrics-token-secret',
      'vapid-private-key-secret',
      'supabase-service-role-secret',
    ])
      t.notMatch(text, secret)
    t.same(
      Object.keys(publicConfig(loadConfig({ ...base, TELEGRAM_BOT_USERNAME: 'khaneh_bot' }), 'B'.repeat(87))),
      ['vapidPublicKey', 'mapTiles'],
      'a bot name without its token shows no widget',
    )
  })
  t.test(
    "FIREBASE_WEB_CONFIG gives the pages Firebase's public API key; anything but JSON with an apiKey stops",
    async (t) => {
      const config = loadConfig({
        ...base,
        FIREBASE_PROJECT_ID: 'p',
        FIREBASE_WEB_CONFIG: '{"apiKey":"AIza-public","authDomain":"p.firebaseapp.com"}',
      })
      t.equal(config.firebase?.webApiKey, 'AIza-public')
      t.throws(
        () => loadConfig({ ...base, FIREBASE_WEB_CONFIG: '{apiKey:1}' }),
        /FIREBASE_WEB_CONFIG must be JSON with an apiKey/,
      )
      t.throws(() => loadConfig({ ...base, FIREBASE_WEB_CONFIG: '{"authDomain":"x"}' }), /FIREBASE_WEB_CONFIG/)
    },
  )
  t.test('FIREBASE_PROJECT_ID turns on Firebase sign-in', async (t) => {
    t.equal(loadConfig(base).firebase, undefined, 'unset: the built-in provider')
    t.equal(loadConfig({ ...base, FIREBASE_PROJECT_ID: 'khaneh-prod' }).firebase?.projectId, 'khaneh-prod')
  })
  t.test('FIREBASE_AUTH_EMULATOR_HOST is refused in production, where it would disable signature checks', async (t) => {
    const emulator = { ...base, FIREBASE_PROJECT_ID: 'demo-khaneh', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }
    t.throws(() => loadConfig({ ...emulator, NODE_ENV: 'production' }), {
      constructor: ConfigError,
      message: /FIREBASE_AUTH_EMULATOR_HOST/,
    })
    t.throws(
      () => loadConfig(emulator),
      { constructor: ConfigError, message: /FIREBASE_AUTH_EMULATOR_HOST/ },
      'production is the default NODE_ENV',
    )
    t.equal(
      loadConfig({ ...emulator, NODE_ENV: 'development' }).firebase?.projectId,
      'demo-khaneh',
      'loads in development',
    )
  })
  t.test('OPENAI_BASE_URL with OPENAI_API_KEY turns on translations; half of them stops', async (t) => {
    t.equal(loadConfig(base).openai, undefined, 'unset: no translator')
    t.same(loadConfig({ ...base, OPENAI_BASE_URL: 'https://api.example.com/v1/', OPENAI_API_KEY: 'sk-1' }).openai, {
      baseUrl: 'https://api.example.com/v1',
      apiKey: 'sk-1',
      model: 'gpt-4o-mini',
    })
    t.equal(
      loadConfig({ ...base, OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_API_KEY: 'k', OPENAI_MODEL: 'llama3' })
        .openai?.model,
      'llama3',
    )
    t.throws(
      () => loadConfig({ ...base, OPENAI_API_KEY: 'sk-1' }),
      /OPENAI_BASE_URL must be set together with OPENAI_API_KEY/,
    )
    t.throws(() => loadConfig({ ...base, OPENAI_BASE_URL: 'https://api.example.com/v1' }), /OPENAI_API_KEY must be set/)
    t.throws(() => loadConfig({ ...base, OPENAI_BASE_URL: 'ftp://x', OPENAI_API_KEY: 'k' }), /OPENAI_BASE_URL/)
  })
  t.test('AI_PROVIDER: the local parser by default; openai needs the model service', async (t) => {
    t.equal(loadConfig(base).aiProvider, 'local')
    const openai = { ...base, OPENAI_BASE_URL: 'https://api.example.com/v1', OPENAI_API_KEY: 'sk-1' }
    t.equal(loadConfig({ ...openai, AI_PROVIDER: 'openai' }).aiProvider, 'openai')
    t.equal(loadConfig(openai).aiProvider, 'local', 'a translator alone does not read AI queries')
    t.throws(() => loadConfig({ ...base, AI_PROVIDER: 'openai' }), /AI_PROVIDER openai needs OPENAI_BASE_URL/)
    t.throws(() => loadConfig({ ...base, AI_PROVIDER: 'gemini' }), /AI_PROVIDER/)
  })
  t.test('payments: the sandbox by default on http; https must choose; Stripe needs both secrets', async (t) => {
    t.same(loadConfig(base).payments, { provider: 'sandbox' }, 'a fresh machine keeps the sandbox')
    const https = { ...base, PUBLIC_BASE_URL: 'https://khaneh.example' }
    const err = t.throws(() => loadConfig(https)) as Error
    t.ok(err instanceof ConfigError)
    t.match(err.message, /^Invalid configuration: PAYMENTS_PROVIDER must be set when PUBLIC_BASE_URL is https/)
    t.notMatch(err.message, /\n/, 'one line')
    t.same(loadConfig({ ...https, PAYMENTS_PROVIDER: 'sandbox' }).payments, { provider: 'sandbox' }, 'on purpose')
    t.throws(
      () => loadConfig({ ...https, PAYMENTS_PROVIDER: 'stripe' }),
      /STRIPE_SECRET_KEY must be set.*STRIPE_WEBHOOK_SECRET must be set/,
    )
    t.throws(() => loadConfig({ ...base, PAYMENTS_PROVIDER: 'paypal' }), /PAYMENTS_PROVIDER/)
    t.same(
      loadConfig({
        ...https,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      }).payments,
      { provider: 'stripe', secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' },
    )
  })
  t.test('Supabase: used with its URL and service role key together; half of them stops', async (t) => {
    t.equal(loadConfig(base).supabase, undefined, 'not used when unset')
    const supabase = { SUPABASE_URL: 'https://abcd.supabase.co/', SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' }
    t.same(loadConfig({ ...base, ...supabase }).supabase, {
      url: 'https://abcd.supabase.co',
      serviceRoleKey: 'service-role-key',
      storageBucket: 'photos',
    })
    t.equal(
      loadConfig({ ...base, ...supabase, SUPABASE_STORAGE_BUCKET: 'khaneh-photos' }).supabase?.storageBucket,
      'khaneh-photos',
    )
    t.throws(
      () => loadConfig({ ...base, SUPABASE_URL: supabase.SUPABASE_URL }),
      /SUPABASE_SERVICE_ROLE_KEY must be set together with SUPABASE_URL/,
    )
    t.throws(
      () => loadConfig({ ...base, SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' }),
      /SUPABASE_SERVICE_ROLE_KEY must be set together with SUPABASE_URL/,
    )
    t.throws(() => loadConfig({ ...base, ...supabase, SUPABASE_URL: 'ftp://abcd' }), /SUPABASE_URL/)
    t.throws(
      () => loadConfig({ ...base, ...supabase, SUPABASE_STORAGE_BUCKET: 'Photos/../x' }),
      /SUPABASE_STORAGE_BUCKET must be a bucket name/,
    )
  })
  t.test('INSTANCES above 1 refuses the disk photo store with one line naming what to set', async (t) => {
    t.equal(loadConfig(base).instances, 1)
    const err = t.throws(() => loadConfig({ ...base, INSTANCES: '2' })) as Error
    t.type(err, ConfigError)
    t.notMatch(err.message, /\n/, 'one line')
    t.match(
      err.message,
      /^Invalid configuration: INSTANCES is more than 1, but photos would be kept on this machine's disk/,
    )
    for (const name of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_STORAGE_CHAT_ID'])
      t.match(err.message, name)
    const supabase = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'service-role-key' }
    t.equal(loadConfig({ ...base, ...supabase, INSTANCES: '4' }).instances, 4, 'Supabase Storage is shared')
    const telegram = { TELEGRAM_BOT_TOKEN: '42:token', TELEGRAM_STORAGE_CHAT_ID: '-100123' }
    t.equal(loadConfig({ ...base, ...telegram, INSTANCES: '2' }).instances, 2, 'so is the Telegram store')
    t.equal(
      loadConfig({ ...base, API_URL: 'http://10.0.0.5:4000', INSTANCES: '3' }).instances,
      3,
      'a gateway keeps no photos: it streams them from the API',
    )
    t.throws(
      () => loadConfig({ ...base, TELEGRAM_BOT_TOKEN: '42:token', INSTANCES: '2' }),
      /INSTANCES is more than 1/,
      'a bot alone stores nothing',
    )
    for (const bad of ['0', 'two', '1.5']) {
      const refused = t.throws(() => loadConfig({ ...base, INSTANCES: bad })) as Error
      t.notMatch(refused.message, /photos would be kept/, `${bad}: named as a bad number, not as a disk store`)
    }
  })
  t.test(
    'the session secret and the VAPID pair come from the environment, or else from the database (never a file)',
    async (t) => {
      const dir = t.testdir()
      const generated = loadConfig({ DATA_DIR: dir })
      t.equal(generated.sessionSecret, undefined, 'no secret is made by reading the configuration')
      t.equal(generated.webPush.keys, undefined)
      t.notOk(existsSync(path.join(dir, 'keys')), 'and nothing is written into DATA_DIR')
      t.equal(generated.webPush.subject, 'mailto:no-reply@khaneh.local', 'the MAIL_FROM address by default')
      const given = loadConfig({
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: 'B'.repeat(87),
        VAPID_PRIVATE_KEY: 'k'.repeat(43),
        VAPID_SUBJECT: 'https://khaneh.example',
      }).webPush
      t.same(given, {
        keys: { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43) },
        subject: 'https://khaneh.example',
        allowPrivateEndpoints: false,
      })
      t.throws(
        () => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'B'.repeat(87) }),
        /VAPID_PRIVATE_KEY must be set together/,
      )
      t.throws(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'me' }), /VAPID_SUBJECT must be a mailto:/)
    },
  )
})

t.test('a production start without PUBLIC_BASE_URL is warned about', async (t) => {
  t.match(configWarnings({ NODE_ENV: 'production' }), [
    { variable: 'PUBLIC_BASE_URL', message: /not set in production/ },
  ])
  t.match(configWarnings({}), [{ variable: 'PUBLIC_BASE_URL' }], 'production is the default')
  t.same(configWarnings({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://khaneh.example' }), [])
  t.same(configWarnings({ NODE_ENV: 'development' }), [])
  t.same(configWarnings({ NODE_ENV: 'test' }), [])
})
