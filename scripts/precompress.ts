// The client's text files are compressed once, at build, beside each file (`x.js.br`, `x.js.gz`):
// brotli at its best quality and gzip by Zopfli, which no server could afford per request. The gateway
// sends them as they are (@fastify/static's `preCompressed`, docs/decisions/025-catalogs-by-route-group.md).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib } from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'

const brotli = promisify(brotliCompress)

/** What is worth compressing: text, however small (a file without copies would be compressed per request). */
const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|md|html)$/

/** The files under `dir` (but its `.vite` manifest folder) that get compressed copies. */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).split(path.sep).includes('.vite'))
}

/** Writes `.br` and `.gz` beside every text file of `dir`; answers how many files. */
export async function precompress(dir: string): Promise<number> {
  const files = await textFiles(dir)
  for (const file of files) {
    const body = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { numiterations: 15 }),
    ])
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
  }
  return files.length
}
