// `npm run bench -- mix`: the page traffic of a site most of whose visitors are not signed in —
// 90 % anonymous pages, 10 % signed-in ones (a reader with nothing saved, one who saved a listing of the
// page) — at 10 connections, a few runs in a row so that a shared machine's spread shows
// (docs/decisions/006-caches-and-their-lifetimes.md weighs the render of signed-in pages by it).
import type { Request } from 'autocannon'
import { post, signIn } from './ai-search.ts'

type Measure = (
  name: string,
  url: string,
  requests?: Request[],
) => Promise<{ rps: number; p99: number; errors: number }>

/** The mix, in the order each connection asks it: 18 anonymous pages, then 2 signed-in ones. */
async function mixRequests(base: string): Promise<Request[]> {
  const page = (await (await fetch(`${base}/api/v1/listings?language=en&limit=20`)).json()) as {
    data: { listings: Array<{ id: number; slug: string }> }
  }
  const slugs = page.data.listings.map((l) => l.slug)
  const reader = await signIn(base, 31)
  const saver = await signIn(base, 32)
  await post(base, `/favorites/${String(page.data.listings[0]!.id)}`, saver, {})
  const anonymous = [
    '/en/listings',
    '/listings',
    '/en',
    `/en/listing/${slugs[0]}`,
    `/listing/${slugs[1]}`,
    '/en/listings?page=2',
  ]
  const requests: Request[] = []
  for (let i = 0; i < 18; i++) requests.push({ method: 'GET', path: anonymous[i % anonymous.length]! })
  requests.push({ method: 'GET', path: '/en/listings', headers: { cookie: reader } })
  requests.push({ method: 'GET', path: `/en/listing/${slugs[0]}`, headers: { cookie: saver } })
  return requests
}

/** The mix measured `runs` times. */
export async function benchMix(base: string, measure: Measure, runs: number) {
  const requests = await mixRequests(base)
  const rows = []
  for (let run = 1; run <= runs; run++)
    rows.push(await measure(`mix 90 % anonymous, 10 % signed in (${run})`, base, requests))
  return rows
}

export function printMix(rows: Array<{ rps: number; p99: number; errors: number }>, setting: string): void {
  console.log(`\nmix of pages, 90 % anonymous and 10 % signed in (${setting}):`)
  for (const [i, row] of rows.entries())
    console.log(`  run ${i + 1}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.errors} errors`)
  const rps = rows.map((r) => r.rps)
  console.log(`  spread: ${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)} req/s`)
}
