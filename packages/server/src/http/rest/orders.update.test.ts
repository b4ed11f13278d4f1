import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';

/** PATCH /orders (docs/rest-orders.md): change the amount of an order created with openAmount. */

const SUCCESS = { result: { status: 'success' } };
const OUTSIDE = '[amount] must be between openAmount.min and openAmount.max';

function expectError(r: HttpResult, status: number, code: string, reason: string): void {
  expect({ status: r.status, body: r.json }).toEqual({
    status,
    body: { result: { status: 'error', errors: { code, reason } } },
  });
}

describe.each(dialects())('PATCH /orders on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
  });
  afterAll(async () => {
    await gw.close();
  });

  async function createOrder(extra: Record<string, unknown> = {}): Promise<string> {
    const r = await gw.request('POST', '/orders', { headers: apiKey(gw), body: validOrder(gw, extra) });
    expect(r.status, r.text).toBe(201);
    return r.json.sessionId as string;
  }
  const patch = (query: string, amount: unknown) =>
    gw.request('PATCH', `/orders?${query}`, { headers: apiKey(gw), body: { amount } });
  const amountOf = async (sessionId: string) =>
    (await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) })).json.amount as
      number | undefined;

  it('changes the amount within openAmount and shows it in the order status', async () => {
    const sid = await createOrder({ amount: 10, openAmount: { min: 5, max: 100 } });
    const r = await patch(`sessionId=${sid}`, 42.75);
    expect({ status: r.status, body: r.json }).toEqual({ status: 200, body: SUCCESS });
    expect(await amountOf(sid)).toBe(42.75);
  });

  it.each([
    ['openAmount.min', 5],
    ['openAmount.max', 100],
  ])('accepts an amount equal to %s', async (_bound, amount) => {
    const sid = await createOrder({ amount: 10, openAmount: { min: 5, max: 100 } });
    expect((await patch(`sessionId=${sid}`, amount)).status).toBe(200);
    expect(await amountOf(sid)).toBe(amount);
  });

  it('keeps the last of several updates', async () => {
    const sid = await createOrder({ amount: 10, openAmount: { min: 1, max: 100 } });
    for (const amount of [20, 30, 15.5]) expect((await patch(`sessionId=${sid}`, amount)).status).toBe(200);
    expect(await amountOf(sid)).toBe(15.5);
  });

  it('accepts whole amounts in a currency without minor units', async () => {
    const sid = await createOrder({ amount: 1000, currency: 'JPY', openAmount: { min: 500, max: 5000 } });
    expect((await patch(`sessionId=${sid}`, 2500)).status).toBe(200);
    expect(await amountOf(sid)).toBe(2500);
    expectError(
      await patch(`sessionId=${sid}`, 2500.5),
      400,
      '5000.1001',
      '[amount] must have at most 0 decimal places in JPY',
    );
  });

  it.each([
    ['above openAmount.max', 100.01],
    ['below openAmount.min', 4.99],
  ])('refuses an amount %s with 400 and keeps the amount', async (_label, amount) => {
    const sid = await createOrder({ amount: 10, openAmount: { min: 5, max: 100 } });
    expectError(await patch(`sessionId=${sid}`, amount), 400, '5000.1001', OUTSIDE);
    expect(await amountOf(sid)).toBe(10);
  });

  it('refuses to change an order created without openAmount (400)', async () => {
    const sid = await createOrder({ amount: 10 });
    expectError(
      await patch(`sessionId=${sid}`, 12),
      400,
      '5000.1001',
      '[amount] can be changed only for an order created with openAmount',
    );
    expect(await amountOf(sid)).toBe(10);
  });

  it('answers an unknown sessionId with 404 5000.1040', async () => {
    expectError(await patch('sessionId=00000000-0000-4000-8000-000000000000', 10), 404, '5000.1040', 'Order not found');
  });

  it('finds the order by a merchantTransactionId unique within the entity', async () => {
    const sid = await createOrder({
      amount: 10,
      merchantTransactionId: 'upd-unique-1',
      openAmount: { min: 1, max: 50 },
    });
    const r = await patch('merchantTransactionId=upd-unique-1', 33);
    expect({ status: r.status, body: r.json }).toEqual({ status: 200, body: SUCCESS });
    expect(await amountOf(sid)).toBe(33);
  });

  it('refuses a merchantTransactionId shared by two orders (400) and changes neither', async () => {
    const a = await createOrder({ amount: 10, merchantTransactionId: 'upd-twice', openAmount: { min: 1, max: 50 } });
    const b = await createOrder({ amount: 10, merchantTransactionId: 'upd-twice', openAmount: { min: 1, max: 50 } });
    expectError(
      await patch('merchantTransactionId=upd-twice', 20),
      400,
      '5000.1001',
      '[merchantTransactionId] is not unique within the processing entity; use sessionId',
    );
    expect([await amountOf(a), await amountOf(b)]).toEqual([10, 10]);
  });

  it('answers an unknown merchantTransactionId with 404', async () => {
    expectError(await patch('merchantTransactionId=never-used', 10), 404, '5000.1040', 'Order not found');
  });

  it('refuses a request naming no order (400)', async () => {
    const r = await gw.request('PATCH', '/orders', { headers: apiKey(gw), body: { amount: 10 } });
    expectError(r, 400, '5000.1001', '[sessionId] or merchantTransactionId must be given as a query parameter');
  });

  it('refuses a lookup value holding U+0000 (400)', async () => {
    expectError(
      await patch('sessionId=a%00', 10),
      400,
      '5000.1001',
      '[sessionId] must not contain the character U+0000',
    );
  });

  it('refuses an unknown query parameter (400)', async () => {
    const sid = await createOrder({ openAmount: { min: 1, max: 50 } });
    expectError(await patch(`sessionId=${sid}&orderId=1`, 10), 400, '5000.1001', '[orderId] is not a known field');
  });
});
