import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * A push endpoint is a URL a user gives us and the server POSTs to: without a check it would let
 * anyone make the server call its own network (SSRF). Outside tests only https to public addresses
 * is allowed; the check runs on the address actually connected to (the socket's lookup), so a name
 * that resolves to a private address at send time is refused too (docs/decisions/020-alerts-and-outbox.md).
 */
const PRIVATE_V4 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  PRIVATE_V4.addSubnet(net, prefix, 'ipv4')

// Only global unicast (2000::/3) is public, less these special ranges; the forms that carry an
// IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) are judged by it first.
const GLOBAL_UNICAST = new BlockList()
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6')
const SPECIAL_V6 = new BlockList()
for (const [net, prefix] of [
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const)
  SPECIAL_V6.addSubnet(net, prefix, 'ipv6')

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is two groups; a zone is dropped). */
function groupsOf(address: string): number[] {
  let text = address.replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const before = head ? head.split(':') : []
  const after = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0')
  return [...before, ...zeros, ...after].map((g) => parseInt(g, 16))
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`

/**
 * The IPv4 addresses a packet to this IPv6 address reaches (RFC 4291 mapped and compatible, RFC 6145
 * translated, RFC 6052 NAT64, RFC 3056 6to4, RFC 4380 Teredo: its server and its client, whose
 * address is stored inverted), or null when it carries none.
 */
function embeddedIPv4(g: number[]): string[] | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number]
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeroTo(5) && (g5 === 0 || g5 === 0xffff)) return [ipv4Of(g6, g7)]
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return [ipv4Of(g6, g7)]
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [ipv4Of(g6, g7)]
  if (g0 === 0x2002) return [ipv4Of(g1, g2)]
  if (g0 === 0x2001 && g1 === 0) return [ipv4Of(g2, g3), ipv4Of(~g6 & 0xffff, ~g7 & 0xffff)]
  return null
}

/** Whether an address is not public unicast (and so never posted to); what is not an address is not public either. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return true
  if (version === 4) return PRIVATE_V4.check(address, 'ipv4')
  const groups = groupsOf(address)
  const embedded = embeddedIPv4(groups)
  if (embedded?.some((v4) => PRIVATE_V4.check(v4, 'ipv4'))) return true
  // mapped, compatible and NAT64 forms lie outside 2000::/3: their IPv4 address is the whole answer
  if (embedded && groups[0]! < 0x2000) return false
  // the rest, the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) too, wherever its IPv4 sits, is judged as IPv6
  const normalized = groups.map((x) => x.toString(16)).join(':')
  return !GLOBAL_UNICAST.check(normalized, 'ipv6') || SPECIAL_V6.check(normalized, 'ipv6')
}

export class RefusedEndpointError extends Error {}

/** Why this endpoint is never posted to, or null when it may be (the resolved address is checked again at connect). */
export function refusedEndpoint(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'not a URL'
  }
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not http(s)'
  if (url.protocol !== 'https:') return 'not https'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && isPrivateAddress(host)) return 'a private address'
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a private address'
  return null
}

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 4)
    const refused = addresses.find((a) => isPrivateAddress(a.address))
    if (refused || addresses.length === 0)
      return callback(new RefusedEndpointError(`${hostname} resolves to a private address`), '', 4)
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

export interface PostOptions {
  headers: Record<string, string | number>
  body: Buffer | string
  timeoutMs: number
  signal?: AbortSignal
  allowPrivate: boolean
}

/** One POST to a push endpoint, bounded in time as a whole; the answer's status and (capped) text. */
export function postToEndpoint(endpoint: string, options: PostOptions): Promise<{ status: number; text: string }> {
  const refused = refusedEndpoint(endpoint, options.allowPrivate)
  if (refused) return Promise.reject(new RefusedEndpointError(`push endpoint refused: ${refused}`))
  const url = new URL(endpoint)
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.any([
      AbortSignal.timeout(options.timeoutMs),
      ...(options.signal ? [options.signal] : []),
    ])
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: options.headers,
        signal,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk)
          size += chunk.length
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 500) }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
