import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  GatehouseApiError,
  REST_OPERATIONS,
  restApi,
  sessionApi,
  verifyDmn,
  verifyWebhook,
  WebhookVerificationError,
} from '@gatehouse/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Relay, startRelay } from '../src/delivery/relay.js';
import { type DialectName, dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type Receiver, startReceiver } from './receiver.js';

const OPENAPI = resolve(import.meta.dirname, '../../../docs/openapi.yaml');

/**
 * @gatehouse/client (its built `dist/`, as a merchant imports it) against a real gateway: a REST order
 * and payment, a session openOrder and payment, the errors as `GatehouseApiError`, and the webhook
 * and DMN of the payments delivered by the relay to a local receiver and verified there (a stale or
 * altered webhook and an altered DMN refused).
 */
describe.each(dialects())('@gatehouse/client against a gateway on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let rx: Receiver;
  let relay: Relay;
  let rest: ReturnType<typeof restApi>;
  let session: ReturnType<typeof sessionApi>;

  beforeAll(async () => {
    gw = await startGateway({ dialect });
    rx = await startReceiver();
    relay = startRelay(gw.rt);
    rest = restApi({ baseUrl: gw.url, apiKey: gw.demo.apiKey });
    session = sessionApi({
      baseUrl: gw.url,
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    });
  });
  afterAll(async () => {
    await relay?.stop();
    await rx?.close();
    await gw?.close();
  });

  const arrived = (path: string, match: (body: string) => boolean) =>
    vi.waitFor(
      () => {
        const r = rx.received.find((x) => x.url === path && match(x.body));
        if (!r) throw new Error(`nothing at ${path} yet`);
        return r;
      },
      { timeout: 20_000, interval: 50 },
    );

  it('creates a REST order and pays it; the status and the webhook say approved, verified with the site secret', async () => {
    const order = await rest.createOrder(
      {
        processingEntityId: gw.demo.processingEntityId,
        amount: 25.5,
        currency: 'EUR',
        permittedOperations: ['payments'],
        merchantTransactionId: `client-rest-${dialect}`,
        urlDetails: { webhookUrl: `${rx.url}/hooks` },
      },
      { idempotencyKey: `client-rest-${dialect}` },
    );
    expect(order.result.status).toBe('success');
    expect(order.sessionId).toEqual(expect.any(String));

    const payment = await rest.createPayment({
      processingEntityId: gw.demo.processingEntityId,
      sessionId: order.sessionId,
      transactionType: 'Sale',
      amount: 25.5,
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
    });
    expect(payment.result.status).toBe('approved');
    const status = await rest.getOrderStatus({ sessionId: order.sessionId });
    expect(status).toMatchObject({ result: { status: 'approved' }, transactionId: payment.transactionId });

    const hook = await arrived('/hooks', (b) => b.includes(String(payment.transactionId)));
    const event = verifyWebhook(hook.body, hook.headers, gw.demo.webhookSecret!);
    expect(event.type).toBe('transaction.approved');
    expect(event.data).toMatchObject({ transactionId: payment.transactionId, sessionId: order.sessionId });

    // a stale delivery (replayed 301 s after it was signed), an altered body, a wrong secret: refused
    const signedAt = Number(hook.headers['webhook-timestamp']) * 1000;
    expect(verifyWebhook(hook.body, hook.headers, gw.demo.webhookSecret!, { now: signedAt + 299_000 }).type).toBe(
      'transaction.approved',
    );
    const problem = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(WebhookVerificationError);
        return (err as WebhookVerificationError).problem;
      }
      return 'accepted';
    };
    expect(
      problem(() => verifyWebhook(hook.body, hook.headers, gw.demo.webhookSecret!, { now: signedAt + 301_000 })),
    ).toBe('timestamp');
    expect(
      problem(() => verifyWebhook(hook.body, hook.headers, gw.demo.webhookSecret!, { now: signedAt - 301_000 })),
    ).toBe('timestamp');
    expect(
      problem(() =>
        verifyWebhook(hook.body, hook.headers, gw.demo.webhookSecret!, {
          now: signedAt + 600_000,
          toleranceSeconds: 900,
        }),
      ),
    ).toBe('accepted');
    expect(problem(() => verifyWebhook(hook.body.replace('25.5', '2.55'), hook.headers, gw.demo.webhookSecret!))).toBe(
      'signature',
    );
    expect(
      problem(() => verifyWebhook(hook.body, hook.headers, 'whsec_' + Buffer.alloc(32, 7).toString('base64'))),
    ).toBe('signature');
    expect(
      problem(() => verifyWebhook(hook.body, { 'webhook-id': hook.headers['webhook-id'] }, gw.demo.webhookSecret!)),
    ).toBe('headers');
  });

  it('replays an order created twice with one idempotency key, and throws GatehouseApiError with the documented code', async () => {
    const body = {
      processingEntityId: gw.demo.processingEntityId,
      amount: 10,
      currency: 'EUR',
      permittedOperations: ['payments' as const],
    };
    const first = await rest.createOrder(body, { idempotencyKey: `idem-${dialect}` });
    const again = await rest.createOrder(body, { idempotencyKey: `idem-${dialect}` });
    expect(again.sessionId).toBe(first.sessionId);

    const err = await rest.createOrder({ ...body, currency: 'EURO' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatehouseApiError);
    expect(err).toMatchObject({ status: 400, code: '5000.1001', reason: '[currency] size must be 3' });

    const unauthorised = await restApi({ baseUrl: gw.url, apiKey: 'gh_key_wrong' })
      .getOrderStatus({ sessionId: first.sessionId })
      .catch((e: unknown) => e);
    expect(unauthorised).toMatchObject({ status: 401, code: '7300.3000' });
    const missing = await rest.getOrderStatus({ sessionId: 'no-such-session' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: '5000.1040' });
  });

  it('pays with an access token from getAccessToken, and moves an open-amount order with updateOrder', async () => {
    const token = await rest.getAccessToken();
    expect(token).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    const byToken = restApi({ baseUrl: gw.url, accessToken: token.access_token });
    const order = await byToken.createOrder({
      processingEntityId: gw.demo.processingEntityId,
      amount: 5,
      currency: 'EUR',
      permittedOperations: ['payments'],
      openAmount: { min: 1, max: 50 },
    });
    expect(order.result.status).toBe('success');
    const updated = await rest.updateOrder({ sessionId: order.sessionId }, { amount: 42 });
    expect(updated.result.status).toBe('success');
  });

  it('opens a session order and pays it; the DMN arrives and verifyDmn accepts it, and refuses it altered', async () => {
    const opened = await session.openOrder({
      clientUniqueId: `client-session-${dialect}`,
      amount: '10.00',
      currency: 'EUR',
      urlDetails: { notificationUrl: `${rx.url}/dmn` },
    });
    expect(opened).toMatchObject({ status: 'SUCCESS', sessionToken: expect.any(String) });
    const paid = await session.payment({
      sessionToken: opened.sessionToken,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
      billingAddress: { email: 'ada@example.com', country: 'GB' },
      deviceDetails: { ipAddress: '127.0.0.1' },
    });
    expect(paid.transactionStatus).toBe('APPROVED');
    const status = await session.getPaymentStatus({ sessionToken: opened.sessionToken });
    expect(status.transactionStatus).toBe('APPROVED');

    const dmn = await arrived('/dmn', (b) => new URLSearchParams(b).get('TransactionID') === paid.transactionId);
    const fields = verifyDmn(dmn.body, gw.demo.merchantSecretKey);
    expect(fields).toMatchObject({ Status: 'APPROVED', TransactionID: paid.transactionId, totalAmount: '10.00' });
    expect(verifyDmn(new URLSearchParams(dmn.body), gw.demo.merchantSecretKey)).toEqual(fields);
    expect(
      verifyDmn(dmn.body.replace('totalAmount=10.00', 'totalAmount=1000.00'), gw.demo.merchantSecretKey),
    ).toBeUndefined();
    expect(verifyDmn(dmn.body, 'another-secret')).toBeUndefined();
  });

  it('throws the session errCode as GatehouseApiError (a wrong secret: 1001 Invalid checksum)', async () => {
    const wrong = sessionApi({
      baseUrl: gw.url,
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: 'not-the-secret',
    });
    const err = await wrong.getSessionToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatehouseApiError);
    expect(err).toMatchObject({ status: 200, code: '1001' });
  });

  it('signs withdrawal management calls in body order', async () => {
    const answer = await session.withdrawal('getRequests', { userTokenId: 'nobody' });
    expect(answer.status).toBe('SUCCESS');
  });
});

/** `paths` of the generated OpenAPI document: path → its methods (two-space YAML indentation, as written). */
function openApiOperations(yaml: string): Record<string, Record<string, true>> {
  const out: Record<string, Record<string, true>> = {};
  let inPaths = false;
  let current: Record<string, true> | undefined;
  for (const line of yaml.split('\n')) {
    if (/^\S/.test(line)) inPaths = line.startsWith('paths:');
    else if (!inPaths) continue;
    else if (/^  \S.*:$/.test(line))
      out[
        line
          .trim()
          .slice(0, -1)
          .replace(/^['"]|['"]$/g, '')
      ] = current = {};
    else if (current && /^    (get|post|put|patch|delete):$/.test(line)) current[line.trim().slice(0, -1)] = true;
  }
  return out;
}

describe('the REST operations of @gatehouse/client', () => {
  it('each exists in docs/openapi.yaml with its method', () => {
    const paths = openApiOperations(readFileSync(OPENAPI, 'utf8'));
    for (const [name, { method, path }] of Object.entries(REST_OPERATIONS)) {
      expect(paths[path]?.[method.toLowerCase()], `${name}: ${method} ${path}`).toBeDefined();
    }
    for (const method of ['openOrder', 'updateOrder', 'getSessionToken', 'getPaymentStatus', 'payment']) {
      expect(paths[`/ppp/api/v1/${method}.do`]?.post, method).toBeDefined();
    }
  });
});
