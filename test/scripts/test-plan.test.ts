import t from 'tap'
import { type Facts, planTests, turns } from '../../scripts/test-plan.ts'

/** A machine with PostgreSQL and nginx, a current build, and a tree where only the named files use the database or dist/. */
function facts(overrides: Partial<Facts> = {}): Facts {
  return {
    postgres: true,
    nginx: '/usr/sbin/nginx',
    scaleFiles: () => ['test/scale/many-processes.scale.ts'],
    testFiles: () => [
      'test/server/api/listings.test.ts',
      'test/server/gateway/app.test.ts',
      'test/shared/paths.test.ts',
    ],
    databaseTestFiles: () => ['test/server/api/listings.test.ts', 'test/server/gateway/app.test.ts'],
    // a group per file, each allowed 300 s, two at once
    groups: (pass, files) => ({
      modules: files.map((_, i) => `.tap/groups/${pass}/${i + 1}.mjs`),
      timeoutS: 300,
      jobs: 2,
    }),
    usesDatabase: (file) => file.startsWith('test/server/'),
    usesBuild: (file) => file.startsWith('test/server/gateway/'),
    buildState: () => 'current',
    chromium: () => '/usr/bin/chromium',
    ...overrides,
  }
}
const names = (given: string[], machine = facts()) => planTests(given, machine).steps.map((step) => step.name)

t.test('with no files, every step in order (the build whatever dist/ holds)', async (t) => {
  t.same(names([]), [
    'typecheck',
    'lint',
    'format',
    'catalogs',
    'import cycles',
    'tap plugins',
    'build',
    'unit and integration (PGlite)',
    'coverage',
    'integration (PostgreSQL)',
    'many processes behind nginx (PostgreSQL)',
    'browser journeys (Playwright)',
  ])
  const { steps, notes } = planTests([], facts())
  t.same(
    steps.find((step) => step.name === 'unit and integration (PGlite)')?.args,
    [
      'tap',
      '--disable-coverage',
      '--timeout=300',
      '--jobs=2',
      '.tap/groups/pglite/1.mjs',
      '.tap/groups/pglite/2.mjs',
      '.tap/groups/pglite/3.mjs',
    ],
    'every test file, in groups',
  )
  t.same(
    steps.find((step) => step.name === 'integration (PostgreSQL)')?.args,
    ['--disable-coverage', '--timeout=300', '--jobs=2', '.tap/groups/postgres/1.mjs', '.tap/groups/postgres/2.mjs'],
    'the database tests, in groups',
  )
  t.same(steps.at(-1)?.args, ['test'], 'every journey')
  t.same(notes, [])
})

t.test('a tap file that needs neither database nor build runs alone, on PGlite', async (t) => {
  const { steps, notes } = planTests(['test/shared/paths.test.ts'], facts())
  t.same(
    steps.map((step) => [step.name, step.command, ...step.args]),
    [['unit and integration (PGlite)', 'tap', '--disable-coverage', 'test/shared/paths.test.ts']],
  )
  t.match(notes[0], /files chosen, so typecheck, lint, format, catalogs, import cycles and the other tests are skipped/)
  t.ok(notes.some((note) => /none of the chosen test files uses the test database/.test(note)))
})

t.test('a database test runs on PGlite, then on PostgreSQL when it is there', async (t) => {
  const file = 'test/server/api/listings.test.ts'
  t.same(names([file]), ['unit and integration (PGlite)', 'integration (PostgreSQL)'])
  t.same(planTests([file], facts()).steps[1]?.args, ['--disable-coverage', file])
  const without = planTests([file], facts({ postgres: false }))
  t.same(
    without.steps.map((step) => step.name),
    ['unit and integration (PGlite)'],
  )
  t.ok(without.notes.some((note) => /TEST_DATABASE_URL is not set; the PostgreSQL pass/.test(note)))
})

t.test('a test that reads dist/ builds first only when dist/ is missing or older than the sources', async (t) => {
  const file = 'test/server/gateway/session.test.ts'
  t.same(names([file]), ['unit and integration (PGlite)', 'integration (PostgreSQL)'])
  t.ok(planTests([file], facts()).notes.some((note) => /dist\/ is a build of the current sources/.test(note)))
  t.same(names([file], facts({ buildState: () => 'stale' })), [
    'build',
    'unit and integration (PGlite)',
    'integration (PostgreSQL)',
  ])
  t.same(names([file], facts({ buildState: () => 'missing' }))[0], 'build')
  t.same(names(['test/shared/paths.test.ts'], facts({ buildState: () => 'missing' })), [
    'unit and integration (PGlite)',
  ])
})

t.test('a journey runs just that spec in Playwright, after a build when dist/ is not current', async (t) => {
  let askedForChromium = 0
  const machine = facts({
    chromium: () => {
      askedForChromium += 1
      return '/usr/bin/chromium'
    },
  })
  const { steps } = planTests(['test/e2e/locale.spec.ts'], machine)
  t.same(
    steps.map((step) => [step.name, step.command, ...step.args]),
    [['browser journeys (Playwright)', 'playwright', 'test', 'test/e2e/locale.spec.ts']],
  )
  t.same(steps[0]?.env, { CHROMIUM_PATH: '/usr/bin/chromium' })
  t.same(names(['test/e2e/locale.spec.ts'], facts({ buildState: () => 'missing' })), [
    'build',
    'browser journeys (Playwright)',
  ])
  planTests(['test/shared/paths.test.ts'], machine)
  t.equal(askedForChromium, 1, 'Chromium is looked for (or installed) only when journeys run')
})

t.test('a many-processes test runs that step alone', async (t) => {
  const file = 'test/scale/many-processes.scale.ts'
  const { steps, notes } = planTests([file], facts())
  t.same(
    steps.map((step) => [step.name, ...step.args]),
    [['many processes behind nginx (PostgreSQL)', '--disable-coverage', '--timeout=600', file]],
  )
  t.same(steps[0]?.env, { NGINX_PATH: '/usr/sbin/nginx' })
  t.notOk(
    notes.some((note) => /PostgreSQL pass/.test(note)),
    'no tap pass, so nothing said of one',
  )
  const noNginx = planTests([file], facts({ nginx: null }))
  t.same(noNginx.steps, [])
  t.ok(noNginx.notes.some((note) => /nginx is not installed; the many-processes test/.test(note)))
})

t.test('files of each kind together: each runs in its own step', async (t) => {
  t.same(
    names(['test/shared/paths.test.ts', 'test/e2e/locale.spec.ts', 'test/scale/many-processes.scale.ts'], facts()),
    ['unit and integration (PGlite)', 'many processes behind nginx (PostgreSQL)', 'browser journeys (Playwright)'],
  )
})

t.test('the checks and the build run together, then each pass in its own turn', async (t) => {
  const inTurns = (given: string[]) =>
    turns(planTests(given, facts()).steps).map((turn) => turn.map((step) => step.name))
  t.same(inTurns([]), [
    ['typecheck', 'lint', 'format', 'catalogs', 'import cycles', 'tap plugins', 'build'],
    ['unit and integration (PGlite)'],
    ['coverage'],
    ['integration (PostgreSQL)'],
    ['many processes behind nginx (PostgreSQL)'],
    ['browser journeys (Playwright)'],
  ])
  t.same(
    inTurns(['test/e2e/locale.spec.ts']),
    [['browser journeys (Playwright)']],
    'a current build is not built again',
  )
  const stale = planTests(['test/server/gateway/session.test.ts'], facts({ buildState: () => 'stale' })).steps
  t.same(
    turns(stale).map((turn) => turn.map((step) => step.name)),
    [['build'], ['unit and integration (PGlite)'], ['integration (PostgreSQL)']],
    "a chosen file's build comes before its tests, never beside them",
  )
  t.same(
    turns([
      { name: 'a', command: 'x', args: [], alongside: true },
      { name: 'b', command: 'x', args: [] },
      { name: 'c', command: 'x', args: [], alongside: true },
      { name: 'd', command: 'x', args: [], alongside: true },
    ]).map((turn) => turn.map((step) => step.name)),
    [['a'], ['b'], ['c', 'd']],
    'only neighbours run together',
  )
})
