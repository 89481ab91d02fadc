// `npm run bench -- memory` (README, "Benchmark"; docs/decisions/035-memory-of-one-process.md): the
// product started as `npm start` starts it, on PostgreSQL; its resident memory once started and settled
// with nobody asking, then over a long mixed load (pages anonymous in every language and signed in, the
// listings API, JSON searches all different, photos, a dashboard page), sampled at a steady interval:
// whether it stays flat, every sample within ±10 % of the first.
import autocannon, { type Request } from 'autocannon'
import { LOCALE_CODES, localizePath } from '../shared/locales.ts'
import { mix, tally } from './load.ts'
import { memoryOf, showMemory, type Memory } from './memory.ts'

const SETTLE_S = Number(process.env.BENCH_MEMORY_SETTLE ?? 60)
const DURATION_S = Number(process.env.BENCH_MEMORY_DURATION ?? 600)
const WARMUP_S = Number(process.env.BENCH_MEMORY_WARMUP ?? 60)
const EVERY_S = Number(process.env.BENCH_MEMORY_EVERY ?? 10)
const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 10)
/** Requests per second over all connections; 0: as fast as the product answers. */
const RATE = Number(process.env.BENCH_MEMORY_RATE ?? 100)
/** The band a flat memory stays in, around the first sample of the load. */
const BAND = 0.1

export interface MemoryRun {
  idle: Memory
  /** The samples of the load after its warm-up, `s` seconds into the load. */
  samples: Array<{ s: number; memory: Memory }>
  requests: number
  rps: number
  errors: number
  failures: string
}

const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000))

/** Idle memory once `base` has settled, then samples of it over the mixed load. */
export async function benchMemory(base: string): Promise<MemoryRun> {
  await sleep(SETTLE_S)
  const idle = await memoryOf(base)
  const failures = tally()
  const requests: Request[] = [
    ...(await mix(base, failures)),
    ...LOCALE_CODES.flatMap((code) => [
      failures.named('page', { method: 'GET', path: localizePath('/', code) }),
      failures.named('page', { method: 'GET', path: localizePath('/listings', code) }),
    ]),
  ]
  const samples: MemoryRun['samples'] = []
  const started = Date.now()
  const sampler = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000)
    if (s >= WARMUP_S) void memoryOf(base).then((memory) => samples.push({ s, memory }))
  }, EVERY_S * 1000)
  try {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: WARMUP_S + DURATION_S,
      ...(RATE > 0 && { overallRate: RATE }),
      requests,
    })
    return {
      idle,
      samples,
      requests: result.requests.total,
      rps: result.requests.average,
      errors: result.errors + result.non2xx,
      failures:
        [failures.take(), result.timeouts && `timeouts×${result.timeouts}`].filter(Boolean).join(', ') || 'none',
    }
  } finally {
    clearInterval(sampler)
  }
}

export function printMemory(run: MemoryRun, setting: string): void {
  const rate = RATE > 0 ? `${RATE} req/s` : 'as fast as answered'
  console.log(
    `\nbench memory: ${setting}, started as \`npm start\` starts it; ${CONNECTIONS} connections at ${rate}, ` +
      `${WARMUP_S} s warm-up then ${DURATION_S} s sampled every ${EVERY_S} s`,
  )
  console.log(`  ${`idle, ${SETTLE_S} s after start`.padEnd(28)}${showMemory(run.idle)}`)
  console.log(`  load: ${run.requests} requests, ${run.rps.toFixed(0)} req/s, ${run.errors} errors (${run.failures})`)
  const [first, last] = [run.samples[0], run.samples.at(-1)]
  if (!first || !last) return console.log('  no samples: the load was shorter than its warm-up')
  const rss = run.samples.map(({ memory }) => memory.rssMb)
  const [min, max] = [Math.min(...rss), Math.max(...rss)]
  const atMin = run.samples[rss.indexOf(min)]!
  const atMax = run.samples[rss.indexOf(max)]!
  console.log(`  ${`first (${first.s} s)`.padEnd(28)}${showMemory(first.memory)}`)
  console.log(`  ${`min (${atMin.s} s)`.padEnd(28)}${showMemory(atMin.memory)}`)
  console.log(`  ${`max (${atMax.s} s)`.padEnd(28)}${showMemory(atMax.memory)}`)
  console.log(`  ${`last (${last.s} s)`.padEnd(28)}${showMemory(last.memory)}`)
  // one sample a minute, to see its shape
  const perMinute = run.samples.filter(
    ({ s }, i) => i === 0 || Math.floor(s / 60) > Math.floor(run.samples[i - 1]!.s / 60),
  )
  console.log(`  rss by minute (MB): ${perMinute.map(({ memory }) => memory.rssMb.toFixed(0)).join(' ')}`)
  const low = ((min / first.memory.rssMb - 1) * 100).toFixed(1)
  const high = ((max / first.memory.rssMb - 1) * 100).toFixed(1)
  const flat = min >= first.memory.rssMb * (1 - BAND) && max <= first.memory.rssMb * (1 + BAND)
  console.log(
    `  rss over ${run.samples.length} samples: ${low} % … +${high} % of the first: ${flat ? 'flat' : 'NOT flat'} (±${BAND * 100} %)`,
  )
  console.log(`  idle rss ${run.idle.rssMb.toFixed(0)} MB: ${run.idle.rssMb <= 200 ? 'within' : 'OVER'} 200 MB`)
}
