import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCard, type Facts, nOrder, ok, requestId, startFacts } from '../clients.js';

/** docs/gateway-facts.md, "Users and stored payment options". */

const BILLING = {
  firstName: 'Ada',
  lastName: 'Byron',
  address: '1 Lane',
  phone: '4420',
  zip: 'N1',
  city: 'London',
  countryCode: 'GB',
  state: 'LN',
  email: 'ada@example.com',
  county: 'Greater London',
};

describe('gateway facts: user and UPO methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const user = async () => {
    const userTokenId = `facts-user-${f.seq()}`;
    ok(
      await f.P.send('createUser', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        countryCode: 'GB',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Byron',
      }),
    );
    return userTokenId;
  };
  const card = async (userTokenId: string, number = '5555555555554444') =>
    ok(
      await f.P.send('addUPOCreditCard', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        ccCardNumber: number,
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'Ada Byron',
        billingAddress: BILLING,
      }),
    );

  it('F-2.5.1 createUser: answers userId', async () => {
    const full = {
      userTokenId: `facts-new-${f.seq()}`,
      clientRequestId: requestId('N', f.seq()),
      firstName: 'Ada',
      lastName: 'Byron',
      address: '1 Lane',
      state: 'LN',
      city: 'London',
      zip: 'N1',
      countryCode: 'GB',
      phone: '4420',
      locale: 'en_UK',
      email: 'ada@example.com',
      county: 'Greater London',
      dateOfBirth: '1815-12-10',
    };
    expect(ok(await f.N.send('createUser', full)).userId).toBeDefined();
    expect(
      ok(
        await f.P.send('createUser', {
          userTokenId: `facts-min-${f.seq()}`,
          clientRequestId: 'c',
          countryCode: 'GB',
          email: 'b@example.com',
          firstName: 'B',
          lastName: 'C',
        }),
      ).userId,
    ).toBeDefined();
  });

  it('F-2.5.2 updateUser: answers userId', async () => {
    const userTokenId = await user();
    expect(
      ok(
        await f.P.send('updateUser', {
          userTokenId,
          clientRequestId: requestId('P', f.seq()),
          lastName: 'Lovelace',
          city: 'Ockham',
        }),
      ).userId,
    ).toBeDefined();
  });

  it('F-2.5.3 getUserDetails: U, answers userDetails', async () => {
    const userTokenId = await user();
    const j = ok(await f.N.send('getUserDetails', { userTokenId, clientRequestId: requestId('N', f.seq()) }));
    expect(j.userDetails).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
  });

  it("F-2.6.1 addUPOCreditCard: answers the card's userPaymentOptionId and token fields", async () => {
    const j = await card(await user());
    for (const k of ['userPaymentOptionId', 'ccToken', 'brand', 'uniqueCC', 'bin', 'last4Digits'])
      expect(j, k).toHaveProperty(k);
    expect(j).toMatchObject({ bin: '555555', last4Digits: '4444' });
  });

  it('F-2.6.2 addUPOCreditCardByToken: answers status', async () => {
    const a = await card(await user());
    const j = ok(
      await f.P.send('addUPOCreditCardByToken', {
        userTokenId: await user(),
        clientRequestId: requestId('P', f.seq()),
        ccExpMonth: '11',
        ccExpYear: '2031',
        ccNameOnCard: 'Grace',
        ccToken: a.ccToken,
        brand: a.brand,
        uniqueCC: a.uniqueCC,
        bin: a.bin,
        last4Digits: a.last4Digits,
        billingAddress: BILLING,
      }),
    );
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.6.3 addUPOCreditCardByTempToken: S, answers userPaymentOptionId', async () => {
    const { sessionToken } = await nOrder(f);
    const t = ok(await f.N.send('cardTokenization', { sessionToken, cardData: aCard('5555555555554444') }));
    const j = ok(
      await f.N.send('addUPOCreditCardByTempToken', {
        sessionToken,
        userTokenId: await user(),
        clientRequestId: requestId('N', f.seq()),
        ccTempToken: t.ccTempToken,
        billingAddress: BILLING,
      }),
    );
    expect(j.userPaymentOptionId).toBeTruthy();
  });

  it('F-2.6.4 addUPOAPM: answers userPaymentOptionId', async () => {
    const j = ok(
      await f.P.send('addUPOAPM', {
        userTokenId: await user(),
        clientRequestId: requestId('P', f.seq()),
        paymentMethodName: 'apmgw_expresscheckout',
        apmData: { email: 'ada@example.com' },
        billingAddress: BILLING,
      }),
    );
    expect(j.userPaymentOptionId).toBeTruthy();
  });

  it('F-2.6.5 editUPOCC: answers status', async () => {
    const userTokenId = await user();
    const c = await card(userTokenId);
    ok(
      await f.P.send('editUPOCC', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        userPaymentOptionId: c.userPaymentOptionId,
        ccExpMonth: '03',
        ccExpYear: '2031',
        ccNameOnCard: 'A Lovelace',
        billingAddress: BILLING,
      }),
    );
  });

  it('F-2.6.6 editUPOAPM: answers status', async () => {
    const userTokenId = await user();
    const a = ok(
      await f.P.send('addUPOAPM', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        paymentMethodName: 'apmgw_expresscheckout',
        apmData: { email: 'ada@example.com' },
      }),
    );
    ok(
      await f.P.send('editUPOAPM', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        userPaymentOptionId: a.userPaymentOptionId,
        apmData: { email: 'ada@lovelace.uk' },
        billingAddress: BILLING,
      }),
    );
  });

  it('F-2.6.7 getUserUPOs: U, answers paymentMethods with userPaymentOptionId', async () => {
    const userTokenId = await user();
    const c = await card(userTokenId);
    for (const who of [f.P, f.N]) {
      const j = ok(await who.send('getUserUPOs', { userTokenId, clientRequestId: requestId(who.who, f.seq()) }));
      expect(j.paymentMethods.map((m: any) => String(m.userPaymentOptionId))).toContain(String(c.userPaymentOptionId));
    }
  });

  it('F-2.6.8 suspendUPO: UP, answers status', async () => {
    const userTokenId = await user();
    const c = await card(userTokenId);
    ok(
      await f.P.send('suspendUPO', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        userPaymentOptionId: c.userPaymentOptionId,
      }),
    );
  });

  it('F-2.6.9 enableUPO: UP, answers status', async () => {
    const userTokenId = await user();
    const c = await card(userTokenId);
    ok(
      await f.N.send('suspendUPO', {
        userTokenId,
        clientRequestId: requestId('N', f.seq()),
        userPaymentOptionId: c.userPaymentOptionId,
      }),
    );
    ok(
      await f.N.send('enableUPO', {
        userTokenId,
        clientRequestId: requestId('N', f.seq()),
        userPaymentOptionId: c.userPaymentOptionId,
      }),
    );
  });

  it('F-2.6.10 deleteUPO: UP, answers status', async () => {
    const userTokenId = await user();
    const c = await card(userTokenId);
    ok(
      await f.P.send('deleteUPO', {
        userTokenId,
        clientRequestId: requestId('P', f.seq()),
        userPaymentOptionId: c.userPaymentOptionId,
      }),
    );
  });
});
