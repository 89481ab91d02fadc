import t from 'tap'
import { jobRunner } from '../../../server/lib/job-runner.ts'

const silent = { info() {}, warn() {}, error() {} }

t.test('wake runs a job at once, or exactly once more after the run in flight, and never after stop', async (t) => {
  const jobs = jobRunner('test', silent)
  let runs = 0
  let release!: () => void
  const job = () => {
    runs++
    return new Promise<void>((resolve) => (release = resolve))
  }
  jobs.wake('deliver', job)
  t.equal(runs, 1, 'woken while idle: runs at once')
  // three wake-ups while it runs: the run in flight may have looked before their work was there
  jobs.wake('deliver', job)
  jobs.wake('deliver', job)
  jobs.wake('deliver', job)
  t.equal(runs, 1, 'never twice at once')
  release()
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(runs, 2, 'one more run for all the wake-ups during the first')
  release()
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(runs, 2, 'and no more')

  jobs.wake('deliver', job)
  jobs.wake('deliver', job)
  const stopped = jobs.stop()
  release()
  await stopped
  jobs.wake('deliver', job)
  t.equal(runs, 3, 'a wake-up pending at stop, or after it, does not run')
})

t.test('a failing job is logged, not thrown, and the next tick runs it again', async (t) => {
  const errors: string[] = []
  const jobs = jobRunner('test', { ...silent, error: (_obj: object, msg: string) => errors.push(msg) })
  let runs = 0
  const job = async () => {
    runs++
    throw new Error('down')
  }
  jobs.tick('sweep', job)
  await new Promise((resolve) => setImmediate(resolve))
  jobs.tick('sweep', job)
  await jobs.stop()
  t.equal(runs, 2)
  t.same(errors, ['test.sweep_failed', 'test.sweep_failed'])
})
