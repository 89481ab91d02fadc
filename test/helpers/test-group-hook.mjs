// Module hook of a test group (test/helpers/test-group.ts): a test file's `import t from 'tap'` gets
// the group's stand-in for tap's root, which is the test of that file.
const TEST_FILE = /\.test\.tsx?$/
const GROUP = new URL('./test-group.ts', import.meta.url).href

export function resolve(specifier, context, next) {
  if (specifier === 'tap' && context.parentURL && TEST_FILE.test(new URL(context.parentURL).pathname))
    return { url: GROUP, shortCircuit: true }
  return next(specifier, context)
}
