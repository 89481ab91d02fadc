import http, { type IncomingMessage } from 'node:http'

export interface ServerSentEvent {
  event: string
  data: string
}

/**
 * A `text/event-stream` read over a real HTTP connection, as a browser's EventSource reads it:
 * events (blank-line separated `event:`/`data:` fields) and comment lines kept apart, in order.
 */
export interface EventStreamReader {
  status: number
  headers: IncomingMessage['headers']
  /** The whole body so far when the answer is not a stream (an error envelope). */
  text(): string
  events: ServerSentEvent[]
  comments: string[]
  /** The next event not yet taken (waits up to `timeoutMs`). */
  next(timeoutMs?: number): Promise<ServerSentEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  /** Hangs up, as a closed tab does. */
  close(): void
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const events: ServerSentEvent[] = []
      const comments: string[] = []
      let taken = 0
      let raw = ''
      let buffer = ''
      let wake: (() => void) | undefined
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        raw += chunk
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let event = 'message'
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('event:')) event = line.slice(6).trim()
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
          }
          if (data.length > 0) events.push({ event, data: data.join('\n') })
        }
        wake?.()
      })
      let isEnded = false
      const ended = new Promise<void>((done) => {
        const finish = () => {
          isEnded = true
          wake?.()
          done()
        }
        res.on('end', finish)
        res.on('close', finish)
      })
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => raw,
        events,
        comments,
        ended,
        async next(timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs
          while (taken >= events.length) {
            const left = deadline - Date.now()
            if (left <= 0 || isEnded)
              throw new Error(
                `no event within ${timeoutMs} ms (got ${events.length}${isEnded ? ', stream ended' : ''})`,
              )
            await new Promise<void>((done) => {
              const timer = setTimeout(done, left)
              wake = () => {
                clearTimeout(timer)
                done()
              }
            })
          }
          return events[taken++]!
        },
        close: () => req.destroy(),
      })
    })
    req.on('error', reject)
  })
}

/** The unread counts a stream's `unread` events carried, in order. */
export const unreadCounts = (reader: EventStreamReader): number[] =>
  reader.events
    .filter((e) => e.event === 'unread')
    .map((e) => (JSON.parse(e.data) as { unread_count: number }).unread_count)
