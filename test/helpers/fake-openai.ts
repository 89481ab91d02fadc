import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One chat completion request the fake received. */
export interface ChatRequest {
  authorization: string | undefined
  model: unknown
  messages: Array<{ role: string; content: string }>
  response_format?: unknown
}

export interface FakeOpenAi {
  /** The API base to configure (OPENAI_BASE_URL), ending in /v1. */
  url: string
  requests: ChatRequest[]
  /** 'ok' answers; 'error' answers 500; 'hang' never answers. */
  mode: 'ok' | 'error' | 'hang'
  /** Text the "model" appends for a target language (to play a model steered by the description). */
  inject: Record<string, string>
  /** When set, the assistant's content for a request (a model answering a JSON schema); else the "translation". */
  answer: ((request: ChatRequest) => string) | null
  /** How long each answer takes, ms (0 by default; a real model takes seconds). */
  delayMs: number
  close(): Promise<void>
}

/**
 * An OpenAI-compatible server on loopback answering `POST /v1/chat/completions` with the real
 * response shape. Only `key` is accepted; the "translation" is `[<target language>] <text>`, the
 * target read from the system prompt's parenthesised locale (e.g. `(de-DE)` → `de`).
 */
export async function startFakeOpenAi(key: string): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>()
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    mode: 'ok',
    inject: {},
    answer: null,
    delayMs: 0,
    close: async () => {},
  }
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const send = (status: number, json: unknown) =>
        setTimeout(
          () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json)),
          fake.delayMs,
        )
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return send(404, { error: { message: 'not found' } })
      const parsed = JSON.parse(body) as {
        model?: unknown
        messages?: ChatRequest['messages']
        response_format?: unknown
      }
      const request: ChatRequest = {
        authorization: req.headers.authorization,
        model: parsed.model,
        messages: parsed.messages ?? [],
        response_format: parsed.response_format,
      }
      fake.requests.push(request)
      if (req.headers.authorization !== `Bearer ${key}`)
        return send(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } })
      if (fake.mode === 'hang') return void hanging.add(res)
      if (fake.mode === 'error')
        return send(500, { error: { message: 'The server had an error', type: 'server_error' } })
      const system = parsed.messages?.find((m) => m.role === 'system')?.content ?? ''
      const to = /\(([a-z]{2})-[A-Z]{2}\)/.exec(system)?.[1] ?? '??'
      const text = parsed.messages?.find((m) => m.role === 'user')?.content ?? ''
      send(200, {
        id: `chatcmpl-${fake.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: fake.answer ? fake.answer(request) : `[${to}] ${text}${fake.inject[to] ?? ''}`,
            },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  fake.close = async () => {
    for (const res of hanging) res.destroy()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return fake
}
