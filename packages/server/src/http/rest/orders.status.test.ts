import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, type Gateway, type HttpResult, startGateway, validOrder } from '../../../test/harness.js';
import { dialects } from '../../../test/dialects.js';
import { wireCard } from '../../../test/payment-cards.js';

/** GET /orders/status (docs/rest-orders.md): an order without a payment is `pending`. */

function expectError(r: HttpResult, status: number, code: string, reason: string): void {
  expect({ status: r.status, body: r.json }).toEqual({
    status,
    body: { result: { status: 'error', errors: { code, reason } } },
  });
}

describe.each(dialects())('GET /orders/status on %s', (dialect) => {
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
  const status = (query: string) => gw.request('GET', `/orders/status?${query}`, { headers: apiKey(gw) });

  it('answers a fresh order with 200, result pending, its amount and currency', async () => {
    const sid = await createOrder({ amount: 25.5, currency: 'EUR' });
    const r = await status(`sessionId=${sid}`);
    expect({ status: r.status, body: r.json }).toEqual({
      status: 200,
      body: { amount: 25.5, currency: 'EUR', result: { status: 'pending' } },
    });
  });

  it('includes the transactionType the order was created with', async () => {
    const sid = await createOrder({ transactionType: 'PreAuth' });
    const r = await status(`sessionId=${sid}`);
    expect(r.json).toEqual({
      amount: 25.5,
      currency: 'EUR',
      transactionType: 'PreAuth',
      result: { status: 'pending' },
    });
  });

  it.each([
    [1500, 'JPY'],
    [1.234, 'BHD'],
    [0.01, 'USD'],
    [999999.99, 'EUR'],
  ])('prints %s %s in major units as created', async (amount, currency) => {
    const sid = await createOrder({ amount, currency });
    const r = await status(`sessionId=${sid}`);
    expect(r.json).toMatchObject({ amount, currency, result: { status: 'pending' } });
  });

  it('omits the amount of a zero-amount order (a status amount is > 0)', async () => {
    const sid = await createOrder({ amount: 0, zeroAmountReason: 'addCard' });
    const r = await status(`sessionId=${sid}`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ currency: 'EUR', result: { status: 'pending' } });
  });

  it('finds the order by a merchantTransactionId unique within the entity', async () => {
    await createOrder({ amount: 7, merchantTransactionId: 'status-unique-1' });
    const r = await status('merchantTransactionId=status-unique-1');
    expect({ status: r.status, body: r.json }).toEqual({
      status: 200,
      body: { amount: 7, currency: 'EUR', result: { status: 'pending' } },
    });
  });

  it('answers the last payment of the order, by sessionId and by merchantTransactionId alike', async () => {
    const sid = await createOrder({ amount: 12.5, merchantTransactionId: 'status-paid-1' });
    const pay = (number: string) =>
      gw.request('POST', '/payment-api/payments', {
        headers: apiKey(gw),
        body: {
          processingEntityId: gw.demo.processingEntityId,
          sessionId: sid,
          transactionType: 'Sale',
          amount: 12.5,
          currency: 'EUR',
          paymentOption: { card: wireCard(number) },
          billingAddress: { zip: '10001' },
        },
      });
    const declined = await pay('4000128449498204');
    expect(declined.json.result.status, declined.text).toBe('declined');
    expect((await status(`merchantTransactionId=status-paid-1`)).json).toEqual(declined.json);
    const approved = await pay('4761344136141390');
    expect(approved.json.result.status, approved.text).toBe('approved');
    const bySid = await status(`sessionId=${sid}`);
    const byMtid = await status('merchantTransactionId=status-paid-1');
    expect({ status: bySid.status, body: bySid.json }).toEqual({ status: 200, body: approved.json });
    expect(byMtid.json).toEqual(approved.json);
  });

  it('refuses a merchantTransactionId shared by two orders (400)', async () => {
    await createOrder({ merchantTransactionId: 'status-twice' });
    await createOrder({ merchantTransactionId: 'status-twice' });
    expectError(
      await status('merchantTransactionId=status-twice'),
      400,
      '5000.1001',
      '[merchantTransactionId] is not unique within the processing entity; use sessionId',
    );
  });

  it('answers an unknown sessionId with 404 5000.1040', async () => {
    expectError(await status('sessionId=00000000-0000-4000-8000-000000000000'), 404, '5000.1040', 'Order not found');
  });

  it('answers an unknown merchantTransactionId with 404 5000.1040', async () => {
    expectError(await status('merchantTransactionId=never-used'), 404, '5000.1040', 'Order not found');
  });

  it('refuses a request naming no order (400)', async () => {
    expectError(
      await gw.request('GET', '/orders/status', { headers: apiKey(gw) }),
      400,
      '5000.1001',
      '[sessionId] or merchantTransactionId must be given as a query parameter',
    );
  });

  it.each([
    ['an empty sessionId', 'sessionId=', '[sessionId] size must be between 1 and 64'],
    ['a sessionId over 64 characters', `sessionId=${'s'.repeat(65)}`, '[sessionId] size must be between 1 and 64'],
    [
      'a merchantTransactionId over 45 characters',
      `merchantTransactionId=${'m'.repeat(46)}`,
      '[merchantTransactionId] size must be between 1 and 45',
    ],
    ['an unknown query parameter', 'orderId=100000001', '[orderId] is not a known field'],
    ['a sessionId holding U+0000', 'sessionId=%00', '[sessionId] must not contain the character U+0000'],
    [
      'a merchantTransactionId holding U+0000',
      'merchantTransactionId=a%00b',
      '[merchantTransactionId] must not contain the character U+0000',
    ],
  ])('refuses %s (400)', async (_label, query, reason) => {
    expectError(await status(query), 400, '5000.1001', reason);
  });
});
