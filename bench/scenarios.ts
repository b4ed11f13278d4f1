/**
 * What a bench target is driven with: a sequence of requests each autocannon connection sends in a
 * loop. One operation is one pass through the sequence; it is counted (and its latency taken) at the
 * last request, so `rps` is operations per second: orders, status reads, or payments (order + Sale).
 */
import { buildRequest, type MerchantCredentials } from '@gatehouse/client';
import { orderBody } from './order-body.js';

export type ScenarioId = 'orders' | 'status' | 'rest-payment' | 'session-payment';

export const SCENARIOS: Record<ScenarioId, string> = {
  orders: 'POST /orders',
  status: 'GET /orders/status (an order without payment, by sessionId)',
  'rest-payment': 'POST /orders then POST /payment-api/payments Sale, approved card (one payment = 2 requests)',
  'session-payment': 'openOrder.do then payment.do, approved card, signed (one payment = 2 requests)',
};

export interface ScenarioTarget {
  url: string;
  apiKey?: string;
  processingEntityId?: string;
  session?: MerchantCredentials;
}

/** An autocannon request, with the hooks that chain a sequence. */
export interface AutocannonRequest {
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface Scenario {
  requests: AutocannonRequest[];
  /** statuses every request of the sequence answers when the target does its job */
  ok(status: number): boolean;
  /** what is wrong with the answer to the sequence's last request, if anything */
  check(body: string): string | undefined;
}

const expectField = (path: string[], want: string) => (body: string) => {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  for (const k of path) v = (v as Record<string, unknown> | undefined)?.[k];
  return v === want ? undefined : `${path.join('.')} is ${String(v)}, expected ${want}: ${body.slice(0, 300)}`;
};

const APPROVED_CARD = {
  cardNumber: '4761344136141390',
  cardHolderName: 'Bench Shopper',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
};
const STATUS_ORDERS = 100;

/** The sequence of `id` against a ready target; `status` first creates the orders it reads. */
export async function scenario(id: ScenarioId, t: ScenarioTarget, idempotencyPrefix?: string): Promise<Scenario> {
  const body = orderBody(t.processingEntityId);
  const json = { 'content-type': 'application/json' };
  const rest = { ...json, ...(t.apiKey ? { 'x-api-key': t.apiKey } : {}) };
  const ok = (status: number) => status >= 200 && status < 300;
  let n = 0;
  const order: AutocannonRequest = { method: 'POST', path: '/orders', body, headers: rest };
  if (idempotencyPrefix)
    order.setupRequest = (req) => ({ ...req, headers: { ...rest, 'idempotency-key': `${idempotencyPrefix}-${++n}` } });
  switch (id) {
    case 'orders':
      return { requests: [order], ok, check: expectField(['result', 'status'], 'success') };
    case 'status': {
      const sids: string[] = [];
      for (let i = 0; i < STATUS_ORDERS; i++) {
        const res = await fetch(`${t.url}/orders`, { method: 'POST', headers: rest, body });
        const sid = ((await res.json()) as { sessionId?: string }).sessionId;
        if (!sid) throw new Error(`status scenario: POST /orders answered ${res.status}`);
        sids.push(sid);
      }
      return {
        requests: [
          {
            method: 'GET',
            path: `/orders/status?sessionId=${sids[0]}`,
            headers: t.apiKey ? { 'x-api-key': t.apiKey } : {},
            setupRequest: (req) => ({ ...req, path: `/orders/status?sessionId=${sids[++n % sids.length]}` }),
          },
        ],
        ok,
        check: expectField(['result', 'status'], 'pending'),
      };
    }
    case 'rest-payment':
      return {
        requests: [
          { ...order, onResponse: (_s, b, ctx) => void (ctx.sessionId = sidOf(b, 'sessionId')) },
          {
            method: 'POST',
            path: '/payment-api/payments',
            headers: rest,
            setupRequest: (req, ctx) => ({
              ...req,
              body: JSON.stringify({
                processingEntityId: t.processingEntityId,
                sessionId: ctx.sessionId,
                transactionType: 'Sale',
                amount: 121.96,
                currency: 'USD',
                paymentOption: { card: APPROVED_CARD },
                billingAddress: { zip: '10001' },
              }),
            }),
          },
        ],
        ok,
        check: expectField(['result', 'status'], 'approved'),
      };
    case 'session-payment': {
      const creds = t.session;
      if (!creds) throw new Error('session-payment: the target has no session API credentials');
      return {
        requests: [
          {
            method: 'POST',
            path: '/ppp/api/v1/openOrder.do',
            headers: json,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(
                buildRequest('openOrder', creds, { clientUniqueId: `bench-${++n}`, amount: '10.00', currency: 'EUR' }),
              ),
            }),
            onResponse: (_s, b, ctx) => void (ctx.sessionToken = sidOf(b, 'sessionToken')),
          },
          {
            method: 'POST',
            path: '/ppp/api/v1/payment.do',
            headers: json,
            setupRequest: (req, ctx) => ({
              ...req,
              body: JSON.stringify(
                buildRequest('payment', creds, {
                  sessionToken: ctx.sessionToken as string,
                  clientRequestId: `bench-pay-${++n}`,
                  amount: '10.00',
                  currency: 'EUR',
                  paymentOption: { card: APPROVED_CARD },
                  billingAddress: { zip: '10001', country: 'US', email: 'shopper@example.com' },
                }),
              ),
            }),
          },
        ],
        ok,
        // The session API answers 200 with its own status in the body.
        check: expectField(['transactionStatus'], 'APPROVED'),
      };
    }
  }
}

function sidOf(body: string, key: string): string | undefined {
  try {
    return (JSON.parse(body) as Record<string, string>)[key];
  } catch {
    return undefined;
  }
}

/** Runs the sequence once with fetch: undefined when every step answered as it should, else why not. */
export async function verifyScenario(url: string, s: Scenario): Promise<string | undefined> {
  const ctx: Record<string, unknown> = {};
  let last = '';
  for (const step of s.requests) {
    const req = step.setupRequest ? step.setupRequest({ ...step }, ctx) : step;
    const res = await fetch(`${url}${req.path}`, {
      method: req.method,
      headers: req.headers,
      ...(req.body ? { body: req.body } : {}),
    });
    last = await res.text();
    if (!s.ok(res.status)) return `${req.method} ${req.path} answered ${res.status}: ${last.slice(0, 300)}`;
    step.onResponse?.(res.status, last, ctx);
  }
  const problem = s.check(last);
  if (!problem) console.log(`  verified: ${last.length > 120 ? last.slice(0, 117) + '...' : last}`);
  return problem;
}
