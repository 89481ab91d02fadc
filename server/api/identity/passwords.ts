import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { AppError } from '../../lib/errors.ts'
import { PASSWORD_HASHING } from '../rate-limit/limits.ts'

// node:crypto's scrypt runs on libuv's thread pool, so hashing never blocks the event loop
// (and it is not a native addon, unlike argon2). N=2^14, r=8, p=1 is scrypt's interactive-login setting
// (16 MiB per hash); the parameters are stored with each hash so they can be raised later.
const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 64

/** How long a client turned away by a full queue should wait: a queue drains in about a second. */
const BUSY_RETRY_AFTER_S = 1

/** Runs at most `running` tasks at once with at most `waiting` more in line; beyond that a task is refused at once (429). */
export function workQueue(limits: { running: number; waiting: number }) {
  let running = 0
  const line: Array<() => void> = []
  const stats = { running: 0, waiting: 0, peakRunning: 0, peakWaiting: 0, started: 0, refused: 0 }
  const update = () => {
    stats.running = running
    stats.waiting = line.length
    stats.peakRunning = Math.max(stats.peakRunning, running)
    stats.peakWaiting = Math.max(stats.peakWaiting, line.length)
  }
  // a finished task hands its place to the first in line, so a newcomer can never slip in between
  const release = () => {
    const first = line.shift()
    if (first) first()
    else running--
    update()
  }
  return {
    /** Counts of now and the highest seen (tests and metrics). */
    stats: stats as Readonly<typeof stats>,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.running) {
        running++
        update()
      } else if (line.length < limits.waiting) {
        await new Promise<void>((resolve) => {
          line.push(resolve)
          update()
        })
      } else {
        stats.refused++
        throw new AppError('RATE_LIMITED', 'The server is busy; try again in a moment', {
          reason: 'busy',
          retry_after_s: BUSY_RETRY_AFTER_S,
        })
      }
      stats.started++
      try {
        return await task()
      } finally {
        release()
      }
    },
  }
}

/** Every password hash of this process goes through here (the thread pool is per process). */
export const passwordHashing = workQueue(PASSWORD_HASHING)

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 64 * 1024 * 1024 }
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  )
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

let dummyHash: Promise<string> | undefined
/** Spends the time of one password check, for unknown e-mails: both answers take as long (no enumeration by timing). */
export async function burnPasswordCheck(password: string): Promise<void> {
  // a refused first attempt (busy) must not be kept as the answer of every later one
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url')).catch((err: unknown) => {
    dummyHash = undefined
    throw err
  })
  await verifyPassword(password, await dummyHash)
}
