import net from 'node:net'
import { setImmediate as nextLoop } from 'node:timers/promises'

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL) that can misbehave the way networks do:
 * go silent like a NAT or firewall that lost its state (sockets stay open, nothing is forwarded, no
 * FIN or RST is ever sent), or refuse new connections.
 */
export interface TcpProxy {
  readonly port: number
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string
  /** Every open connection goes silent for good; new connections are accepted and never answered. */
  silence(): void
  /** New connections reach the target again (listening again if refusing); silenced ones stay silent. */
  restore(): Promise<void>
  /** Stops listening: new connections are refused (ECONNREFUSED); open ones are untouched. */
  refuse(): Promise<void>
  /** Closes every open connection on both sides, as a database restart does. */
  disconnect(): Promise<void>
  /** Stops listening and closes every connection; closing again does nothing. */
  close(): Promise<void>
}

interface Link {
  client: net.Socket
  upstream: net.Socket | null
  silent: boolean
}

/** Starts a proxy on 127.0.0.1 (a free port) forwarding to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const links = new Set<Link>()
  let silent = false

  function onConnection(client: net.Socket): void {
    const link: Link = { client, upstream: null, silent }
    links.add(link)
    client.on('error', () => {})
    // whatever the client does, the target side goes too; a silent link never tells the client anything
    client.on('close', () => {
      links.delete(link)
      link.upstream?.destroy()
    })
    if (link.silent) return
    const upstream = net.connect({ host: target.host, port: target.port, allowHalfOpen: true })
    link.upstream = upstream
    upstream.on('error', () => {})
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        if (!link.silent) to.write(chunk)
      })
      from.on('end', () => {
        if (!link.silent) to.end()
      })
    }
    forward(client, upstream)
    forward(upstream, client)
    upstream.on('close', () => {
      if (!link.silent) client.destroy()
    })
  }

  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const server = net.createServer({ allowHalfOpen: true }, onConnection)
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve(server))
    })

  let server: net.Server | null = await listen(0)
  const port = (server.address() as net.AddressInfo).port

  const stopListening = async () => {
    const closing = server
    server = null
    // close() stops accepting at once; its callback waits for every open connection, so it is not awaited
    closing?.close()
    await nextLoop()
  }

  const disconnect = async () => {
    for (const link of links) {
      link.client.destroy()
      link.upstream?.destroy()
    }
    links.clear()
    await nextLoop()
  }

  return {
    port,
    urlFor(url) {
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(port)
      return proxied.toString()
    },
    silence() {
      silent = true
      for (const link of links) link.silent = true
    },
    async restore() {
      silent = false
      server ??= await listen(port)
    },
    refuse: stopListening,
    disconnect,
    async close() {
      await stopListening()
      await disconnect()
    },
  }
}

interface Teardown {
  teardown(fn: () => unknown): void
}

/** The suite's real PostgreSQL: TEST_DATABASE_URL, else the local server every machine and CI runs. */
export const REAL_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A proxy in front of the real PostgreSQL, closed after the test; `url` reaches the database through it. */
export async function proxiedPostgres(t: Teardown): Promise<{ proxy: TcpProxy; url: string }> {
  const real = new URL(REAL_POSTGRES_URL)
  const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) })
  t.teardown(() => proxy.close())
  return { proxy, url: proxy.urlFor(REAL_POSTGRES_URL) }
}
