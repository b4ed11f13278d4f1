import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/** POST /client/v1/deleteUpo (checkout.deleteUpo): the session user's own UPOs only. */

describe.each(dialects())('client deleteUpo on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw?.close();
  });

  const client = (method: string, body: unknown) => gw.request('POST', `/client/v1/${method}`, { body });
  const storeCard = async (userTokenId: string) => {
    const { sessionToken } = await sc.openOrder({ userTokenId });
    const r = await client('addCardUpo', {
      sessionToken,
      card: { cardNumber: '5555555555554444', cardHolderName: 'J S', expirationMonth: '09', expirationYear: '2031' },
    });
    return { sessionToken, upoId: String(r.json.userPaymentOptionId) };
  };

  it('deletes a UPO of the session user: SUCCESS, then it is no longer listed', async () => {
    const { sessionToken, upoId } = await storeCard('del-1');
    const r = await client('deleteUpo', { sessionToken, userPaymentOptionId: upoId });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'SUCCESS', errCode: 0, result: 'SUCCESS', userPaymentOptionId: upoId });
    expect((await client('getUserUPOs', { sessionToken })).json.paymentMethods).toEqual([]);
    // a second time: no longer a UPO of this user
    expect((await client('deleteUpo', { sessionToken, userPaymentOptionId: upoId })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
    });
  });

  it("another user's UPO is answered as a missing one and stays", async () => {
    const { upoId, sessionToken: owner } = await storeCard('del-owner');
    const { sessionToken } = await sc.openOrder({ userTokenId: 'del-other' });
    expect((await client('deleteUpo', { sessionToken, userPaymentOptionId: upoId })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
    });
    expect((await client('getUserUPOs', { sessionToken: owner })).json.paymentMethods).toHaveLength(1);
  });

  it.each([
    [{ userPaymentOptionId: '1' }, 'no session token'],
    [{ sessionToken: '00000000-0000-0000-0000-000000000000', userPaymentOptionId: '1' }, 'an unknown session'],
  ])('refuses %j (%s) in the client error shape', async (body, _why) => {
    const r = await client('deleteUpo', body);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: expect.any(Number), reason: expect.any(String) });
  });

  it('refuses a missing id and a session without a user', async () => {
    const { sessionToken } = await sc.openOrder({});
    expect((await client('deleteUpo', { sessionToken })).json).toMatchObject({ status: 'ERROR' });
    expect((await client('deleteUpo', { sessionToken, userPaymentOptionId: '1' })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1066,
    });
  });
});

/** POST /client/v1/openCheckout (checkout()): the form shows only what the session order charges. */
describe.each(dialects())('client openCheckout on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  beforeAll(async () => {
    gw = await startGateway({ dialect });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw?.close();
  });
  const client = (method: string, body: unknown) => gw.request('POST', `/client/v1/${method}`, { body });

  it("accepts the order's own amount and currency and answers them", async () => {
    const { sessionToken, orderId } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const r = await client('openCheckout', { sessionToken, amount: '15', currency: 'EUR' });
    expect(r.json).toMatchObject({ status: 'SUCCESS', errCode: 0, orderId, amount: '15.00', currency: 'EUR' });
    expect(r.json.openAmount).toBeUndefined();
  });

  it.each([
    [{ amount: '9.99', currency: 'EUR' }, 1040],
    [{ amount: '15.00', currency: 'USD' }, 1041],
    [{ amount: 'abc', currency: 'EUR' }, 1040],
    [{ amount: '15.001', currency: 'EUR' }, 1040],
  ])('refuses %j on a 15.00 EUR order without openAmount (errCode %i)', async (shown, errCode) => {
    const { sessionToken } = await sc.openOrder({ amount: '15.00', currency: 'EUR' });
    const r = await client('openCheckout', { sessionToken, ...shown });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'ERROR', errCode, reason: expect.any(String) });
  });

  it("an amount within openAmount becomes the order's amount; one outside is refused", async () => {
    const { sessionToken } = await sc.openOrder({
      amount: '15.00',
      currency: 'EUR',
      openAmount: { min: '5', max: '50' },
    });
    const out = await client('openCheckout', { sessionToken, amount: '60.00', currency: 'EUR' });
    expect(out.json).toMatchObject({ status: 'ERROR', errCode: 1040 });
    const r = await client('openCheckout', { sessionToken, amount: '9.99', currency: 'EUR' });
    expect(r.json).toMatchObject({
      status: 'SUCCESS',
      amount: '9.99',
      currency: 'EUR',
      openAmount: { min: '5.00', max: '50.00' },
    });
    // what a payment would charge now: the order's amount as the session API reports it
    const again = await client('openCheckout', { sessionToken, amount: '9.99', currency: 'EUR' });
    expect(again.json).toMatchObject({ status: 'SUCCESS', amount: '9.99' });
  });

  it('an unknown session is 1069 at once', async () => {
    const r = await client('openCheckout', {
      sessionToken: '00000000-0000-0000-0000-000000000000',
      amount: '15.00',
      currency: 'EUR',
    });
    expect(r.json).toMatchObject({ status: 'ERROR', errCode: 1069 });
  });
});
