import t from 'tap'
import { passwordHashing, workQueue } from '../../../../server/api/identity/passwords.ts'
import { PASSWORD_HASHING } from '../../../../server/api/rate-limit/limits.ts'
import { outboxMailer } from '../../../../server/integrations/mail/mailer.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'

/** A task that runs until released. */
function heldTask() {
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  return { run: () => done, release }
}

t.test('workQueue: at most `running` at once and `waiting` in line; the rest refused at once', async (t) => {
  const queue = workQueue({ running: 2, waiting: 3 })
  const tasks = Array.from({ length: 10 }, heldTask)
  const outcomes = tasks.map((task) =>
    queue.run(task.run).then(
      () => 'done',
      (err: { code?: string }) => err.code,
    ),
  )
  await new Promise((resolve) => setImmediate(resolve))
  t.match(queue.stats, { running: 2, waiting: 3, started: 2, refused: 5 })
  t.same(await Promise.all(outcomes.slice(5)), Array(5).fill('RATE_LIMITED'), 'the sixth on is refused without waiting')

  // a finished task hands its place to the first in line
  tasks[0]!.release()
  t.equal(await outcomes[0], 'done')
  t.match(queue.stats, { running: 2, waiting: 2 }, 'the first in line runs')
  const oneMore = queue.run(async () => 'done')
  t.equal(
    await queue.run(async () => 'x').catch((err: { code?: string }) => err.code),
    'RATE_LIMITED',
    'the line had room for one more only',
  )
  for (const task of tasks) task.release()
  t.same(await Promise.all([...outcomes.slice(0, 5), oneMore]), Array(6).fill('done'))
  t.match(queue.stats, { running: 0, waiting: 0, peakRunning: 2, peakWaiting: 3 })
})

t.test('scrypt work is bounded: sign-ins beyond the queue → 429 at once', async (t) => {
  const { app, db } = await buildTestApi(t, { mailer: outboxMailer(t.testdir()) })
  const signIn = (email: string, password: string, remoteAddress = '203.0.113.60') =>
    app.inject({ method: 'POST', url: '/api/v1/identity/sign-in', payload: { email, password }, remoteAddress })
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/identity/sign-up',
        payload: { email: 'busy@example.com', password: 'right-pass' },
      })
    ).statusCode,
    201,
  )

  await t.test('with the queue full, a sign-in is refused (Retry-After) and not counted as a failure', async (t) => {
    const held = Array.from({ length: PASSWORD_HASHING.running + PASSWORD_HASHING.waiting }, heldTask)
    const holding = held.map((task) => passwordHashing.run(task.run))
    const refused = await signIn('busy@example.com', 'right-pass')
    t.equal(refused.statusCode, 429)
    t.match(refused.json().error, { code: 'RATE_LIMITED', details: { reason: 'busy', retry_after_s: 1 } })
    t.equal(refused.headers['retry-after'], '1')
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_sign_in_failures')
    t.equal(row!.n, 0, 'an attempt never checked is no failure')
    for (const task of held) task.release()
    await Promise.all(holding)
    t.equal((await signIn('busy@example.com', 'right-pass')).statusCode, 200, 'once the queue drains')
  })

  await t.test(
    '40 sign-ins at once: never more hashing or waiting than the bounds; every refusal is a 429',
    async (t) => {
      const { refused: refusedBefore, started: startedBefore } = passwordHashing.stats
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signIn(`nobody${i}@example.com`, 'guess', `198.51.100.${i + 1}`)),
      )
      const codes = answers.map((a) => a.statusCode)
      t.equal(codes.filter((c) => c !== 401 && c !== 429).length, 0, 'wrong or busy, nothing else')
      t.equal(
        codes.filter((c) => c === 429).length,
        passwordHashing.stats.refused - refusedBefore,
        'each 429 is a refusal of the queue',
      )
      t.ok(
        passwordHashing.stats.started - startedBefore >= codes.filter((c) => c === 401).length,
        'each checked password went through the queue',
      )
      t.ok(
        passwordHashing.stats.peakRunning <= PASSWORD_HASHING.running,
        `at most ${PASSWORD_HASHING.running} hashes at once`,
      )
      t.ok(passwordHashing.stats.peakWaiting <= PASSWORD_HASHING.waiting, `at most ${PASSWORD_HASHING.waiting} waiting`)
      for (const a of answers.filter((a) => a.statusCode === 429)) t.equal(a.headers['retry-after'], '1')
    },
  )
})
