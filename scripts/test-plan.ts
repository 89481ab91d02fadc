// Which steps `npm test` runs (scripts/test.ts runs them). With no files: every check, in order. With
// files (`npm test -- <files…>`): only what those files need — a tap file on PGlite (and on PostgreSQL
// when it uses the test database), a journey (test/e2e/*.spec.ts) in Playwright, a many-processes test
// (test/scale/*.scale.ts) in its step — building first only when the files read dist/ and it is not current.
// Pure: what it needs to know of the machine and the tree comes in `Facts`, so a test can choose without running.

export interface Step {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
  /** Whose closing lines hold the step's counts of tests; other steps count as one test. */
  counts?: 'tap' | 'playwright'
  /** How the step's command is shown, when its arguments are too many to print. */
  shown?: string
  /**
   * Runs at the same time as the steps next to it that have this too: none of them reads what another
   * writes (docs/decisions/044-the-test-harness.md). Its output is printed once it ends.
   */
  alongside?: boolean
}

export interface Facts {
  /** TEST_DATABASE_URL is set: the PostgreSQL pass and the many-processes test can run. */
  postgres: boolean
  /** nginx's path, when it is installed (the many-processes test needs it). */
  nginx: string | null
  /** Every many-processes test (test/scale/*.scale.ts). */
  scaleFiles: () => string[]
  /** Every tap test file (scripts/database-tests.ts). */
  testFiles: () => string[]
  /** Every test file that uses the test database (scripts/database-tests.ts). */
  databaseTestFiles: () => string[]
  /**
   * A whole pass's files in groups, one tap process each (scripts/test-groups.ts): the modules tap runs,
   * the longest one may take, in seconds, and how many run at once (every core: tap's own default leaves
   * one free, which on two cores runs the groups one after the other).
   */
  groups: (pass: 'pglite' | 'postgres', files: string[]) => { modules: string[]; timeoutS: number; jobs: number }
  /** Whether a chosen tap path (a file, a folder) runs on PostgreSQL too: it uses the test database. */
  usesDatabase: (file: string) => boolean
  /** Whether a chosen tap path (a file, a folder) reads dist/, so the build must be current. */
  usesBuild: (file: string) => boolean
  /** scripts/build-freshness.ts: whether dist/ holds a build of the current sources. */
  buildState: () => 'missing' | 'stale' | 'current'
  /** The Chromium the journeys run in (found or installed; asked only when journeys run). */
  chromium: () => string
}

/** The many-processes tests (test/scale/): their own step, never in tap's PGlite or PostgreSQL pass. */
export const SCALE_FILE = /\.scale\.ts$/
/** The browser journeys (playwright.config.ts: test/e2e/*.spec.ts). */
const JOURNEY = /\.spec\.ts$/

const checks: Step[] = [
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
  // (a `tap` run rebuilds it as well when its plugin set differs, so chosen files skip this step)
  { name: 'tap plugins', command: 'tap', args: ['build'] },
]
// the gateway tests serve the built client (asset names, static files), and some render the SSR bundle itself
const build: Step = { name: 'build', command: 'node', args: ['--import', 'tsx', 'scripts/build.ts'] }

/** The steps for `npm test -- <given…>` (none given: the whole suite), and the lines that say what is left out. */
export function planTests(given: string[], facts: Facts): { steps: Step[]; notes: string[] } {
  const steps: Step[] = []
  const notes: string[] = []
  const whole = given.length === 0
  const journeys = given.filter((file) => JOURNEY.test(file))
  const chosenScale = given.filter((file) => SCALE_FILE.test(file))
  // a folder or a missing file chosen goes to tap as it is, which says what it finds
  const chosen = given.filter((file) => !SCALE_FILE.test(file) && !JOURNEY.test(file))

  if (whole) {
    steps.push(...[...checks, build].map((step) => ({ ...step, alongside: true })))
  } else {
    notes.push(
      'test: files chosen, so typecheck, lint, format, catalogs, import cycles and the other tests are skipped (`npm test` alone runs them)',
    )
    if (journeys.length > 0 || chosen.some((file) => facts.usesBuild(file))) {
      const state = facts.buildState()
      if (state === 'current') notes.push('test: dist/ is a build of the current sources, so it is not built again')
      else steps.push(build)
    }
  }

  // Coverage is measured by c8 (.c8rc.json) around the whole PGlite pass only: the PostgreSQL pass runs
  // the database tests' code again, and a few chosen test files would leave every folder under its floor.
  const pglite = { name: 'unit and integration (PGlite)', env: { KHANEH_TEST_DB: 'pglite' }, counts: 'tap' } as const
  // the whole suite runs a few files per process (docs/decisions/044-the-test-harness.md); chosen files one per process
  const grouped = (pass: 'pglite' | 'postgres', files: string[]) => {
    const { modules, timeoutS, jobs } = facts.groups(pass, files)
    const args = ['--disable-coverage', `--timeout=${timeoutS}`, `--jobs=${jobs}`, ...modules]
    const shown = `tap --disable-coverage --timeout=${timeoutS} --jobs=${jobs} <the ${files.length} ${pass === 'postgres' ? 'database tests of scripts/database-tests.ts' : 'test files'} in ${modules.length} processes of scripts/test-groups.ts>`
    return { args, shown }
  }
  if (whole) {
    const { args, shown } = grouped('pglite', facts.testFiles())
    steps.push({ ...pglite, command: 'c8', args: ['tap', ...args], shown: `c8 ${shown}` })
    steps.push({ name: 'coverage', command: 'node', args: ['--import', 'tsx', 'scripts/check-coverage.ts'] })
  } else if (chosen.length > 0) {
    steps.push({ ...pglite, command: 'tap', args: ['--disable-coverage', ...chosen] })
    notes.push('test: chosen test files, so coverage is not measured')
  }

  // the files that use the test database run again on PostgreSQL; the others would only repeat themselves
  const onPostgres = whole ? facts.databaseTestFiles() : chosen.filter((file) => facts.usesDatabase(file))
  if (facts.postgres && onPostgres.length > 0) {
    const { args, shown } = whole
      ? grouped('postgres', onPostgres)
      : { args: ['--disable-coverage', ...onPostgres], shown: undefined }
    steps.push({
      name: 'integration (PostgreSQL)',
      command: 'tap',
      args,
      env: { KHANEH_TEST_DB: 'postgres' },
      counts: 'tap',
      shown,
    })
  } else if (!facts.postgres && (whole || chosen.length > 0)) {
    notes.push('test: TEST_DATABASE_URL is not set; the PostgreSQL pass is left to .ci/run')
  } else if (chosen.length > 0) {
    notes.push('test: none of the chosen test files uses the test database, so none runs on PostgreSQL')
  }

  // Two product processes on one PostgreSQL behind nginx (README, "Running on many machines"): a database
  // of their own on TEST_DATABASE_URL's server, the build of the step above (built by the test when
  // dist/ is not current), a few minutes.
  const scaleFiles = whole ? facts.scaleFiles() : chosenScale
  if (scaleFiles.length > 0 && facts.postgres && facts.nginx) {
    steps.push({
      name: 'many processes behind nginx (PostgreSQL)',
      command: 'tap',
      args: ['--disable-coverage', '--timeout=600', ...scaleFiles],
      env: { NGINX_PATH: facts.nginx },
      counts: 'tap',
    })
  } else if (scaleFiles.length > 0) {
    notes.push(
      `test: ${facts.postgres ? 'nginx is not installed' : 'TEST_DATABASE_URL is not set'}; the many-processes test (test/scale/) is left to .ci/run`,
    )
  }

  if (whole || journeys.length > 0) {
    steps.push({
      name: 'browser journeys (Playwright)',
      command: 'playwright',
      args: ['test', ...journeys],
      env: { CHROMIUM_PATH: facts.chromium() },
      counts: 'playwright',
    })
  }
  return { steps, notes }
}

/** The steps in turns: each run of neighbouring `alongside` steps is one turn, every other step a turn of its own. */
export function turns(steps: Step[]): Step[][] {
  const result: Step[][] = []
  for (const step of steps) {
    const last = result.at(-1)
    if (step.alongside && last?.[0]?.alongside) last.push(step)
    else result.push([step])
  }
  return result
}
