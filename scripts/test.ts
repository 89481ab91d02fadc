// `npm test`: every check, in order, then one closing line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { findNginx } from '../test/scale/nginx.ts'
import { databaseTestFiles, isDatabaseTest, TEST_FILE } from './database-tests.ts'

interface Step {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
  /** Whose closing lines hold the step's counts of tests; other steps count as one test. */
  counts?: 'tap' | 'playwright'
  /** How the step's command is shown, when its arguments are too many to print. */
  shown?: string
}

const steps: Step[] = [
  { name: 'typecheck', command: 'tsc', args: ['-p', '.'] },
  {
    name: 'lint',
    command: 'oxlint',
    args: ['--deny-warnings', 'server', 'client', 'shared', 'test', 'scripts', 'bench'],
  },
  // one layout for the whole tree (.oxfmtrc.json); `npm run format` applies it
  { name: 'format', command: 'oxfmt', args: ['--check', '.'] },
  { name: 'catalogs', command: 'node', args: ['--import', 'tsx', 'scripts/check-catalogs.ts'] },
  { name: 'import cycles', command: 'node', args: ['--import', 'tsx', 'scripts/check-cycles.ts'] },
  // tap compiles its plugin set at install; ours drops its ts-node loader (TypeScript 7 has no JS API) for tsx
  { name: 'tap plugins', command: 'tap', args: ['build'] },
  // the gateway tests serve the built client (asset names, static files), and some render the SSR bundle itself
  { name: 'build', command: 'node', args: ['--import', 'tsx', 'scripts/build.ts'] },
]
/** The many-processes tests (test/scale/): their own step, never in tap's PGlite or PostgreSQL pass. */
const SCALE_FILE = /\.scale\.ts$/
const given = process.argv.slice(2)
const chosen = given.filter((file) => !SCALE_FILE.test(file))
const onlyScale = given.length > 0 && chosen.length === 0
const tapArgs = ['--disable-coverage', ...chosen]
// Coverage is measured by c8 (.c8rc.json) around the whole PGlite pass only: the PostgreSQL pass runs
// the database tests' code again, and a few chosen test files would leave every folder under its floor.
const pglite = { name: 'unit and integration (PGlite)', env: { KHANEH_TEST_DB: 'pglite' }, counts: 'tap' } as const
if (onlyScale) {
  console.log('test: only many-processes tests chosen, so neither tap pass runs')
} else if (chosen.length === 0) {
  steps.push({ ...pglite, command: 'c8', args: ['tap', ...tapArgs] })
  steps.push({ name: 'coverage', command: 'node', args: ['--import', 'tsx', 'scripts/check-coverage.ts'] })
} else {
  steps.push({ ...pglite, command: 'tap', args: tapArgs })
  console.log('test: chosen test files, so coverage is not measured')
}
// the files that use the test database run again on PostgreSQL; the others would only repeat themselves
// (a folder or a missing file chosen goes to tap as it is, which says what it finds)
const onPostgres = onlyScale
  ? []
  : chosen.length === 0
    ? databaseTestFiles()
    : chosen.filter((file) => !TEST_FILE.test(file) || !existsSync(file) || isDatabaseTest(file))
if (process.env.TEST_DATABASE_URL && onPostgres.length > 0) {
  steps.push({
    name: 'integration (PostgreSQL)',
    command: 'tap',
    args: ['--disable-coverage', ...onPostgres],
    env: { KHANEH_TEST_DB: 'postgres' },
    counts: 'tap',
    shown:
      chosen.length === 0
        ? `tap --disable-coverage <the ${onPostgres.length} database tests of scripts/database-tests.ts>`
        : undefined,
  })
} else if (!process.env.TEST_DATABASE_URL) {
  console.log('test: TEST_DATABASE_URL is not set; the PostgreSQL pass is left to .ci/run')
} else if (!onlyScale) {
  console.log('test: none of the chosen test files uses the test database, so none runs on PostgreSQL')
}

// Two product processes on one PostgreSQL behind nginx (README, "Running on many machines"): a database
// of their own on TEST_DATABASE_URL's server, the build of the step above, a few minutes.
const scaleFiles =
  given.length === 0
    ? readdirSync('test/scale')
        .filter((file) => SCALE_FILE.test(file))
        .map((file) => `test/scale/${file}`)
    : given.filter((file) => SCALE_FILE.test(file))
const nginx = findNginx()
if (scaleFiles.length > 0 && process.env.TEST_DATABASE_URL && nginx) {
  steps.push({
    name: 'many processes behind nginx (PostgreSQL)',
    command: 'tap',
    args: ['--disable-coverage', '--timeout=600', ...scaleFiles],
    env: { NGINX_PATH: nginx },
    counts: 'tap',
  })
} else if (scaleFiles.length > 0) {
  console.log(
    `test: ${process.env.TEST_DATABASE_URL ? 'nginx is not installed' : 'TEST_DATABASE_URL is not set'}; the many-processes test (test/scale/) is left to .ci/run`,
  )
}

/** The browser journeys need Debian's Chromium; as root on Debian it is installed, never downloaded by a test tool. */
function ensureChromium(): string {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(chromium)) return chromium
  const root = process.getuid?.() === 0
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log(`test: ${chromium} is missing; installing Debian's chromium`)
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (install.status === 0 && existsSync(chromium)) return chromium
  }
  console.error(
    `test: Chromium not found at ${chromium}; install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)`,
  )
  process.exit(1)
}
steps.push({
  name: 'browser journeys (Playwright)',
  command: 'playwright',
  args: ['test'],
  env: { CHROMIUM_PATH: ensureChromium() },
  counts: 'playwright',
})

let passed = 0
let failed = 0
const failures: string[] = []

function run(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    console.log(`\n▶ ${step.name}: ${step.shown ?? `${step.command} ${step.args.join(' ')}`}`)
    const child = spawn(step.command, step.args, {
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    })
    child.on('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** How long each step took, printed at the end: where the suite's time goes. */
const durations: string[] = []
for (const step of steps) {
  const started = performance.now()
  const { code, output } = await run(step)
  durations.push(`${step.name} ${((performance.now() - started) / 1000).toFixed(0)} s`)
  if (step.counts === 'tap') {
    // tap closes with a line like "# { total: 62, pass: 60, fail: 2 }"
    const summary = /# \{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/.exec(output)
    passed += Number(summary?.[2] ?? 0)
    failed += Number(summary?.[3] ?? 0)
  } else if (step.counts === 'playwright') {
    // Playwright closes with lines like "  3 passed (12.1s)" and "  1 failed"
    passed += Number(/(\d+) passed/.exec(output)?.[1] ?? 0)
    const flaky = Number(/(\d+) flaky/.exec(output)?.[1] ?? 0)
    if (flaky > 0)
      console.log(`test: ${flaky} browser journey(s) passed only on their retry (flaky): see test-results/`)
    passed += flaky
    failed += Number(/(\d+) failed/.exec(output)?.[1] ?? 0)
    if (code !== 0 && !/\d+ failed/.test(output)) failed += 1
  } else {
    if (code === 0) passed += 1
    else failed += 1
  }
  if (code !== 0) failures.push(step.name)
}

console.log(`\ntest: time per step: ${durations.join(', ')}`)
if (failures.length > 0) console.log(`\ntest: failed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length > 0 ? 1 : 0)
