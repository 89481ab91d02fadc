import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { precompress } from '../../scripts/precompress.ts'
import { tempDir } from '../helpers/build-gateway.ts'

// docs/decisions/025-catalogs-by-route-group.md, "Sent as the build compressed them"
t.test('every text file of the build gets a brotli and a gzip copy of itself', async (t) => {
  const dir = tempDir(t)
  mkdirSync(path.join(dir, 'assets'))
  mkdirSync(path.join(dir, '.vite'))
  const script = `export const cards = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Room ${i}` })))}\n`
  const files = {
    'assets/page-abc.js': script,
    'assets/tiny.js': 'export{}',
    'assets/style-abc.css': 'body{margin:0}'.repeat(50),
    'sw.js': "self.addEventListener('push',()=>{})",
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  }
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body)
  writeFileSync(path.join(dir, '.vite/manifest.json'), '{}')
  writeFileSync(path.join(dir, 'assets/font.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]))

  t.equal(await precompress(dir), Object.keys(files).length)
  for (const [name, body] of Object.entries(files)) {
    const file = path.join(dir, name)
    t.equal(brotliDecompressSync(readFileSync(`${file}.br`)).toString(), body, `${name}.br`)
    t.equal(gunzipSync(readFileSync(`${file}.gz`)).toString(), body, `${name}.gz`)
  }
  t.ok(readFileSync(path.join(dir, 'assets/page-abc.js.br')).length < script.length / 5, 'brotli compresses')
  t.notOk(existsSync(path.join(dir, '.vite/manifest.json.br')), 'the manifest is never served, so never copied')
  t.notOk(existsSync(path.join(dir, 'assets/font.woff2.br')), 'a font is compressed already')
})
