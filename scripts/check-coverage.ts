// `npm test` step after the PGlite pass (run under c8, see .c8rc.json): the share of lines the tests ran,
// per folder, against a floor a little under what the folder has reached. A folder that drops under its
// floor fails the step; raise a floor when its folder has gone well past it.
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The lowest share of lines run, in percent, per folder; the first folder that holds a file counts it. */
const FLOORS: Array<{ folder: string; lines: number }> = [
  { folder: 'server/api', lines: 98 },
  { folder: 'server/gateway', lines: 97 },
  // ports whose file holds types only (id-token.ts, notify/notifier.ts) are left out in .c8rc.json: no line
  // of theirs runs, so c8 would count every one as missed
  { folder: 'server/integrations', lines: 95 },
  { folder: 'server/lib', lines: 96 },
  // config.ts, config-rules.ts and main.ts (server/dev.ts, Vite's development server, is left out in .c8rc.json)
  { folder: 'server', lines: 94 },
  { folder: 'shared', lines: 97 },
  // pages count as the gateway tests render them from source; effects and handlers run only in the (unmeasured) browser journeys
  { folder: 'client', lines: 60 },
]

interface Counts {
  total: number
  covered: number
}
type Summary = Record<string, { lines: Counts; branches: Counts }>

const file = process.argv[2] ?? 'coverage/coverage-summary.json'
let summary: Summary
try {
  summary = JSON.parse(readFileSync(file, 'utf8')) as Summary
} catch (err) {
  console.error(`coverage: cannot read ${file} (${(err as Error).message}); it is written by c8 around the PGlite pass`)
  process.exit(1)
}

const rows = new Map(
  FLOORS.map(({ folder }) => [
    folder,
    { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 }, files: 0 },
  ]),
)
const unplaced: string[] = []
for (const [name, counts] of Object.entries(summary)) {
  if (name === 'total') continue
  const relative = path.relative(process.cwd(), name).split(path.sep).join('/')
  const row = FLOORS.find(({ folder }) => relative.startsWith(`${folder}/`))
  if (!row) {
    unplaced.push(relative)
    continue
  }
  const sums = rows.get(row.folder)!
  sums.files++
  for (const kind of ['lines', 'branches'] as const) {
    sums[kind].total += counts[kind].total
    sums[kind].covered += counts[kind].covered
  }
}

const percent = ({ total, covered }: Counts) => (total === 0 ? 100 : (100 * covered) / total)
const under: string[] = []
console.log(
  `${'folder'.padEnd(22)}${'files'.padStart(6)}${'lines'.padStart(15)}${'%'.padStart(7)}${'floor'.padStart(7)}${'branches %'.padStart(12)}`,
)
for (const { folder, lines: floor } of FLOORS) {
  const { lines, branches, files } = rows.get(folder)!
  const share = percent(lines)
  if (share < floor) under.push(`${folder} ${share.toFixed(1)} % < ${floor} %`)
  const mark = share < floor ? '  ✗' : ''
  console.log(
    `${folder.padEnd(22)}${String(files).padStart(6)}${`${lines.covered}/${lines.total}`.padStart(15)}${share.toFixed(1).padStart(7)}${String(floor).padStart(7)}${percent(branches).toFixed(1).padStart(12)}${mark}`,
  )
}
if (unplaced.length > 0) console.log(`coverage: in no folder of the table (add one): ${unplaced.join(', ')}`)
if (under.length > 0) {
  console.error(`coverage: under the floor: ${under.join('; ')}`)
  process.exit(1)
}
