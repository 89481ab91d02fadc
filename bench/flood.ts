// `npm run bench -- flood` (README, "Benchmark"): 10,000 distinct JSON searches of 100 listings in
// Persian, each answer well over 100 KB, against the product; its memory before, right after, and
// once the caches' lifetime and a sweep have passed with nobody reading
// (docs/decisions/006-caches-and-their-lifetimes.md).
import autocannon from 'autocannon'
import { memoryOf, showMemory, type Memory } from './memory.ts'

const SEARCHES = Number(process.env.BENCH_FLOOD ?? 10_000)
/** Readings with nobody asking anything: past the caches' 5 s lifetime and a sweep (every lifetime), then a minute on, when V8 has collected an idle heap. */
const SETTLE_MS = [15_000, 60_000]

const ROUNDS = 4

export interface FloodResult {
  searches: number
  errors: number
  rps: number
  before: Memory
  /** After each quarter of the searches: flat once the caches are full, if nothing else keeps them. */
  during: Array<{ searches: number; memory: Memory }>
  settled: Array<{ ms: number; memory: Memory }>
}

/** Floods `base` with distinct searches at 10 connections and reads its memory around it. */
export async function benchFlood(base: string): Promise<FloodResult> {
  await fetch(`${base}/api/v1/listings?limit=100&language=fa`) // the first search's one-off costs
  const before = await memoryOf(base)
  let next = 0
  const during: FloodResult['during'] = []
  let errors = 0
  let seconds = 0
  for (let round = 1; round <= ROUNDS; round++) {
    const result = await autocannon({
      url: base,
      connections: 10,
      amount: Math.round(SEARCHES / ROUNDS),
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/listings?max_price=${100_000 + next++}&limit=100&language=fa`,
          }),
        },
      ],
    })
    errors += result.errors + result.timeouts + result.non2xx
    seconds += result.duration
    during.push({ searches: next, memory: await memoryOf(base) })
  }
  const settled: FloodResult['settled'] = []
  for (const ms of SETTLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, ms - (settled.at(-1)?.ms ?? 0)))
    settled.push({ ms, memory: await memoryOf(base) })
  }
  return { searches: next, errors, rps: next / seconds, before, during, settled }
}

export function printFlood(r: FloodResult, setting: string): void {
  console.log(`\nbench flood: ${setting}, ${r.searches} distinct searches (limit=100, fa), 10 connections`)
  console.log(`  ${r.rps.toFixed(0)} req/s, ${r.errors} errors`)
  console.log(`  ${'before'.padEnd(32)}${showMemory(r.before)}`)
  for (const { searches, memory } of r.during)
    console.log(`  ${`after ${searches} searches`.padEnd(32)}${showMemory(memory)}`)
  for (const { ms, memory } of r.settled)
    console.log(`  ${`${ms / 1000} s later, nobody asking`.padEnd(32)}${showMemory(memory)}`)
  // V8 collects an idle heap lazily: "heap" counts garbage until its next full collection
}
