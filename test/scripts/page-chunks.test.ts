import path from 'node:path'
import type { ChunkingContext, ModuleInfo } from 'rolldown'
import t from 'tap'
import { publicPageChunks } from '../../scripts/page-chunks.ts'

// docs/decisions/025-catalogs-by-route-group.md
t.test('public pages’ shared modules are grouped by the pages that load them', async (t) => {
  const root = process.cwd()
  const id = (file: string) => path.join(root, file)
  /** A bundle graph in which each module has the importers given (none on demand). */
  const graph = (importers: Record<string, string[]>): ChunkingContext => ({
    getModuleInfo: (moduleId) =>
      ({
        importers: (importers[path.relative(root, moduleId)] ?? []).map(id),
        dynamicImporters: [],
      }) as unknown as ModuleInfo,
  })
  const chunkOf = publicPageChunks(root)
  const context = graph({
    'client/features/listings/pagination.tsx': [
      'client/features/listings/listings-page.tsx',
      'client/features/favorites/favorites-page.tsx',
    ],
    'client/features/listings/listing-card.tsx': ['client/features/listings/listings-page.tsx'],
  })

  // what the entry has stays in the entry; a page's module is its own chunk
  t.equal(chunkOf(id('client/features/layout/site-header.tsx'), context), null)
  t.equal(chunkOf(id('client/features/listings/listings-page.tsx'), context), null)
  // the listing card comes with the home, the listings and the listing pages
  t.match(chunkOf(id('client/features/listings/listing-card.tsx'), context), /^with-(?=.*home)(?=.*listings).*$/)
  // pagination is the listings page's alone, but the signed-in area's favourites import it too
  t.equal(chunkOf(id('client/features/listings/pagination.tsx'), context), 'with-listings')
  // a module only the listings page imports stays in the page's chunk
  t.equal(
    chunkOf(
      id('client/features/listings/pagination.tsx'),
      graph({ 'client/features/listings/pagination.tsx': ['client/features/listings/listings-page.tsx'] }),
    ),
    null,
  )
  t.equal(chunkOf(id('node_modules/uplot/dist/uPlot.esm.js'), context), null)
})
