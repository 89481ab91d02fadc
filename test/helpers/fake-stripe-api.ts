import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A Checkout Session as the fake made it, with the form fields it was created from. */
export interface FakeSession {
  id: string
  url: string
  fields: Record<string, string>
  idempotencyKey: string | undefined
}

/** A Refund as the fake made it. */
export interface FakeRefund {
  id: string
  paymentIntent: string
  amount: number
  idempotencyKey: string | undefined
}

export interface FakeStripeApi {
  /** The API base to configure (STRIPE_API_BASE). */
  url: string
  /** Sessions made, by id. */
  sessions: Map<string, FakeSession>
  /** Every POST /v1/checkout/sessions seen (a replay under a known key counts too). */
  creates: number
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>
  /** Every POST /v1/refunds seen (a replay under a known key counts too). */
  refundCalls: number
  /** The Authorization header of the last call. */
  lastAuthorization: string | undefined
  /** 'down': answer 500 api_error; 'hang': never answer (both endpoints). */
  mode: 'up' | 'down' | 'hang'
  close(): Promise<void>
}

/**
 * A small Stripe API on loopback speaking the endpoints the adapter calls: POST
 * /v1/checkout/sessions and POST /v1/refunds (form-encoded, Bearer key), with Stripe's
 * idempotency: a key seen before answers what it made.
 */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const byKey = new Map<string, FakeSession>()
  const refundsByKey = new Map<string, FakeRefund>()
  const hanging = new Set<ServerResponse>()
  const fake: FakeStripeApi = {
    url: '',
    sessions: new Map(),
    creates: 0,
    refunds: new Map(),
    refundCalls: 0,
    lastAuthorization: undefined,
    mode: 'up',
    close: async () => {
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` })
    res.end(JSON.stringify(body))
  }
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    fake.lastAuthorization = req.headers.authorization
    const endpoint = req.method === 'POST' ? req.url : undefined
    if (endpoint !== '/v1/checkout/sessions' && endpoint !== '/v1/refunds')
      return json(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } })
    if (endpoint === '/v1/refunds') fake.refundCalls++
    else fake.creates++
    if (fake.mode === 'hang') {
      hanging.add(res)
      return
    }
    if (fake.mode === 'down')
      return json(res, 500, { error: { type: 'api_error', message: 'Something went wrong on our end' } })
    if (!req.headers.authorization?.startsWith('Bearer sk_'))
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    const key = req.headers['idempotency-key'] as string | undefined
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    if (endpoint === '/v1/refunds') {
      const refund = (key && refundsByKey.get(key)) || {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        paymentIntent: form.payment_intent ?? '',
        amount: Number(form.amount ?? 0),
        idempotencyKey: key,
      }
      if (!refund.paymentIntent.startsWith('pi_'))
        return json(res, 400, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } })
      fake.refunds.set(refund.id, refund)
      if (key) refundsByKey.set(key, refund)
      return json(res, 200, {
        id: refund.id,
        object: 'refund',
        amount: refund.amount,
        currency: 'eur',
        payment_intent: refund.paymentIntent,
        status: 'succeeded',
      })
    }
    const known = key ? byKey.get(key) : undefined
    const session = known ?? {
      id: `cs_test_${randomBytes(12).toString('hex')}`,
      url: '',
      fields: form,
      idempotencyKey: key,
    }
    if (!known) {
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`
      fake.sessions.set(session.id, session)
      if (key) byKey.set(key, session)
    }
    return json(res, 200, {
      id: session.id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: session.url,
      client_reference_id: session.fields.client_reference_id ?? null,
      amount_total: Number(session.fields['line_items[0][price_data][unit_amount]'] ?? 0),
      currency: session.fields['line_items[0][price_data][currency]'] ?? 'eur',
      metadata: { payment_id: session.fields['metadata[payment_id]'] },
      success_url: session.fields.success_url,
      cancel_url: session.fields.cancel_url,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
