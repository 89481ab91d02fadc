import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { pngBytes } from './png.ts'

export interface FakeTiles {
  /** The template to configure (MAP_TILES_URL). */
  url: string
  /** The tiles asked for, as `z/x/y`, in order. */
  requests: string[]
  close(): Promise<void>
}

const SIZE = 256
const TILE = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/

/** A 256-pixel tile: a pale ground, a darker edge, and a chequer of two tones so that a dragged map visibly moves. */
function tile(dark: boolean): Buffer {
  const ground = dark ? [226, 232, 222] : [240, 243, 236]
  const rows: Buffer[] = []
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3)
    for (let x = 0; x < SIZE; x++) {
      const edge = x === 0 || y === 0
      const [r, g, b] = edge ? [200, 208, 196] : ground
      row.writeUInt8(r!, 1 + x * 3)
      row.writeUInt8(g!, 2 + x * 3)
      row.writeUInt8(b!, 3 + x * 3)
    }
    rows.push(row)
  }
  return pngBytes(SIZE, SIZE, { colourType: 2, scanlines: Buffer.concat(rows) })
}

/**
 * A raster tile server on loopback speaking the z/x/y protocol OpenStreetMap's and every provider's
 * tiles use: `GET /{z}/{x}/{y}.png` is a PNG for a tile that exists at that zoom, 404 otherwise.
 */
export async function startFakeTiles(port = 0): Promise<FakeTiles> {
  const tiles = [tile(false), tile(true)]
  const requests: string[] = []
  const server = createServer((req, res) => {
    const match = TILE.exec(new URL(req.url ?? '/', 'http://tiles').pathname)
    const [z, x, y] = match ? match.slice(1).map(Number) : []
    if (req.method !== 'GET' || z === undefined || z > 19 || x! >= 2 ** z || y! >= 2 ** z) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such tile')
      return
    }
    requests.push(`${z}/${x}/${y}`)
    res
      .writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      })
      .end(tiles[(x! + y!) % 2])
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${bound}/{z}/{x}/{y}.png`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

// `node --import tsx test/helpers/fake-tiles.ts <port>`: the journeys' tile server (playwright.config.ts)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const tiles = await startFakeTiles(Number(process.argv[2] ?? 0))
  process.stdout.write(`fake tiles at ${tiles.url}\n`)
}
