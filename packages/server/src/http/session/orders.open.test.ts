import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

describe.each(dialects())('POST /ppp/api/v1/openOrder.do on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('opens an order: SUCCESS with a 36-character sessionToken, a numeric orderId and the identifiers echoed', async () => {
    const r = await s.send('openOrder', {
      clientUniqueId: 'order-42',
      clientRequestId: 'req-42',
      userTokenId: 'user-7',
      amount: '10.50',
      currency: 'EUR',
      merchantDetails: { customField1: 'echo-me', customField15: 'last' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toEqual({
      internalRequestId: expect.any(Number),
      status: 'SUCCESS',
      errCode: 0,
      reason: '',
      version: '1.0',
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      clientUniqueId: 'order-42',
      clientRequestId: 'req-42',
      userTokenId: 'user-7',
      sessionToken: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      orderId: expect.stringMatching(/^\d+$/),
      merchantDetails: { customField1: 'echo-me', customField15: 'last' },
    });
  });

  it('stores the order in orders with interface session, no entity, the token as session_id', async () => {
    const o = await s.openOrder({
      amount: '99.99',
      currency: 'USD',
      transactionType: 'Auth',
      productId: 'p-1',
      clientUniqueId: 'cu-9',
    });
    const row = await gw.rt.store.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(o.orderId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      session_id: o.sessionToken,
      interface: 'session',
      entity_id: null,
      merchant_id: gw.demo.merchantId,
      site_id: gw.demo.merchantSiteId,
      merchant_transaction_id: 'cu-9',
      currency: 'USD',
      transaction_type: 'Auth',
      product_id: 'p-1',
      status: 'open',
    });
    expect(Number(row.amount_minor)).toBe(9999);
    const request = JSON.parse(row.request);
    expect(request).toMatchObject({ amount: '99.99', currency: 'USD', clientUniqueId: 'cu-9' });
    expect(request).not.toHaveProperty('checksum');
    expect(request).not.toHaveProperty('merchantId');
    const session = await gw.rt.deps.storage.read.sessions.find(o.sessionToken);
    expect(session).toMatchObject({
      orderId: Number(o.orderId),
      merchantId: gw.demo.merchantId,
      siteId: gw.demo.merchantSiteId,
    });
  });

  it('issues a new token and orderId for every order', async () => {
    const a = await s.openOrder();
    const b = await s.openOrder();
    expect(a.sessionToken).not.toBe(b.sessionToken);
    expect(Number(b.orderId)).toBeGreaterThan(Number(a.orderId));
  });

  it('answers partialApproval with the requested amount when isPartialApproval is on', async () => {
    const on = await s.openOrder({ amount: '20', currency: 'GBP', isPartialApproval: '1' });
    expect(on.json.partialApproval).toEqual({ requestedAmount: '20.00', requestedCurrency: 'GBP' });
    const off = await s.openOrder({ isPartialApproval: '0' });
    expect(off.json).not.toHaveProperty('partialApproval');
    const jpy = await s.openOrder({ amount: '1500', currency: 'JPY', isPartialApproval: true });
    expect(jpy.json.partialApproval).toEqual({ requestedAmount: '1500', requestedCurrency: 'JPY' });
  });

  it('opens an order without amount and currency', async () => {
    const o = await s.openOrder({ amount: undefined, currency: undefined });
    const order = await gw.rt.deps.storage.read.orders.findSessionOrder(Number(o.orderId));
    expect(order?.pricing).toBeNull();
  });

  it('keeps a session order out of reach of the REST order API', async () => {
    const o = await s.openOrder();
    const r = await gw.request('GET', `/orders/status?sessionId=${o.sessionToken}`, { headers: apiKey(gw) });
    expect(r.status).toBe(404);
    const bearer = await gw.request('POST', '/orders', {
      headers: { authorization: `Bearer ${o.sessionToken}` },
      body: {
        processingEntityId: gw.demo.processingEntityId,
        amount: 1,
        currency: 'EUR',
        permittedOperations: ['payments'],
      },
    });
    expect([401, 403]).toContain(bearer.status);
  });
});
