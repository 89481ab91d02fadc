import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { groupFiles } from '../../scripts/test-groups.ts'

t.test('groups of about the same weight, every file once, each group in path order', async (t) => {
  const weights: Record<string, number> = {
    'a.test.ts': 9,
    'b.test.ts': 1,
    'c.test.ts': 5,
    'd.test.ts': 4,
    'e.test.ts': 1,
  }
  const groups = groupFiles(Object.keys(weights), 2, (file) => weights[file]!)
  t.same(groups, [
    ['a.test.ts', 'b.test.ts'],
    ['c.test.ts', 'd.test.ts', 'e.test.ts'],
  ])
  t.same(
    groupFiles(['a.test.ts', 'b.test.ts'], 8, () => 1),
    [['a.test.ts'], ['b.test.ts']],
    'never an empty group',
  )
  t.same(
    groupFiles([], 8, () => 1),
    [],
  )
})

t.test('a group runs each file as a test named by its path, and a failing file does not stop the next', async (t) => {
  // inside the project, whose package.json makes .ts files modules that import tap as the tests do
  mkdirSync('.tap', { recursive: true })
  const dir = mkdtempSync(path.resolve('.tap/group-test-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), `import t from 'tap'\n${text}\n`)
    return path.join(dir, name)
  }
  const files = [
    file(
      'fails.test.ts',
      "t.test('one and one', async (t) => t.equal(1 + 1, 3))\nt.teardown(() => console.log('# fails: torn down'))",
    ),
    file(
      'throws.test.ts',
      "t.test('before the throw', async (t) => t.pass('ran'))\nthrow new Error('thrown at import')",
    ),
    file('passes.test.ts', "t.test('after the others', async (t) => t.pass('ran'))"),
  ]
  const group = path.join(dir, 'group.mjs')
  const runner = pathToFileURL(path.resolve('test/helpers/test-group.ts')).href
  writeFileSync(
    group,
    `import { runGroup } from '${runner}'\nawait runGroup(${JSON.stringify(files)}, { timeoutMs: 60_000 })\n`,
  )
  const run = spawnSync('npx', ['tap', '--disable-coverage', group], {
    encoding: 'utf8',
    // a tap of its own, not a subtest of this one's
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^_?TAP/.test(name))),
  })
  const lines = run.stdout.split('\n').map((line) => line.trim())
  t.ok(
    lines.some((line) => line.startsWith(`not ok 1 - ${files[0]}`)),
    'the failing file is named',
  )
  t.ok(
    lines.some((line) => line.startsWith('not ok 1 - one and one')),
    'so is its failing test',
  )
  t.ok(lines.includes('# fails: torn down'), "a file's top-level teardown runs when that file ends")
  t.ok(
    lines.some((line) => line.startsWith(`not ok 2 - ${files[1]}`)),
    'a file that throws fails',
  )
  t.ok(
    lines.some((line) => line.startsWith(`ok 3 - ${files[2]}`)),
    'the file after them runs and passes',
  )
  t.match(run.stdout, /# \{ total: 4, pass: 2, fail: 2 \}/, 'counted as the three files one per process would be')
  t.equal(run.status, 1)
})
