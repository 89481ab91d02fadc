import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromiumLaunchOptions } from './scripts/chromium.ts'
import { defineConfig } from '@playwright/test'

// Browser journeys against the production build on a fresh, seeded PGlite (never a downloaded browser).
const port = Number(process.env.E2E_PORT ?? 3217)
/** The fake tile server's port (test/helpers/fake-tiles.ts): the maps never reach a real tile server. */
const tilesPort = Number(process.env.E2E_TILES_PORT ?? port + 1)
/** The maps' tiles in the journeys. */
export const E2E_TILES_URL = `http://127.0.0.1:${tilesPort}/{z}/{x}/{y}.png`
/** The fake Nominatim's port (test/helpers/fake-nominatim.ts): the street search never reaches a real geocoder. */
const geocoderPort = Number(process.env.E2E_GEOCODER_PORT ?? port + 2)
// Workers evaluate this file again: the directory is chosen once, by the runner, and inherited.
process.env.KHANEH_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'khaneh-e2e-'))
/** The server's DATA_DIR: the journeys read the dev mail outbox there. */
export const E2E_DATA_DIR = process.env.KHANEH_E2E_DATA_DIR
/** The bot token the journeys sign Telegram callbacks with (a test value; no Telegram is reached). */
export const E2E_BOT_TOKEN = '424242:E2E-test-bot-token-for-khaneh-journeys'
/** The Telegram id the server makes an admin (the moderation journey signs in with it). */
export const E2E_ADMIN_TELEGRAM_ID = 424001

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  // One retry, reported as "flaky" by Playwright and by npm test: Chromium has (rarely) closed its first
  // page during start-up on these VMs; a test that fails twice fails.
  retries: 1,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: `node --import tsx test/helpers/fake-tiles.ts ${tilesPort}`,
      url: `http://127.0.0.1:${tilesPort}/0/0/0.png`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx test/helpers/fake-nominatim.ts ${geocoderPort}`,
      url: `http://127.0.0.1:${geocoderPort}/search?q=berlin&format=jsonv2`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx server/main.ts',
      url: `http://127.0.0.1:${port}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'true',
        TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
        TELEGRAM_BOT_USERNAME: 'khaneh_e2e_bot',
        ADMIN_TELEGRAM_IDS: String(E2E_ADMIN_TELEGRAM_ID),
        MAP_TILES_URL: E2E_TILES_URL,
        MAP_TILES_ATTRIBUTION: '© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright) · test tiles',
        GEOCODER_URL: `http://127.0.0.1:${geocoderPort}`,
      },
    },
  ],
})
