// Several test files in one tap process (docs/decisions/044-the-test-harness.md): node, tap's runner,
// the API's and the gateway's code are loaded once for the group instead of once per file. Each file
// runs as a subtest of tap's root named by its path, one after the other: its `import t from 'tap'`
// (test/helpers/test-group-hook.mjs) is that subtest, so its tests, its top-level teardowns and its
// failures are the file's own, and a file that fails or throws does not stop the files after it.
import { register } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import tap from 'tap'
import { setRunningTestFile } from './running-test-file.ts'

type Root = typeof tap

/** The test of the file running now, which the file sees as tap's root. */
let fileTest: Root = tap

/** What a test file in a group imports as `tap`: the test of that file. */
const standIn = new Proxy(tap, {
  get(_, key) {
    const value: unknown = Reflect.get(fileTest, key)
    return typeof value === 'function' ? value.bind(fileTest) : value
  },
  set(_, key, value) {
    return Reflect.set(fileTest, key, value)
  },
})
export default standIn

/** Runs the test files (paths from the project's root) one after the other, each as a subtest named by its path. */
export async function runGroup(files: string[], { timeoutMs }: { timeoutMs: number }): Promise<void> {
  register('./test-group-hook.mjs', import.meta.url)
  for (const file of files) {
    await tap.test(file, { timeout: timeoutMs }, async (t) => {
      fileTest = t as unknown as Root
      setRunningTestFile(path.resolve(file))
      await import(pathToFileURL(path.resolve(file)).href)
    })
  }
}
