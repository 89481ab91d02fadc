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
const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6')

export function isPrivateAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return true
  // IPv4-mapped IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) is the IPv4 address it maps
  const mapped = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address)
  if (mapped) {
    const v4 =
      mapped[1] ??
      [
        parseInt(mapped[2]!, 16) >> 8,
        parseInt(mapped[2]!, 16) & 255,
        parseInt(mapped[3]!, 16) >> 8,
        parseInt(mapped[3]!, 16) & 255,
      ].join('.')
    return PRIVATE.check(v4, 'ipv4')
  }
  return PRIVATE.check(address, version === 4 ? 'ipv4' : 'ipv6')
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
