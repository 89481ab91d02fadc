import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

/** One place the fake knows, as Nominatim's jsonv2 names it. */
interface KnownPlace {
  name: string
  display_name: string
  lat: number
  lon: number
  country_code: string
  category: string
  type: string
}

/** Real streets (OpenStreetMap's names and points): two Königstraßen near Berlin, one in Hamburg, and others. */
export const KNOWN_PLACES: KnownPlace[] = [
  {
    name: 'Kastanienallee',
    display_name: 'Kastanienallee, Prenzlauer Berg, Pankow, Berlin, 10435, Deutschland',
    lat: 52.538496,
    lon: 13.410649,
    country_code: 'de',
    category: 'highway',
    type: 'residential',
  },
  {
    name: 'Königstraße',
    display_name: 'Königstraße, Wannsee, Steglitz-Zehlendorf, Berlin, 14109, Deutschland',
    lat: 52.421164,
    lon: 13.161312,
    country_code: 'de',
    category: 'highway',
    type: 'secondary',
  },
  {
    // within the box around Berlin, but about 52 km from its centre
    name: 'Königstraße',
    display_name: 'Königstraße, Bad Freienwalde (Oder), Märkisch-Oderland, Brandenburg, 16259, Deutschland',
    lat: 52.787306,
    lon: 14.032115,
    country_code: 'de',
    category: 'highway',
    type: 'residential',
  },
  {
    name: 'Königstraße',
    display_name: 'Königstraße, Altona-Altstadt, Altona, Hamburg, 22767, Deutschland',
    lat: 53.548011,
    lon: 9.946022,
    country_code: 'de',
    category: 'highway',
    type: 'secondary',
  },
  {
    name: 'İstiklal Caddesi',
    display_name: 'İstiklal Caddesi, Beyoğlu, İstanbul, Marmara Bölgesi, 34433, Türkiye',
    lat: 41.033708,
    lon: 28.977529,
    country_code: 'tr',
    category: 'highway',
    type: 'pedestrian',
  },
]

/** A search the fake received: its query parameters and User-Agent. */
export interface NominatimRequest {
  params: Record<string, string>
  userAgent: string | undefined
}

export interface FakeNominatim {
  /** The base to configure (GEOCODER_URL). */
  url: string
  requests: NominatimRequest[]
  /** 'ok' answers; 'error' answers 503 as an overloaded server does; 'garbage' answers HTML; 'hang' never answers. */
  mode: 'ok' | 'error' | 'garbage' | 'hang'
  /** How long each answer takes, ms. */
  delayMs: number
  close(): Promise<void>
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * A Nominatim-compatible geocoder on loopback speaking `GET /search?q=…&format=jsonv2` as the real
 * one does: `countrycodes`, `viewbox` with `bounded=1`, `limit`; lat and lon as strings; 400 for an
 * unknown format. It matches the words of `q` against the places' names and addresses.
 */
export async function startFakeNominatim(port = 0): Promise<FakeNominatim> {
  const hanging = new Set<ServerResponse>()
  const fake: FakeNominatim = { url: '', requests: [], mode: 'ok', delayMs: 0, close: async () => {} }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://nominatim')
    const send = (status: number, type: string, body: string) =>
      setTimeout(() => res.writeHead(status, { 'content-type': type }).end(body), fake.delayMs)
    if (req.method !== 'GET' || url.pathname !== '/search') return send(404, 'text/plain', 'Not Found')
    const params = Object.fromEntries(url.searchParams)
    fake.requests.push({ params, userAgent: req.headers['user-agent'] })
    if (fake.mode === 'hang') return void hanging.add(res)
    if (fake.mode === 'error') return send(503, 'text/html', '<html><body>Service Unavailable</body></html>')
    if (fake.mode === 'garbage') return send(200, 'text/html', '<html><body>Bandwidth limit exceeded</body></html>')
    if (params.format !== 'jsonv2' && params.format !== 'json')
      return send(
        400,
        'application/json',
        JSON.stringify({
          error: { code: 400, message: 'Parameter "format" must be one of: xml, json, jsonv2, geojson, geocodejson' },
        }),
      )
    const words = fold(params.q ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
    const countries = params.countrycodes?.split(',') ?? []
    const box = params.viewbox?.split(',').map(Number)
    const inBox = (p: KnownPlace) =>
      !box ||
      params.bounded !== '1' ||
      (p.lon >= Math.min(box[0]!, box[2]!) &&
        p.lon <= Math.max(box[0]!, box[2]!) &&
        p.lat >= Math.min(box[1]!, box[3]!) &&
        p.lat <= Math.max(box[1]!, box[3]!))
    const found = KNOWN_PLACES.filter(
      (p) =>
        words.length > 0 &&
        words.every((w) => fold(p.display_name).includes(w)) &&
        (countries.length === 0 || countries.includes(p.country_code)) &&
        inBox(p),
    ).slice(0, Number(params.limit ?? 10))
    send(
      200,
      'application/json; charset=utf-8',
      JSON.stringify(
        found.map((p, i) => ({
          place_id: 1000 + i,
          licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
          osm_type: 'way',
          osm_id: 4000 + i,
          lat: String(p.lat),
          lon: String(p.lon),
          category: p.category,
          type: p.type,
          place_rank: 26,
          importance: 0.1,
          addresstype: 'road',
          name: p.name,
          display_name: p.display_name,
          boundingbox: [String(p.lat - 0.001), String(p.lat + 0.001), String(p.lon - 0.001), String(p.lon + 0.001)],
        })),
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  fake.url = `http://127.0.0.1:${bound}`
  fake.close = () =>
    new Promise((resolve) => {
      for (const res of hanging) res.destroy()
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return fake
}

// `node --import tsx test/helpers/fake-nominatim.ts <port>`: the journeys' geocoder (playwright.config.ts)
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeNominatim(Number(process.argv[2] ?? 0))
  process.stdout.write(`fake nominatim at ${fake.url}\n`)
}
