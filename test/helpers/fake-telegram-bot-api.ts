import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

/** A document the fake received through sendDocument. */
export interface StoredDocument {
  fileId: string
  fileUniqueId: string
  filePath: string
  fileName: string
  mimeType: string
  chatId: string
  /** Every multipart field other than `document`, as sent. */
  fields: Record<string, string>
  bytes: Buffer
  /** The length the download announces when it is not `bytes.length` (see `addFile`). */
  declaredSize?: number
}

/** A text message the fake received through sendMessage. */
export interface SentMessage {
  chatId: string
  text: string
  /** The whole JSON body, as sent. */
  body: Record<string, unknown>
}

export interface FakeBotApi {
  /** The API base to configure (TELEGRAM_API_BASE). */
  url: string
  token: string
  chatId: string
  documents: Map<string, StoredDocument>
  /** Messages accepted by sendMessage, in order. */
  messages: SentMessage[]
  /** Requests per endpoint: sendDocument, getFile, sendMessage, download (and `other`). */
  calls: { sendDocument: number; getFile: number; sendMessage: number; download: number; other: number }
  /** Every request seen, in order, as `METHOD /path` with the token shown as <token>. */
  requests: string[]
  /** Requests whose connection closed before the fake had answered them in full. */
  closedEarly: number
  /**
   * 'hang': never answer; 'stall': headers and the first chunk, then nothing; 'trickle': headers
   * without a length, then one byte every `trickleMs`, the file's bytes over and over, for ever.
   */
  stall: { getFile?: 'hang'; sendDocument?: 'hang'; download?: 'hang' | 'stall' | 'trickle' }
  /** The gap between the bytes of a trickling download (20 ms unless set). */
  trickleMs: number
  /** The next download of this file answers 404 and getFile then hands out a new path (an expired link). */
  expirePath(fileId: string): void
  /**
   * A file already in the chat (sent before, by any client): its file_id. The download is served
   * with the type its extension gives; with `declaredSize`, it announces that length and sends only
   * `bytes`, then holds the connection open (a very large file, still arriving).
   */
  addFile(fileName: string, bytes: Buffer, options?: { declaredSize?: number }): string
  /** Raw answers an endpoint gives instead of its own (a Bot API error, a proxy's HTML page) until cleared. */
  answers: { getFile?: RawAnswer; sendDocument?: RawAnswer; sendMessage?: RawAnswer }
  /** sendMessage waits this long before it answers (two workers' sends then overlap). */
  sendMessageDelayMs: number
  /** Resolves true once `closedEarly` reaches `count`; with `withinMs`, false if it has not by then. */
  waitForClosedEarly(count: number, withinMs?: number): Promise<boolean>
  close(): Promise<void>
}

export interface RawAnswer {
  status: number
  contentType: string
  body: string
}

const TYPES_BY_EXT: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
}
const id = (prefix: string, bytes: number) => prefix + randomBytes(bytes).toString('base64url')

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}
const refuse = (res: ServerResponse, code: number, description: string) =>
  json(res, code, { ok: false, error_code: code, description })

/** The request as a WHATWG Request, so multipart bodies are parsed by a real parser (undici's). */
function asRequest(req: IncomingMessage): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
  return new Request(`http://fake${req.url}`, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as unknown as ReadableStream,
    duplex: 'half',
  } as RequestInit)
}

/**
 * A Telegram Bot API on loopback speaking the real protocol for the three calls the photo store
 * makes: POST /bot<token>/sendDocument (multipart), GET /bot<token>/getFile and GET
 * /file/bot<token>/<file_path>, and POST /bot<token>/sendMessage (JSON) for alert messages. Wrong tokens are refused as Telegram does (401 for methods, 404 for files).
 */
export async function startFakeBotApi(options: { token?: string; chatId?: string } = {}): Promise<FakeBotApi> {
  const token = options.token ?? '4242424242:AAFakeStorageBotTokenForTests_abcdefXYZ'
  const chatId = options.chatId ?? '-1001234567890'
  const documents = new Map<string, StoredDocument>()
  const byPath = new Map<string, StoredDocument>()
  const expired = new Set<string>()
  const closers: Array<{ count: number; resolve: (reached: boolean) => void }> = []
  let nextFile = 1
  let nextMessage = 100

  const fake: FakeBotApi = {
    url: '',
    token,
    chatId,
    documents,
    messages: [],
    calls: { sendDocument: 0, getFile: 0, sendMessage: 0, download: 0, other: 0 },
    requests: [],
    closedEarly: 0,
    stall: {},
    trickleMs: 20,
    expirePath: (fileId) => void expired.add(fileId),
    addFile: (fileName, bytes, options = {}) =>
      store({
        fileName,
        mimeType: 'application/octet-stream',
        chatId,
        fields: { chat_id: chatId },
        bytes,
        declaredSize: options.declaredSize,
      }).fileId,
    answers: {},
    sendMessageDelayMs: 0,
    waitForClosedEarly: (count, withinMs) => {
      if (fake.closedEarly >= count) return Promise.resolve(true)
      return new Promise((resolve) => {
        closers.push({ count, resolve })
        if (withinMs !== undefined) setTimeout(resolve, withinMs, false).unref()
      })
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }

  const newPath = (doc: { fileName: string }) => {
    const ext = doc.fileName.slice(doc.fileName.lastIndexOf('.') + 1)
    return `documents/file_${nextFile++}.${ext}`
  }

  function store(received: Omit<StoredDocument, 'fileId' | 'fileUniqueId' | 'filePath'>): StoredDocument {
    const doc: StoredDocument = {
      ...received,
      fileId: id('BQACAgIAAxkDAAI', 48),
      fileUniqueId: id('AgAD', 9),
      filePath: '',
    }
    doc.filePath = newPath(doc)
    documents.set(doc.fileId, doc)
    byPath.set(doc.filePath, doc)
    return doc
  }

  async function sendDocument(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return refuse(res, 400, 'Bad Request: message file is empty')
    const form = await asRequest(req).formData()
    const document = form.get('document')
    const fields: Record<string, string> = {}
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value
    if (fields.chat_id !== chatId) return refuse(res, 400, 'Bad Request: chat not found')
    if (!(document instanceof Blob) || document.size === 0)
      return refuse(res, 400, 'Bad Request: there is no document in the request')
    const fileName = (document as File).name || 'document'
    const doc = store({
      fileName,
      mimeType: document.type || 'application/octet-stream',
      chatId: fields.chat_id,
      fields,
      bytes: Buffer.from(await document.arrayBuffer()),
    })
    json(res, 200, {
      ok: true,
      result: {
        message_id: nextMessage++,
        chat: { id: Number(chatId), title: 'Khaneh photos', type: 'channel' },
        date: Math.floor(Date.now() / 1000),
        document: {
          file_name: fileName,
          mime_type: doc.mimeType,
          file_id: doc.fileId,
          file_unique_id: doc.fileUniqueId,
          file_size: doc.bytes.length,
        },
      },
    })
  }

  /** sendMessage with a JSON body, as the Bot API takes it: any chat id is a chat the bot may write to. */
  async function sendMessage(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return refuse(res, 400, 'Bad Request: message text is empty')
    const body = (await asRequest(req).json()) as Record<string, unknown>
    const chatId = body.chat_id === undefined ? '' : String(body.chat_id)
    if (!chatId) return refuse(res, 400, 'Bad Request: chat not found')
    if (typeof body.text !== 'string' || body.text === '') return refuse(res, 400, 'Bad Request: message text is empty')
    if (fake.sendMessageDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.sendMessageDelayMs))
    fake.messages.push({ chatId, text: body.text, body })
    json(res, 200, {
      ok: true,
      result: {
        message_id: nextMessage++,
        chat: { id: Number(chatId), type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text: body.text,
      },
    })
  }

  function getFile(url: URL, res: ServerResponse) {
    const doc = documents.get(url.searchParams.get('file_id') ?? '')
    if (!doc) return refuse(res, 400, 'Bad Request: invalid file_id')
    json(res, 200, {
      ok: true,
      result: {
        file_id: doc.fileId,
        file_unique_id: doc.fileUniqueId,
        file_size: doc.bytes.length,
        file_path: doc.filePath,
      },
    })
  }

  function download(filePath: string, res: ServerResponse) {
    const doc = byPath.get(filePath)
    if (!doc) return refuse(res, 404, 'Not Found')
    if (expired.delete(doc.fileId)) {
      byPath.delete(doc.filePath)
      doc.filePath = newPath(doc)
      byPath.set(doc.filePath, doc)
      return refuse(res, 404, 'Not Found')
    }
    const ext = filePath.slice(filePath.lastIndexOf('.') + 1)
    const type = TYPES_BY_EXT[ext] ?? 'application/octet-stream'
    if (fake.stall.download === 'trickle') return trickle(doc.bytes, type, res)
    res.writeHead(200, { 'content-type': type, 'content-length': doc.declaredSize ?? doc.bytes.length })
    if (doc.declaredSize !== undefined) return void res.write(doc.bytes)
    if (fake.stall.download === 'stall')
      return void res.write(doc.bytes.subarray(0, Math.min(64, doc.bytes.length - 1)))
    res.end(doc.bytes)
  }

  function trickle(bytes: Buffer, type: string, res: ServerResponse) {
    res.writeHead(200, { 'content-type': type })
    let sent = 0
    const timer = setInterval(() => {
      const at = sent++ % bytes.length
      res.write(bytes.subarray(at, at + 1))
    }, fake.trickleMs)
    res.on('close', () => clearInterval(timer))
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    fake.requests.push(`${req.method} ${url.pathname.split(token).join('<token>')}`)
    res.on('close', () => {
      if (res.writableFinished) return
      fake.closedEarly++
      for (const waiter of closers.filter((w) => fake.closedEarly >= w.count)) {
        closers.splice(closers.indexOf(waiter), 1)
        waiter.resolve(true)
      }
    })
    const method = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname)
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname)
    if (file) {
      fake.calls.download++
      if (file[1] !== token) return refuse(res, 404, 'Not Found')
      if (fake.stall.download === 'hang') return
      return download(decodeURIComponent(file[2]!), res)
    }
    if (method?.[2] === 'sendDocument' || method?.[2] === 'getFile') {
      const name = method[2]
      fake.calls[name]++
      if (method[1] !== token) return refuse(res, 401, 'Unauthorized')
      if (fake.stall[name] === 'hang') return
      const answer = fake.answers[name]
      if (answer) return void res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body)
      if (name === 'getFile') return getFile(url, res)
      return sendDocument(req, res).catch(() => refuse(res, 400, 'Bad Request: wrong multipart body'))
    }
    if (method?.[2] === 'sendMessage') {
      fake.calls.sendMessage++
      if (method[1] !== token) return refuse(res, 401, 'Unauthorized')
      const answer = fake.answers.sendMessage
      if (answer) return void res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body)
      return sendMessage(req, res).catch(() => refuse(res, 400, "Bad Request: can't parse JSON body"))
    }
    fake.calls.other++
    refuse(res, 404, 'Not Found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
