import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

describe.each(dialects())('POST /ppp/api/v1/updateOrder.do on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('changes the amount and answers the envelope of docs/session-methods.md', async () => {
    const o = await s.openOrder({ userTokenId: 'user-1' });
    const r = await s.send('updateOrder', {
      sessionToken: o.sessionToken,
      orderId: o.orderId,
      clientUniqueId: 'u-2',
      clientRequestId: 'r-2',
      amount: '12.34',
      currency: 'EUR',
      merchantDetails: { customField4: 'four' },
    });
    expect(r.json).toEqual({
      internalRequestId: expect.any(Number),
      status: 'SUCCESS',
      errCode: 0,
      reason: '',
      version: '1.0',
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      sessionToken: o.sessionToken,
      orderId: o.orderId,
      clientUniqueId: 'u-2',
      clientRequestId: 'r-2',
      userTokenId: 'user-1',
      merchantDetails: { customField4: 'four' },
    });
    const status = await s.call('getPaymentStatus', { sessionToken: o.sessionToken });
    expect(status.json).toMatchObject({
      amount: '12.34',
      currency: 'EUR',
      clientUniqueId: 'u-2',
      merchantDetails: { customField4: 'four' },
    });
  });

  it('keeps the order currency when only the amount is sent, and formats by its exponent', async () => {
    const o = await s.openOrder({ amount: '1000', currency: 'JPY' });
    expect((await s.send('updateOrder', { ...pick(o), clientUniqueId: 'u', amount: '1500' })).json.status).toBe(
      'SUCCESS',
    );
    expect((await s.call('getPaymentStatus', { sessionToken: o.sessionToken })).json).toMatchObject({
      amount: '1500',
      currency: 'JPY',
    });
    expect(
      (await s.send('updateOrder', { ...pick(o), clientUniqueId: 'u', amount: '3.5', currency: 'KWD' })).json.status,
    ).toBe('SUCCESS');
    expect((await s.call('getPaymentStatus', { sessionToken: o.sessionToken })).json).toMatchObject({
      amount: '3.500',
      currency: 'KWD',
    });
  });

  it('sets the userTokenId of the session', async () => {
    const o = await s.openOrder();
    const r = await s.send('updateOrder', { ...pick(o), clientUniqueId: 'u', userTokenId: 'late-user' });
    expect(r.json.userTokenId).toBe('late-user');
    expect((await s.call('getPaymentStatus', { sessionToken: o.sessionToken })).json.userTokenId).toBe('late-user');
  });

  it('leaves the order unchanged when the update is refused', async () => {
    const o = await s.openOrder({ items: [{ name: 'Tea', type: 'Physical', price: '5.00', quantity: '2' }] });
    const r = await s.send('updateOrder', {
      ...pick(o),
      clientUniqueId: 'u',
      amount: '11.00',
      merchantDetails: { customField1: 'x' },
    });
    expect(r.json.errCode).toBe(1063);
    const order = await gw.rt.deps.storage.read.orders.findSessionOrder(Number(o.orderId));
    expect(order?.pricing?.amount).toBe(1000);
    expect(order?.details.merchantDetails).toBeUndefined();
  });
});

const pick = (o: { sessionToken: string; orderId: string }) => ({ sessionToken: o.sessionToken, orderId: o.orderId });
