import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'
import { databaseTestFiles, isDatabaseTest, usesBuild } from '../../scripts/database-tests.ts'
import { tempDir } from '../helpers/build-gateway.ts'

/** A tree of test files and helpers under a temporary root. */
function tree(t: Parameters<typeof tempDir>[0], files: Record<string, string>): string {
  const root = tempDir(t)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

// (this file names the test database's entry points, so it counts as a database test itself)
t.test('a test file counts as a database test when it or a helper it reaches uses the test database', async (t) => {
  const root = tree(t, {
    'test/helpers/build-api.ts':
      'export async function openTestDb() {}\nexport async function buildTestApi() { await openTestDb() }\nexport const TEST_BOT_TOKEN = "x"',
    'test/helpers/build-gateway.ts':
      "import { buildTestApi } from './build-api.ts'\nexport function tempDir() {}\nexport async function buildTestStack() { await buildTestApi() }",
    'test/helpers/seeded.ts':
      "import { buildTestStack } from './build-gateway.ts'\nexport const seeded = () => buildTestStack()",
    'test/helpers/cycle-a.ts': "import './cycle-b.ts'\nexport const a = 1",
    'test/helpers/cycle-b.ts': "export { a } from './cycle-a.ts'",
    'test/api/listings.test.ts': "import { openTestDb } from '../helpers/build-api.ts'\nawait openTestDb()",
    'test/api/token.test.ts':
      "import { TEST_BOT_TOKEN } from '../helpers/build-api.ts'\nimport { tempDir } from '../helpers/build-gateway.ts'",
    'test/pages/seeded.test.tsx': "const { seeded } = await import('../helpers/seeded.ts')\nawait seeded()",
    'test/api/races.test.ts': "if (process.env.KHANEH_TEST_DB === 'postgres') {}",
    'test/shared/cycle.test.ts': "import { a } from '../helpers/cycle-a.ts'",
    'test/shared/other.test.ts': "import '../api/listings.test.ts'",
  })
  t.ok(isDatabaseTest('test/api/listings.test.ts', root), 'a file that opens a test database')
  t.ok(isDatabaseTest(path.join(root, 'test/pages/seeded.test.tsx'), root), 'through a helper, imported on demand')
  t.ok(isDatabaseTest('test/api/races.test.ts', root), 'a file that reads which database the pass runs on')
  t.notOk(
    isDatabaseTest('test/api/token.test.ts', root),
    "a file that takes something else from the entry points' helpers",
  )
  t.notOk(isDatabaseTest('test/shared/cycle.test.ts', root), 'helpers that import each other are read once')
  t.notOk(isDatabaseTest('test/shared/other.test.ts', root), "another test file's imports are its own")
  t.same(databaseTestFiles(root), ['test/api/listings.test.ts', 'test/api/races.test.ts', 'test/pages/seeded.test.tsx'])
})

t.test('a test file reads the build when it or a helper it reaches names dist/', async (t) => {
  const root = tree(t, {
    'test/helpers/stack.ts': "import path from 'node:path'\nexport const clientDir = path.resolve('dist/client')",
    'test/server/gateway/pages.test.ts': "import { clientDir } from '../../helpers/stack.ts'",
    'test/server/gateway/renderer.test.ts': "await productionRenderer('dist')",
    'test/scripts/chunks.test.ts': "chunkOf('node_modules/uplot/dist/uPlot.esm.js')",
    'test/helpers/build-gateway.ts':
      "export function tempDir() {}\nexport async function buildTestGateway() { return path.resolve('dist') }",
    'test/server/gateway/stack.test.ts':
      "import { buildTestGateway } from '../../helpers/build-gateway.ts'\nawait buildTestGateway()",
    'test/scripts/temporary.test.ts': "import { tempDir } from '../helpers/build-gateway.ts'",
  })
  t.ok(usesBuild('test/server/gateway/pages.test.ts', root), 'through a helper')
  t.ok(usesBuild('test/server/gateway/renderer.test.ts', root), 'the build folder itself')
  t.notOk(usesBuild('test/scripts/chunks.test.ts', root), "a package's own dist/ folder is not the build")
  t.ok(usesBuild('test/server/gateway/stack.test.ts', root), 'a test gateway')
  t.notOk(usesBuild('test/scripts/temporary.test.ts', root), "something else from the test gateway's helper")
  t.ok(usesBuild('test/server/gateway/app.test.ts'), "the suite's gateway test")
  t.notOk(usesBuild('test/shared/paths.test.ts'), "the suite's unit test")
  t.notOk(usesBuild('test/server/api/coupons/races.test.ts'), "the suite's API test")
})

t.test("the suite's own files", async (t) => {
  const files = databaseTestFiles()
  t.ok(files.includes('test/server/api/listings/public/public.routes.test.ts'), 'an API integration test runs on both')
  t.ok(files.includes('test/server/api/coupons/races.test.ts'), 'a race test runs on both')
  t.notOk(files.includes('test/shared/money.test.ts'), 'a unit test runs once')
  t.notOk(files.includes('test/scripts/db.test.ts'), 'the seed on its own PGlite runs once')
  t.notOk(files.includes('test/server/shutdown.test.ts'), 'a test of the real PostgreSQL by its address runs once')
})

t.test('opening a test database from a file the PostgreSQL pass would leave out fails', async (t) => {
  const dir = tempDir(t)
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }')
  const unseen = path.join(dir, 'unseen.test.ts')
  // the entry point's name is built at run time, so no reading of the file can see it
  writeFileSync(
    unseen,
    "const helpers = await import(process.env.HELPERS!)\nawait helpers['open' + 'TestDb']({ teardown() {} })\n",
  )
  const run = spawnSync(process.execPath, ['--import', 'tsx', unseen], {
    env: { ...process.env, HELPERS: path.resolve('test/helpers/build-api.ts'), KHANEH_TEST_DB: 'pglite' },
    encoding: 'utf8',
  })
  t.not(run.status, 0)
  t.match(run.stderr, /does not count it as a database test/)
})
