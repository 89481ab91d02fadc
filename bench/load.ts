// `npm run bench -- load` (README, "Benchmark"): 100 connections for 60 s over a mix of what visitors
// ask (pages anonymous and signed in, JSON searches cached and not, photos, a dashboard page), then
// the same mix again while 150 live unread-count streams of one signed-in user are held open: errors,
// latency and the process's memory before and after each run.
import http from 'node:http'
import autocannon, { type Request } from 'autocannon'
import { signIn } from './ai-search.ts'
import { memoryOf, showMemory, type Memory } from './memory.ts'

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100)
const DURATION = Number(process.env.BENCH_LOAD_DURATION ?? 60)
const STREAMS = Number(process.env.BENCH_LOAD_STREAMS ?? 150)
const STREAM_PATH = '/api/v1/alerts/notifications/stream'

export interface LoadRow {
  name: string
  requests: number
  rps: number
  p50: number
  p99: number
  /** Answers of 4xx and 5xx, and requests without an answer (timed out, or the connection failed). */
  errors: number
  /** What went wrong, by kind of request: `dashboard 503×12, timeouts×40`. */
  failures: string
  before: Memory
  after: Memory
}

/** Counts the answers of 4xx and 5xx of each kind of request in the mix. */
export function tally() {
  const failed = new Map<string, number>()
  return {
    /** `request`, named, with its failures counted. */
    named(name: string, request: Request): Request {
      return {
        ...request,
        onResponse: (status: number) => {
          if (status >= 400) failed.set(`${name} ${status}`, (failed.get(`${name} ${status}`) ?? 0) + 1)
        },
      }
    },
    /** What failed since the last call, and forgets it. */
    take(): string {
      const out = [...failed].map(([what, n]) => `${what}×${n}`).join(', ')
      failed.clear()
      return out
    },
  }
}

/** The mix, in the order each connection asks it (round and round); JSON searches differ every time. */
export async function mix(base: string, failures: ReturnType<typeof tally>): Promise<Request[]> {
  const page = (await (await fetch(`${base}/api/v1/listings?language=en&limit=20`)).json()) as {
    data: { listings: Array<{ slug: string; photos: Array<{ url: string; thumb_url: string }> }> }
  }
  const first = page.data.listings[0]!
  const reader = await signIn(base, 21)
  const owner = await signIn(base, 22)
  let next = 0
  const photo = first.photos[0]
  const { named } = failures
  return [
    named('page', { method: 'GET', path: '/listings' }), // Persian, unprefixed
    named('page', { method: 'GET', path: `/en/listing/${first.slug}` }),
    named('signed-in page', { method: 'GET', path: '/en/listings', headers: { cookie: reader } }),
    named('signed-in page', { method: 'GET', path: `/listing/${first.slug}`, headers: { cookie: reader } }),
    named('json', { method: 'GET', path: '/api/v1/listings?language=en&limit=20' }),
    named('json', {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/listings?max_price=${200_000 + next++}&limit=20&language=en`,
      }),
    }),
    ...(photo
      ? [named('photo', { method: 'GET', path: photo.thumb_url }), named('photo', { method: 'GET', path: photo.url })]
      : []),
    named('dashboard', { method: 'GET', path: '/en/dashboard/listings', headers: { cookie: owner } }),
  ]
}

async function run(
  base: string,
  name: string,
  requests: Request[],
  failures: ReturnType<typeof tally>,
): Promise<LoadRow> {
  const before = await memoryOf(base)
  failures.take()
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, requests })
  const after = await memoryOf(base)
  // autocannon's `errors` counts its timeouts too
  const unanswered = [
    result.timeouts && `timeouts×${result.timeouts}`,
    result.errors - result.timeouts && `connection errors×${result.errors - result.timeouts}`,
  ].filter(Boolean)
  return {
    name,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors:
      result.errors +
      Object.entries(result.statusCodeStats ?? {}).reduce(
        (n, [code, { count = 0 }]) => n + (Number(code) >= 400 ? count : 0),
        0,
      ),
    failures: [failures.take(), ...unanswered].filter(Boolean).join(', ') || 'none',
    before,
    after,
  }
}

/** Opens `count` unread-count streams as one user and keeps them flowing; how many the gateway answered 200. */
async function openStreams(base: string, cookie: string, count: number) {
  const url = new URL(STREAM_PATH, base)
  const requests: http.ClientRequest[] = []
  const statuses = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          })
          req.on('error', () => resolve(0))
          req.setTimeout(10_000, () => resolve(0))
          requests.push(req)
        }),
    ),
  )
  return {
    open: statuses.filter((s) => s === 200).length,
    statuses: [...new Set(statuses)].join(','),
    close: () => requests.forEach((req) => req.destroy()),
  }
}

/** The mix alone, then with the streams held open. */
export async function benchLoad(base: string): Promise<{ rows: LoadRow[]; streams: string }> {
  const failures = tally()
  const requests = await mix(base, failures)
  const rows = [await run(base, 'mix', requests, failures)]
  const streams = await openStreams(base, await signIn(base, 23), STREAMS)
  try {
    rows.push(await run(base, `mix + ${streams.open} unread streams held open`, requests, failures))
  } finally {
    streams.close()
  }
  return { rows, streams: `${streams.open} of ${STREAMS} streams answered 200 (statuses: ${streams.statuses})` }
}

export function printLoad(result: { rows: LoadRow[]; streams: string }, setting: string): void {
  console.log(`\nbench load: ${setting}, ${CONNECTIONS} connections, ${DURATION} s each; ${result.streams}\n`)
  console.log(
    `${'run'.padEnd(40)}${'requests'.padStart(10)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}  memory before → after`,
  )
  for (const r of result.rows)
    console.log(
      `${r.name.padEnd(40)}${String(r.requests).padStart(10)}${r.rps.toFixed(0).padStart(8)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${String(r.errors).padStart(8)}  ${showMemory(r.before)} → ${showMemory(r.after)}`,
    )
  console.log('\nfailures by kind of request:')
  for (const r of result.rows) console.log(`  ${r.name}: ${r.failures}`)
}
