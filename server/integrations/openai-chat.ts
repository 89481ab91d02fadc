// One OpenAI-compatible chat completion, shared by the translator and the AI query provider.

export interface ChatEndpoint {
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1 */
  baseUrl: string
  /** OPENAI_API_KEY: sent as a bearer token, never logged or returned. */
  apiKey: string
  timeoutMs: number
}

/** Why a completion gave no text: `failed` carries the status; nothing of the request or the answer's body. */
export class ChatCompletionError extends Error {
  readonly reason: 'timeout' | 'unreachable' | 'failed' | 'bad_answer'
  readonly status: number | undefined

  constructor(reason: ChatCompletionError['reason'], status?: number, options?: { cause?: unknown }) {
    super(`chat completion ${reason}${status ? ` (${status})` : ''}`, options)
    this.reason = reason
    this.status = status
  }
}

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>
}

/** `POST {base}/chat/completions` with `body`: the first choice's text and finish reason, or a ChatCompletionError. */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  body: object,
  signal?: AbortSignal,
): Promise<{ content: string; finishReason: unknown; status: number }> {
  const timeout = AbortSignal.timeout(endpoint.timeoutMs)
  let res: Response
  try {
    res = await fetch(`${endpoint.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${endpoint.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  } catch (err) {
    throw new ChatCompletionError(timeout.aborted ? 'timeout' : 'unreachable', undefined, { cause: err })
  }
  // the body of an error may echo the request; only the status leaves here
  if (!res.ok) {
    await res.body?.cancel().catch(() => {})
    throw new ChatCompletionError('failed', res.status)
  }
  let answer: ChatCompletion
  try {
    answer = (await res.json()) as ChatCompletion
  } catch (err) {
    throw new ChatCompletionError(timeout.aborted ? 'timeout' : 'bad_answer', res.status, { cause: err })
  }
  const choice = answer.choices?.[0]
  const content = choice?.message?.content
  if (typeof content !== 'string') throw new ChatCompletionError('bad_answer', res.status)
  return { content, finishReason: choice?.finish_reason, status: res.status }
}
