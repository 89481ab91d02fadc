// `npm test`: every check, in order (`npm test -- <files…>`: just what those files need; scripts/test-plan.ts),
// then one closing line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { findNginx } from '../test/scale/nginx.ts'
import { buildState } from './build-freshness.ts'
import { databaseTestFiles, isDatabaseTest, TEST_FILE, testFiles, usesBuild } from './database-tests.ts'
import { planTests, SCALE_FILE, turns, type Step } from './test-plan.ts'
import { writeGroups } from './test-groups.ts'

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
/** How many groups of test files per core (scripts/test-groups.ts). */
const GROUPS_PER_CORE = 4
/** tap's timeout for a test file (package.json, `tap.timeout`), which each file keeps inside its group. */
const FILE_TIMEOUT_S = Number(JSON.parse(readFileSync('package.json', 'utf8')).tap?.timeout ?? 30)
const { steps, notes } = planTests(process.argv.slice(2), {
  postgres: Boolean(process.env.TEST_DATABASE_URL),
  nginx: findNginx(),
  scaleFiles: () =>
    readdirSync('test/scale')
      .filter((file) => SCALE_FILE.test(file))
      .map((file) => `test/scale/${file}`),
  testFiles,
  databaseTestFiles,
  // a few groups per core, so that a heavy group does not leave a core idle at the end; each file keeps tap's
  // timeout; as many groups at once as there are cores
  groups: (pass, files) => ({
    ...writeGroups(pass, files, GROUPS_PER_CORE * availableParallelism(), FILE_TIMEOUT_S),
    jobs: availableParallelism(),
  }),
  // a folder or a missing file chosen goes to tap as it is, which says what it finds: on PostgreSQL too
  usesDatabase: (file) => !TEST_FILE.test(file) || !existsSync(file) || isDatabaseTest(file),
  // a folder may hold gateway tests, which read dist/
  usesBuild: (file) => existsSync(file) && (!TEST_FILE.test(file) || usesBuild(file)),
  buildState: () => buildState(),
  chromium: ensureChromium,
})
for (const note of notes) console.log(note)

let passed = 0
let failed = 0
const failures: string[] = []

/**
 * Runs a step: its output printed as it comes, or, for a step that runs alongside others (`quiet`),
 * held and printed under its heading once it ends, so that steps running together do not interleave.
 */
function run(step: Step, quiet = false): Promise<{ code: number; output: string }> {
  const heading = `\n▶ ${step.name}: ${step.shown ?? `${step.command} ${step.args.join(' ')}`}`
  if (!quiet) console.log(heading)
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'],
    })
    let output = ''
    let held = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (quiet) held += chunk.toString()
      else process.stdout.write(chunk)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      held += chunk.toString()
    })
    child.on('close', (code) => {
      if (quiet) console.log(`${heading}\n${held.trimEnd()}`)
      resolve({ code: code ?? 1, output })
    })
  })
}

/** How long each step took, printed at the end: where the suite's time goes. */
const durations: string[] = []

/** Counts a finished step's tests (its own closing lines, or the step as one test). */
function count(step: Step, { code, output }: { code: number; output: string }) {
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

async function timed(step: Step, quiet: boolean) {
  const started = performance.now()
  const result = await run(step, quiet)
  durations.push(`${step.name} ${((performance.now() - started) / 1000).toFixed(0)} s`)
  count(step, result)
}

// the steps of a turn start together (docs/decisions/044-the-test-harness.md)
for (const turn of turns(steps)) {
  const started = performance.now()
  await Promise.all(turn.map((step) => timed(step, turn.length > 1)))
  if (turn.length > 1)
    durations.push(`(those ${turn.length} together ${((performance.now() - started) / 1000).toFixed(0)} s)`)
}

console.log(`\ntest: time per step: ${durations.join(', ')}`)
if (failures.length > 0) console.log(`\ntest: failed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length > 0 ? 1 : 0)
