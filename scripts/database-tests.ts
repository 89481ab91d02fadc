// Which test files run on both databases. A test file that opens a test database (`openTestDb`,
// `buildTestApi`, `buildTestStack`, test/helpers/build-api.ts) or reads KHANEH_TEST_DB can answer
// differently on PGlite and on PostgreSQL, so `npm test` runs it in both passes. Every other file
// (pure units, a service on its own PGlite under a temporary DATA_DIR, the real PostgreSQL asked by
// its address) does the same in both, so it runs once, in the PGlite pass. openTestDb refuses to run
// in a file this does not count, so a file can never be left out of the PostgreSQL pass unseen.
// The same reading says which test files need dist/ (usesBuild), for `npm test -- <files>`.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Mentions of the test database, in a test file or in a helper it imports. */
const USES_TEST_DATABASE = /\b(?:openTestDb|buildTestApi|buildTestStack)\b|\bKHANEH_TEST_DB\b/
/** The helpers that define those entry points: importing one of them for something else does not count. */
const DEFINING_HELPERS = ['test/helpers/build-api.ts', 'test/helpers/build-gateway.ts']
const RELATIVE_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
/** A test file's name, as tap's `include` has it. */
export const TEST_FILE = /\.test\.tsx?$/

/** Whether the test file (a path, absolute or from `root`) or a test helper it reaches uses the test database. */
export function isDatabaseTest(file: string, root = process.cwd()): boolean {
  return reaches(file, USES_TEST_DATABASE, root, DEFINING_HELPERS)
}

/** The build named (`'dist'`, `'dist/client'`), or the test gateway that serves and renders it. */
const USES_THE_BUILD = /['"]dist(?:\/[^'"]*)?['"]|\b(?:buildTestStack|buildTestGateway)\b/
/** Whether the test file or a test helper it reaches reads dist/ (so `npm test -- <file>` builds first when dist/ is not current). */
export function usesBuild(file: string, root = process.cwd()): boolean {
  return reaches(file, USES_THE_BUILD, root, DEFINING_HELPERS)
}

/** Whether `mentions` matches the file or a test helper it imports (helpers in `except` do not count themselves). */
function reaches(file: string, mentions: RegExp, root: string, except: string[]): boolean {
  const testDir = path.join(root, 'test') + path.sep
  const excepted = new Set(except.map((helper) => path.join(root, helper)))
  const seen = new Set<string>()
  const uses = (module: string): boolean => {
    if (seen.has(module)) return false
    seen.add(module)
    const text = readFileSync(module, 'utf8')
    if (!excepted.has(module) && mentions.test(text)) return true
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const imported = path.resolve(path.dirname(module), match[1] ?? match[2]!)
      // only the tests' own modules: the product's code never chooses the test database or the build
      if (imported.startsWith(testDir) && !TEST_FILE.test(imported) && uses(imported)) return true
    }
    return false
  }
  return uses(path.resolve(root, file))
}

/** Every test file tap runs: `test/**\/*.test.ts(x)`, root-relative, sorted. */
export function testFiles(root = process.cwd()): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) return walk(relative)
      return TEST_FILE.test(entry.name) ? [relative] : []
    })
  return walk('test').sort()
}

/** Every test file tap runs (root-relative, sorted) that uses the test database. */
export function databaseTestFiles(root = process.cwd()): string[] {
  return testFiles(root).filter((file) => isDatabaseTest(file, root))
}
