import { createServer, type Socket } from 'node:net'

/** One message the fake server accepted, with its MIME text decoded. */
export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO addresses. */
  mailFrom: string
  rcptTo: string[]
  /** The message as sent after DATA (dot-unstuffed). */
  raw: string
  /** Header names lower-cased, values unfolded and RFC 2047 encoded words decoded. */
  headers: Record<string, string>
  /** The body decoded from its Content-Transfer-Encoding as UTF-8, line ends normalised to \n. */
  text: string
}

export interface FakeSmtp {
  port: number
  url: string
  messages: ReceivedMail[]
  close(): Promise<void>
}

/**
 * A plain SMTP server on loopback that speaks just enough of RFC 5321 for a client to deliver
 * (greeting, EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no AUTH) and keeps what it
 * receives. `greet: false` accepts connections but never says hello, to exercise client timeouts.
 */
export async function startFakeSmtp(options: { greet?: boolean } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = []
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (options.greet === false) return
    socket.setEncoding('utf8')
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffered = ''
    let envelope: { mailFrom: string; rcptTo: string[] } = { mailFrom: '', rcptTo: [] }
    let data: string[] | null = null
    reply('220 fake-smtp.test ESMTP ready')
    socket.on('data', (chunk: string) => {
      buffered += chunk
      let end: number
      while ((end = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (data) {
          if (line === '.') {
            messages.push({ ...envelope, ...parseMessage(data.join('\r\n')), raw: data.join('\r\n') })
            envelope = { mailFrom: '', rcptTo: [] }
            data = null
            reply('250 2.0.0 queued')
          } else {
            data.push(line.startsWith('.') ? line.slice(1) : line)
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp.test')
        else if (verb === 'MAIL') {
          envelope = { mailFrom: addressOf(line), rcptTo: [] }
          reply('250 2.1.0 ok')
        } else if (verb === 'RCPT') {
          envelope.rcptTo.push(addressOf(line))
          reply('250 2.1.5 ok')
        } else if (verb === 'DATA') {
          if (envelope.rcptTo.length === 0) reply('503 5.5.1 no recipients')
          else {
            data = []
            reply('354 end data with <CR><LF>.<CR><LF>')
          }
        } else if (verb === 'RSET') {
          envelope = { mailFrom: '', rcptTo: [] }
          reply('250 2.0.0 ok')
        } else if (verb === 'NOOP') reply('250 2.0.0 ok')
        else if (verb === 'QUIT') {
          reply('221 2.0.0 bye')
          socket.end()
        } else reply('502 5.5.2 command not recognised')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('fake SMTP server has no port')
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A loopback port that nothing listens on (bound once, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

function addressOf(command: string): string {
  return /<([^>]*)>/.exec(command)?.[1] ?? ''
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split + 4)
  const headers: Record<string, string> = {}
  for (const field of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = field.indexOf(':')
    if (colon > 0) headers[field.slice(0, colon).trim().toLowerCase()] = decodeWords(field.slice(colon + 1).trim())
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? qpBytes(body)
        : Buffer.from(body, 'utf8')
  return { headers, text: bytes.toString('utf8').replace(/\r\n/g, '\n') }
}

/** RFC 2045 §6.7: soft breaks removed, =XX turned back into bytes. */
function qpBytes(text: string): Buffer {
  const joined = text.replace(/=\r\n/g, '')
  const out: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16))
      i += 2
    } else out.push(...Buffer.from(joined[i]!, 'utf8'))
  }
  return Buffer.from(out)
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); adjacent ones are one byte run (a character may span two). */
function decodeWords(value: string): string {
  const word = /=\?[^?]+\?([BbQq])\?([^?]*)\?=/g
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) =>
      Buffer.concat(
        [...run.matchAll(word)].map(([, kind, text]) =>
          kind!.toUpperCase() === 'B' ? Buffer.from(text!, 'base64') : qpBytes(text!.replace(/_/g, ' ')),
        ),
      ).toString('utf8'),
    )
}
