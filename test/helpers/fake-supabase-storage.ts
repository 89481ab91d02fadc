import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An object the fake holds, as Storage keeps it. */
export interface StoredObject {
  id: string
  bucket: string
  /** The object's path inside its bucket, e.g. `s1f…-webp.webp`. */
  name: string
  bytes: Buffer
  contentType: string
  /** Seconds, from the upload's `cache-control: max-age=N` (or its form's `cacheControl`). */
  cacheControl: string
  etag: string
  createdAt: string
  updatedAt: string
}

export interface StorageBucket {
  id: string
  name: string
  owner: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

/** Which requests a scripted failure or stall applies to. */
export type StorageCall = 'bucket' | 'upload' | 'download' | 'remove'

export interface FakeSupabaseStorage {
  /** The project URL to configure (SUPABASE_URL); Storage answers under `/storage/v1`. */
  url: string
  /** The one key accepted, as `apikey` and as the `Authorization` bearer (SUPABASE_SERVICE_ROLE_KEY). */
  serviceRoleKey: string
  buckets: Map<string, StorageBucket>
  /** Every object, by `bucket/name`. */
  objects: Map<string, StoredObject>
  /** Requests per kind. */
  calls: Record<StorageCall | 'other', number>
  /** Every request seen, in order, as `METHOD /storage/v1/…`. */
  requests: string[]
  /**
   * The next `times` (1) requests of kind `on` (any kind unless set) fail with Storage's error body: a 5xx as
   * itself, a 4xx as Storage renders it (HTTP 400, the status inside).
   */
  failNext(status: number, options?: { on?: StorageCall; times?: number }): void
  /**
   * 'hang': never answer; 'stall': headers and a first chunk, then nothing; 'trickle': headers without a length,
   * then one byte every 20 ms, the object's bytes over and over, for ever.
   */
  stall: { upload?: 'hang'; download?: 'hang' | 'stall' | 'trickle' }
  /** Requests whose connection closed before the fake had answered them in full. */
  closedEarly: number
  /** Resolves true once `closedEarly` reaches `count`; with `withinMs`, false if it has not by then. */
  waitForClosedEarly(count: number, withinMs?: number): Promise<boolean>
  close(): Promise<void>
}

export interface FakeSupabaseStorageOptions {
  serviceRoleKey?: string
  /** Buckets that exist from the start (private). */
  buckets?: string[]
  /** 0 (any free port) unless set. */
  port?: number
}

/** Storage's error body: HTTP 400 with the status inside for what the caller did wrong, the status itself for a 5xx. */
function storageError(res: ServerResponse, statusCode: number, code: string, error: string, message: string) {
  json(res, statusCode >= 500 ? statusCode : 400, { statusCode: String(statusCode), code, error, message })
}
function json(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return void res.destroy()
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}
const noSuchBucket = (res: ServerResponse) =>
  storageError(res, 404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found')
const noSuchKey = (res: ServerResponse) => storageError(res, 404, 'NoSuchKey', 'not_found', 'Object not found')
/** A route Storage does not have: its framework's own 404. */
const noRoute = (res: ServerResponse, req: IncomingMessage) =>
  json(res, 404, { statusCode: '404', error: 'Not Found', message: `Route ${req.method}:${req.url} not found` })

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The request as a WHATWG Request, so multipart bodies are parsed by a real parser (undici's). */
function asRequest(req: IncomingMessage, body: Buffer): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
  return new Request(`http://fake${req.url}`, { method: req.method, headers, body: new Uint8Array(body) })
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a `size`-byte object: the range, 'unsatisfiable', or null when the header is not one range. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}

/**
 * Supabase Storage's REST API on loopback (https://supabase.github.io/storage/), speaking what storage-js sends:
 * buckets (GET/POST /bucket, GET/DELETE /bucket/{id}); uploads (POST or PUT /object/{bucket}/{path}, raw body or
 * multipart form, `x-upsert`); downloads (GET or HEAD /object/{bucket}/{path}, /object/authenticated/…, and
 * /object/public/… of public buckets) with ETag and a single Range (206, 416); deletes (DELETE /object/{bucket}
 * with `{prefixes}`, DELETE /object/{bucket}/{path}). Every other call needs the service role key as `apikey`
 * (401 as Supabase's gateway answers) and as the bearer (Storage's 403 inside a 400). Errors have Storage's body:
 * `{statusCode, code, error, message}`, HTTP 400 for the caller's mistakes (a missing object: statusCode '404').
 */
export async function startFakeSupabaseStorage(options: FakeSupabaseStorageOptions = {}): Promise<FakeSupabaseStorage> {
  const serviceRoleKey = options.serviceRoleKey ?? `fake-service-role-key-${randomUUID()}`
  const closers: Array<{ count: number; resolve: (reached: boolean) => void }> = []
  const failures: Array<{ status: number; on?: StorageCall }> = []
  const now = () => new Date().toISOString()

  const fake: FakeSupabaseStorage = {
    url: '',
    serviceRoleKey,
    buckets: new Map(),
    objects: new Map(),
    calls: { bucket: 0, upload: 0, download: 0, remove: 0, other: 0 },
    requests: [],
    failNext(status, { on, times = 1 } = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, on })
    },
    stall: {},
    closedEarly: 0,
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

  function makeBucket(id: string, isPublic = false, allowed: string[] | null = null, limit: number | null = null) {
    const at = now()
    const bucket: StorageBucket = {
      id,
      name: id,
      owner: '',
      public: isPublic,
      file_size_limit: limit,
      allowed_mime_types: allowed,
      created_at: at,
      updated_at: at,
    }
    fake.buckets.set(id, bucket)
    return bucket
  }
  for (const id of options.buckets ?? []) makeBucket(id)

  function fileObject(object: StoredObject) {
    return {
      name: object.name,
      bucket_id: object.bucket,
      id: object.id,
      owner: '',
      created_at: object.createdAt,
      updated_at: object.updatedAt,
      last_accessed_at: object.updatedAt,
      metadata: {
        eTag: object.etag,
        size: object.bytes.length,
        mimetype: object.contentType,
        cacheControl: `max-age=${object.cacheControl}`,
        lastModified: object.updatedAt,
        contentLength: object.bytes.length,
        httpStatusCode: 200,
      },
    }
  }

  async function bucketCall(req: IncomingMessage, res: ServerResponse, id: string | undefined) {
    if (req.method === 'GET' && !id) return json(res, 200, [...fake.buckets.values()])
    if (req.method === 'GET' && id) {
      const bucket = fake.buckets.get(id)
      return bucket ? json(res, 200, bucket) : noSuchBucket(res)
    }
    if (req.method === 'POST' && !id) {
      const body = JSON.parse((await bodyOf(req)).toString() || '{}') as {
        id?: string
        name?: string
        public?: boolean
        allowed_mime_types?: string[] | null
        file_size_limit?: number | null
      }
      const name = body.id ?? body.name
      if (!name) return storageError(res, 400, 'InvalidRequest', 'Error', "body must have required property 'name'")
      if (fake.buckets.has(name))
        return storageError(res, 409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists')
      makeBucket(name, body.public === true, body.allowed_mime_types ?? null, body.file_size_limit ?? null)
      return json(res, 200, { name })
    }
    if (req.method === 'DELETE' && id) {
      if (!fake.buckets.has(id)) return noSuchBucket(res)
      if ([...fake.objects.values()].some((o) => o.bucket === id))
        return storageError(
          res,
          409,
          'InvalidRequest',
          'Bucket not empty',
          'The bucket you tried to delete is not empty',
        )
      fake.buckets.delete(id)
      return json(res, 200, { message: 'Successfully deleted' })
    }
    noRoute(res, req)
  }

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    const raw = await bodyOf(req)
    if (fake.stall.upload === 'hang') return
    const bucket = fake.buckets.get(bucketId)
    if (!bucket) return noSuchBucket(res)
    let bytes = raw
    let contentType = req.headers['content-type'] ?? 'text/plain;charset=UTF-8'
    let cacheControl = /max-age=(\d+)/.exec(req.headers['cache-control'] ?? '')?.[1] ?? '3600'
    if (contentType.startsWith('multipart/form-data')) {
      const form = await asRequest(req, raw).formData()
      const file = [...form.values()].find((value): value is File => typeof value !== 'string')
      if (!file) return storageError(res, 400, 'InvalidRequest', 'Error', 'No file in the form')
      bytes = Buffer.from(await file.arrayBuffer())
      contentType = file.type || 'text/plain;charset=UTF-8'
      const field = form.get('cacheControl')
      if (typeof field === 'string' && field) cacheControl = field
    }
    const type = contentType.split(';')[0]!.trim()
    if (bucket.allowed_mime_types && !bucket.allowed_mime_types.includes(type))
      return storageError(res, 415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`)
    if (bucket.file_size_limit !== null && bytes.length > bucket.file_size_limit)
      return storageError(
        res,
        413,
        'EntityTooLarge',
        'Payload too large',
        'The object exceeded the maximum allowed size',
      )
    const key = `${bucketId}/${name}`
    const existing = fake.objects.get(key)
    const upsert = req.method === 'PUT' || req.headers['x-upsert'] === 'true'
    if (existing && !upsert) return storageError(res, 409, 'Duplicate', 'Duplicate', 'The resource already exists')
    const at = now()
    const object: StoredObject = {
      id: existing?.id ?? randomUUID(),
      bucket: bucketId,
      name,
      bytes,
      contentType,
      cacheControl,
      etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    }
    fake.objects.set(key, object)
    json(res, 200, { Id: object.id, Key: key })
  }

  function download(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    if (fake.stall.download === 'hang') return
    if (!fake.buckets.has(bucketId)) return noSuchBucket(res)
    const object = fake.objects.get(`${bucketId}/${name}`)
    if (!object) return noSuchKey(res)
    const headers: Record<string, string | number> = {
      'content-type': object.contentType,
      'cache-control': `max-age=${object.cacheControl}`,
      etag: object.etag,
      'last-modified': new Date(object.updatedAt).toUTCString(),
      'accept-ranges': 'bytes',
    }
    if (req.headers['if-none-match'] === object.etag) return void res.writeHead(304, headers).end()
    if (fake.stall.download === 'trickle') return trickle(object, headers, res)
    const size = object.bytes.length
    const range = rangeOf(req.headers.range, size)
    if (range === 'unsatisfiable')
      return void res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end()
    const bytes = range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes
    res.writeHead(range ? 206 : 200, {
      ...headers,
      'content-length': bytes.length,
      ...(range && { 'content-range': `bytes ${range.start}-${range.end}/${size}` }),
    })
    if (req.method === 'HEAD') return void res.end()
    if (fake.stall.download === 'stall') return void res.write(bytes.subarray(0, Math.min(64, bytes.length - 1)))
    res.end(bytes)
  }

  function trickle(object: StoredObject, headers: Record<string, string | number>, res: ServerResponse) {
    res.writeHead(200, headers)
    let sent = 0
    const timer = setInterval(() => {
      const at = sent++ % object.bytes.length
      res.write(object.bytes.subarray(at, at + 1))
    }, 20)
    res.on('close', () => clearInterval(timer))
  }

  async function removeMany(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const body = JSON.parse((await bodyOf(req)).toString() || '{}') as { prefixes?: Array<string | { path: string }> }
    if (!Array.isArray(body.prefixes) || body.prefixes.length === 0)
      return storageError(res, 400, 'InvalidRequest', 'Error', "body must have required property 'prefixes'")
    if (!fake.buckets.has(bucketId)) return noSuchBucket(res)
    const removed = []
    for (const prefix of body.prefixes) {
      const key = `${bucketId}/${typeof prefix === 'string' ? prefix : prefix.path}`
      const object = fake.objects.get(key)
      if (!object) continue
      fake.objects.delete(key)
      removed.push(fileObject(object))
    }
    json(res, 200, removed)
  }

  function removeOne(res: ServerResponse, bucketId: string, name: string) {
    if (!fake.buckets.has(bucketId)) return noSuchBucket(res)
    if (!fake.objects.delete(`${bucketId}/${name}`)) return noSuchKey(res)
    json(res, 200, { message: 'Successfully deleted' })
  }

  /** Which kind of call this is, and its bucket and object name (the path's segments decoded). */
  function route(method: string, path: string) {
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    if (segments[0] === 'bucket') return { call: 'bucket' as const, bucket: segments[1] }
    if (segments[0] !== 'object') return { call: 'other' as const }
    const access = ['authenticated', 'public'].includes(segments[1] ?? '') ? segments[1] : undefined
    const [bucket, ...rest] = segments.slice(access ? 2 : 1)
    const name = rest.join('/')
    const call: StorageCall | 'other' =
      method === 'DELETE'
        ? 'remove'
        : method === 'GET' || method === 'HEAD'
          ? 'download'
          : !access && name && (method === 'POST' || method === 'PUT')
            ? 'upload'
            : 'other'
    return { call, bucket, name, access }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    fake.requests.push(`${method} ${url.pathname}`)
    res.on('close', () => {
      if (res.writableFinished) return
      fake.closedEarly++
      for (const waiter of closers.filter((w) => fake.closedEarly >= w.count)) {
        closers.splice(closers.indexOf(waiter), 1)
        waiter.resolve(true)
      }
    })
    const fail = (err: unknown) => storageError(res, 500, 'InternalError', 'internal', String(err))
    if (!url.pathname.startsWith('/storage/v1/'))
      return json(res, 404, { message: 'no Route matched with those values' })
    const { call, bucket, name, access } = route(method, url.pathname.slice('/storage/v1'.length))
    fake.calls[call]++
    const publicRead = access === 'public' && call === 'download'
    if (!publicRead) {
      const apikey = req.headers.apikey
      if (!apikey)
        return json(res, 401, {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        })
      if (apikey !== serviceRoleKey)
        return json(res, 401, {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        })
      if (req.headers.authorization !== `Bearer ${serviceRoleKey}`)
        return storageError(res, 403, 'InvalidJWT', 'Unauthorized', 'invalid signature')
    }
    const failure = failures.findIndex((f) => f.on === undefined || f.on === call)
    if (failure >= 0) {
      const { status } = failures.splice(failure, 1)[0]!
      return storageError(
        res,
        status,
        status >= 500 ? 'InternalError' : 'InvalidRequest',
        'failed',
        `Scripted failure ${status}`,
      )
    }
    if (call === 'bucket') return void bucketCall(req, res, bucket).catch(fail)
    if (!bucket) return noRoute(res, req)
    if (call === 'upload') return void upload(req, res, bucket, name!).catch(fail)
    if (call === 'download' && name) {
      if (publicRead && !fake.buckets.get(bucket)?.public) return noSuchBucket(res)
      return download(req, res, bucket, name)
    }
    if (call === 'remove' && !access)
      return name ? removeOne(res, bucket, name) : void removeMany(req, res, bucket).catch(fail)
    noRoute(res, req)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
