import { statSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
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
    }
    const config = loadConfig({ ...base, ...secrets, TELEGRAM_BOT_USERNAME: 'khaneh_bot' })
    const shown = publicConfig(config)
    t.same(shown, { telegramBotUsername: 'khaneh_bot', firebaseApiKey: 'AIza-public', vapidPublicKey: 'B'.repeat(87) })
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
    ])
      t.notMatch(text, secret)
    t.same(
      Object.keys(publicConfig(loadConfig({ ...base, TELEGRAM_BOT_USERNAME: 'khaneh_bot' }))),
      ['vapidPublicKey'],
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
  t.test('a session secret is generated once into DATA_DIR', async (t) => {
    const dir = t.testdir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    t.ok(first.length >= 32)
    t.equal(loadConfig({ DATA_DIR: dir }).sessionSecret, first)
  })
  t.test('a VAPID key pair is generated once into DATA_DIR (0600), or taken whole from the environment', async (t) => {
    const dir = t.testdir()
    const first = loadConfig({ DATA_DIR: dir }).webPush.vapid
    t.match(first.publicKey, /^B[A-Za-z0-9_-]{86}$/, 'an uncompressed P-256 point')
    t.match(first.privateKey, /^[A-Za-z0-9_-]{43}$/)
    t.same(loadConfig({ DATA_DIR: dir }).webPush.vapid, first, 'the same pair after a restart')
    t.equal(statSync(path.join(dir, 'keys', 'vapid.json')).mode & 0o777, 0o600)
    t.equal(first.subject, 'mailto:no-reply@khaneh.local', 'the MAIL_FROM address by default')
    const given = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'https://khaneh.example',
    }).webPush
    t.same(given, {
      vapid: { publicKey: 'B'.repeat(87), privateKey: 'k'.repeat(43), subject: 'https://khaneh.example' },
      allowPrivateEndpoints: false,
    })
    t.throws(
      () => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'B'.repeat(87) }),
      /VAPID_PRIVATE_KEY must be set together/,
    )
    t.throws(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'me' }), /VAPID_SUBJECT must be a mailto:/)
  })
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
