import { PassThrough } from 'node:stream'
import { UNREAD_EVENT } from '../../../shared/schemas/alert.ts'
import type { JobLog } from '../../lib/job-runner.ts'
import type { Db } from '../db/client.ts'
import { alertsRepo, UNREAD_CHANNEL } from './alerts.repo.ts'

/**
 * A heartbeat comment this often keeps proxies from closing a quiet stream; a burst of NOTIFYs
 * within `debounceMs` is one count (docs/decisions/020-alerts-and-outbox.md).
 */
export const UNREAD_STREAM_TIMING = { heartbeatMs: 25_000, debounceMs: 200 } as const

/** Streams one user may hold in one process (a tab holds one): a few tabs and devices. */
export const UNREAD_STREAMS_PER_USER = 5
/** A stream refused for the cap is worth asking again when a tab may have closed meanwhile. */
export const UNREAD_STREAM_REFUSED_RETRY_S = 30

interface OpenStream {
  out: PassThrough
  /** The count this stream was last sent; a recount that finds it unchanged sends nothing. */
  sent: number | null
}

/**
 * The live unread counts (docs/decisions/020-alerts-and-outbox.md, "Live unread count"): the open
 * `text/event-stream`s of each user in this process, one LISTEN on UNREAD_CHANNEL for all of them
 * (started with the first stream), a debounced recount per user when a NOTIFY names them, and a
 * heartbeat comment on every stream.
 */
export function unreadStreams(
  db: Db,
  options: { log: JobLog; heartbeatMs?: number; debounceMs?: number; perUser?: number },
) {
  const heartbeatMs = options.heartbeatMs ?? UNREAD_STREAM_TIMING.heartbeatMs
  const debounceMs = options.debounceMs ?? UNREAD_STREAM_TIMING.debounceMs
  const perUser = options.perUser ?? UNREAD_STREAMS_PER_USER
  const repo = alertsRepo(db)
  const open = new Map<number, Set<OpenStream>>()
  // each user's streams being opened or open, counted before any wait so a burst cannot pass the cap together
  const held = new Map<number, number>()
  const due = new Map<number, NodeJS.Timeout>()
  // one recount at a time per user, so counts reach a stream in the order they were read
  const recounts = new Map<number, Promise<void>>()
  let listening: Promise<() => Promise<void>> | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let closed = false

  const write = (stream: OpenStream, count: number) => {
    if (stream.sent === count || stream.out.writableEnded) return
    stream.sent = count
    stream.out.write(`event: ${UNREAD_EVENT}\ndata: ${JSON.stringify({ unread_count: count })}\n\n`)
  }

  function recount(userId: number): Promise<void> {
    const run = (recounts.get(userId) ?? Promise.resolve())
      .then(async () => {
        if (!open.has(userId)) return
        const count = await repo.unreadCount(userId)
        for (const stream of open.get(userId) ?? []) write(stream, count)
      })
      .catch((err: unknown) => options.log.warn({ err }, 'alerts.unread_count_failed'))
    recounts.set(userId, run)
    void run.finally(() => {
      if (recounts.get(userId) === run) recounts.delete(userId)
    })
    return run
  }

  /** A NOTIFY named the user: recount once the burst is over, if they have a stream here. */
  function changed(payload: string) {
    const userId = Number(payload)
    if (!open.has(userId) || due.has(userId)) return
    const timer = setTimeout(() => {
      due.delete(userId)
      void recount(userId)
    }, debounceMs)
    timer.unref()
    due.set(userId, timer)
  }

  /** The LISTEN connection came back: anything may have changed meanwhile. */
  const resumed = () => {
    for (const userId of open.keys()) changed(String(userId))
  }

  function remove(userId: number, stream: OpenStream) {
    const streams = open.get(userId)
    streams?.delete(stream)
    if (streams?.size === 0) open.delete(userId)
    if (open.size === 0 && heartbeat) {
      clearInterval(heartbeat)
      heartbeat = undefined
    }
  }

  return {
    /**
     * The user's stream: the count at once, then each change; it ends when the reader goes or on
     * close(). Null when the user already holds `perUser` streams here.
     */
    async subscribe(userId: number): Promise<PassThrough | null> {
      const holding = held.get(userId) ?? 0
      if (holding >= perUser) return null
      held.set(userId, holding + 1)
      const stream: OpenStream = { out: new PassThrough(), sent: null }
      let released = false
      const release = () => {
        if (released) return
        released = true
        const left = (held.get(userId) ?? 1) - 1
        if (left > 0) held.set(userId, left)
        else held.delete(userId)
      }
      stream.out.once('close', release)
      const ended = () => {
        release()
        return stream.out.end()
      }
      if (closed) return ended()
      listening ??= db.listen(UNREAD_CHANNEL, changed, resumed).catch((err: unknown) => {
        listening = undefined
        throw err
      })
      try {
        await listening
      } catch (err) {
        release()
        throw err
      }
      if (closed) return ended()
      // registered before the first count, so a change committed meanwhile is counted again
      if (!open.has(userId)) open.set(userId, new Set())
      open.get(userId)!.add(stream)
      stream.out.once('close', () => remove(userId, stream))
      heartbeat ??= setInterval(() => {
        for (const streams of open.values())
          for (const { out } of streams) if (!out.writableEnded) out.write(': heartbeat\n\n')
      }, heartbeatMs).unref()
      await recount(userId)
      return stream.out
    },

    /** How many streams are open in this process (tests, metrics). */
    get size(): number {
      let n = 0
      for (const streams of open.values()) n += streams.size
      return n
    },

    /** Ends every stream and stops listening: before the server closes, so it waits for no stream. */
    async close(): Promise<void> {
      closed = true
      for (const timer of due.values()) clearTimeout(timer)
      due.clear()
      if (heartbeat) clearInterval(heartbeat)
      heartbeat = undefined
      for (const streams of open.values()) for (const { out } of streams) out.end()
      open.clear()
      const stop = await listening?.catch(() => undefined)
      listening = undefined
      await stop?.()
    },
  }
}
export type UnreadStreams = ReturnType<typeof unreadStreams>
