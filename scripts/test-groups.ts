// The test files of a pass in groups, each group one tap process that runs its files one after the
// other (test/helpers/test-group.ts; docs/decisions/044-the-test-harness.md). A group is a small
// module written under .tap/groups/, named after its pass, that tap runs as a test file.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The files in `count` groups of about the same weight (heaviest first into the lightest group), each
 * group's files in path order; no group is empty.
 */
export function groupFiles(files: string[], count: number, weight: (file: string) => number): string[][] {
  const groups = Array.from({ length: Math.max(1, Math.min(count, files.length)) }, () => ({
    files: [] as string[],
    weight: 0,
  }))
  const heaviestFirst = files.map((file) => ({ file, weight: weight(file) })).sort((a, b) => b.weight - a.weight)
  for (const { file, weight } of heaviestFirst) {
    const lightest = groups.reduce((a, b) => (b.weight < a.weight ? b : a))
    lightest.files.push(file)
    lightest.weight += weight
  }
  return groups.map((group) => group.files.sort()).filter((group) => group.length > 0)
}

/** Where the group modules are written (tap's own folder, ignored by git). */
export const GROUPS_DIR = '.tap/groups'

/**
 * Writes a pass's groups as modules tap runs (`.tap/groups/<pass>/<n>-of-<count>.mjs`), each giving every
 * file `fileTimeoutS` seconds, and answers their paths and the longest a group may take. A file's
 * weight is its size: a long test file holds more tests.
 */
export function writeGroups(
  pass: string,
  files: string[],
  count: number,
  fileTimeoutS: number,
): { modules: string[]; timeoutS: number } {
  const dir = path.posix.join(GROUPS_DIR, pass)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const groups = groupFiles(files, count, (file) => statSync(file).size)
  const modules = groups.map((group, index) => {
    const module = path.posix.join(dir, `${index + 1}-of-${groups.length}.mjs`)
    writeFileSync(
      module,
      `// scripts/test-groups.ts: ${group.length} test files in one process\n` +
        `import { runGroup } from '../../../test/helpers/test-group.ts'\n` +
        `await runGroup(${JSON.stringify(group, null, 2)}, { timeoutMs: ${fileTimeoutS * 1000} })\n`,
    )
    return module
  })
  return { modules, timeoutS: fileTimeoutS * Math.max(...groups.map((group) => group.length)) }
}
