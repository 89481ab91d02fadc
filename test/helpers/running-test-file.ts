// The test file whose code runs now: the process's own file, or, when several files share one process
// (test/helpers/test-group.ts), the one the group is running.
let grouped: string | undefined

export function runningTestFile(): string | undefined {
  return grouped ?? process.argv[1]
}

export function setRunningTestFile(file: string): void {
  grouped = file
}
