import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

describe.each(dialects())('POST /ppp/api/v1/getPaymentStatus.do on %s', (dialect) => {
  let gw: Gateway;
  let s: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    s = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('needs only the sessionToken, and says no payment has been made yet (PENDING)', async () => {
    const o = await s.openOrder({
      amount: '25.00',
      currency: 'EUR',
      userTokenId: 'user-3',
      customData: 'cd',
      merchantDetails: { customField2: 'two' },
    });
    const r = await s.call('getPaymentStatus', { sessionToken: o.sessionToken });
    expect(r.json).toEqual({
      internalRequestId: expect.any(Number),
      status: 'SUCCESS',
      errCode: 0,
      reason: '',
      version: '1.0',
      sessionToken: o.sessionToken,
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      userTokenId: 'user-3',
      orderId: o.orderId,
      clientUniqueId: 'u-1',
      amount: '25.00',
      currency: 'EUR',
      merchantDetails: { customField2: 'two' },
      customData: 'cd',
      transactionStatus: 'PENDING',
    });
  });

  it('verifies a checksum when one is sent', async () => {
    const o = await s.openOrder();
    const signed = s.signed('getPaymentStatus', { sessionToken: o.sessionToken, clientRequestId: 'st-1' });
    expect((await s.call('getPaymentStatus', signed)).json).toMatchObject({
      status: 'SUCCESS',
      clientRequestId: 'st-1',
    });
    expect((await s.call('getPaymentStatus', { ...signed, clientRequestId: 'st-2' })).json).toMatchObject({
      errCode: 1001,
    });
    expect((await s.call('getPaymentStatus', { ...signed, timeStamp: '2026130100000' })).json).toMatchObject({
      errCode: 1021,
    });
  });

  it('answers an unknown token as an expired session (1069)', async () => {
    const r = await s.call('getPaymentStatus', { sessionToken: '6f1c3f7e-0000-4000-8000-000000000000' });
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1069, reason: 'Session expired' });
  });

  it.each([
    [{}, 1019, /^\[sessionToken\] must not be null$/],
    [{ sessionToken: 7 }, 1019, /^\[sessionToken\] must be a string$/],
    [{ sessionToken: 'short' }, 1069, /^Session expired$/],
  ])('refuses %j', async (body, errCode, reason) => {
    const r = await s.call('getPaymentStatus', body);
    expect(r.json).toMatchObject({ status: 'ERROR', errCode });
    expect(r.json.reason).toMatch(reason);
  });

  it('ignores members it does not know once the session is found (docs/decisions/0121)', async () => {
    const o = await s.openOrder();
    const r = await s.call('getPaymentStatus', { sessionToken: o.sessionToken, orderId: o.orderId });
    expect(r.json).toMatchObject({ status: 'SUCCESS', errCode: 0 });
  });
});
