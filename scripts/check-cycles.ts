// `npm test` step: the folders of server/api (auth, listings, users, …) never import each other in a
// cycle, so each can be read, tested and changed with only the ones below it in mind. A file directly
// in server/api (app.ts, policy.ts, …) counts as a folder of its own. Type-only imports count too.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(process.argv[2] ?? 'server/api')
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The folder of server/api a file belongs to (a top-level file is its own). */
const unitOf = (file: string): string => path.relative(ROOT, file).split(path.sep)[0]!

/** The imports between folders: from → to → one file-level example. */
const edges = new Map<string, Map<string, string>>()
let files = 0
for (const file of sourceFiles(ROOT)) {
  files++
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3]!
    if (!spec.startsWith('.')) continue
    const target = path.resolve(path.dirname(file), spec)
    if (!target.startsWith(ROOT + path.sep)) continue
    const from = unitOf(file)
    const to = unitOf(target)
    if (from === to) continue
    if (!edges.has(from)) edges.set(from, new Map())
    if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${path.relative(process.cwd(), file)} imports ${spec}`)
  }
}

// Tarjan's strongly connected components: every component of more than one folder is a cycle.
const index = new Map<string, number>()
const low = new Map<string, number>()
const stack: string[] = []
const onStack = new Set<string>()
const cycles: string[][] = []
function visit(unit: string): void {
  index.set(unit, index.size)
  low.set(unit, index.get(unit)!)
  stack.push(unit)
  onStack.add(unit)
  for (const next of edges.get(unit)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next)
      low.set(unit, Math.min(low.get(unit)!, low.get(next)!))
    } else if (onStack.has(next)) {
      low.set(unit, Math.min(low.get(unit)!, index.get(next)!))
    }
  }
  if (low.get(unit) !== index.get(unit)) return
  const component: string[] = []
  let member: string
  do {
    member = stack.pop()!
    onStack.delete(member)
    component.push(member)
  } while (member !== unit)
  if (component.length > 1) cycles.push(component.sort())
}
for (const unit of edges.keys()) if (!index.has(unit)) visit(unit)

const where = path.relative(process.cwd(), ROOT)
if (cycles.length === 0) {
  const count = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0)
  console.log(
    `check-cycles: no import cycle between the folders of ${where} (${files} files, ${count} folder-to-folder imports)`,
  )
} else {
  for (const cycle of cycles) {
    console.error(`check-cycles: ${cycle.join(', ')} import each other:`)
    for (const from of cycle) {
      for (const [to, example] of edges.get(from) ?? [])
        if (cycle.includes(to)) console.error(`  ${from} → ${to}: ${example}`)
    }
  }
  process.exit(1)
}
