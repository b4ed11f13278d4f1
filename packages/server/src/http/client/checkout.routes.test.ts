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
