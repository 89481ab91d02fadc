/** The logger a job runner reports to (pino's, or anything with these methods). */
export interface JobLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/**
 * Background jobs inside a process, one runner per module (docs/decisions/037-background-jobs.md): each job runs on its interval (timers
 * unref'd) and never twice at once; a failure is logged as `<module>.<job>_failed`, never thrown.
 * The jobs themselves stay callable directly (tests, scripts).
 */
export function jobRunner(module: string, log: JobLog) {
  const running = new Set<Promise<unknown>>()
  const busy = new Set<string>()
  /** Jobs woken while they ran: they run once more right after. */
  const again = new Set<string>()
  const timers: NodeJS.Timeout[] = []
  let stopped = false

  const runner = {
    /** Runs a job in the background unless its previous run is still going. */
    tick(name: string, job: () => Promise<unknown>): void {
      if (busy.has(name)) return
      busy.add(name)
      const run = job()
        .catch((err: unknown) => log.error({ err }, `${module}.${name}_failed`))
        .finally(() => {
          busy.delete(name)
          running.delete(run)
          if (again.delete(name) && !stopped) runner.tick(name, job)
        })
      running.add(run)
    },

    /**
     * Runs the job now because work for it has just arrived (a NOTIFY): at once, or once more right
     * after the run in flight, which may have looked before the work was there.
     */
    wake(name: string, job: () => Promise<unknown>): void {
      if (stopped) return
      if (busy.has(name)) again.add(name)
      else runner.tick(name, job)
    },

    /** Runs the job every `intervalMs` (and at once when `now`). */
    every(name: string, intervalMs: number, job: () => Promise<unknown>, { now = false } = {}): void {
      if (now) runner.tick(name, job)
      const timer = setInterval(() => runner.tick(name, job), intervalMs)
      timer.unref()
      timers.push(timer)
    },

    get started(): boolean {
      return timers.length > 0
    },

    /** Stops the timers and waits for the runs in flight. */
    async stop(): Promise<void> {
      stopped = true
      again.clear()
      for (const timer of timers.splice(0)) clearInterval(timer)
      await Promise.allSettled(running)
    },
  }
  return runner
}
export type JobRunner = ReturnType<typeof jobRunner>
