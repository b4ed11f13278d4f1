import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPay, type Facts, nOrder, ok, pOrder, requestId, startFacts } from '../clients.js';

/** docs/gateway-facts.md, "KYC, accounts and lookups". */

const APM = (paymentMethod: string) => ({ alternativePaymentMethod: { paymentMethod } });
const BANK = { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' };
const USER_DETAILS = {
  firstName: 'Ada',
  lastName: 'Byron',
  country: 'GB',
  email: 'ada@example.com',
  identification: 'X123',
};

describe('gateway facts: KYC, account and lookup methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  /** a session of an order of a new user, as P opens it */
  const userSession = async () => {
    const userTokenId = `acct-${f.seq()}`;
    const { sessionToken } = await pOrder(f, { userTokenId });
    return { sessionToken, userTokenId, userId: `id-${userTokenId}` };
  };
  const ids = (who: 'P' | 'N' = 'P') => {
    const n = f.seq();
    return { clientUniqueId: `cu-${n}`, clientRequestId: requestId(who, n) };
  };
  /** a user enrolled with a bank account for `method` by addBankAccount */
  const enrolled = async (method = 'apmgw_VIP_Preferred') => {
    const u = await userSession();
    ok(
      await f.P.send('addBankAccount', {
        sessionToken: u.sessionToken,
        ...ids(),
        paymentOption: APM(method),
        userId: u.userId,
        bankAccount: BANK,
        userTokenId: u.userTokenId,
      }),
      'addBankAccount',
    );
    return u;
  };

  it('F-2.9.1 eKYC: S, answers status', async () => {
    const userTokenId = await f.fx.user();
    ok(
      await f.P.send('eKYC', {
        userTokenId,
        userId: `id-${userTokenId}`,
        ...ids(),
        userDetails: USER_DETAILS,
        ekycUserDetails: {
          userName: 'ada',
          languageCode: 'en',
          dateOfBirth: '1815-12-10',
          title: 'Ms',
          gender: 'F',
          building: '1',
          mobileNumber: '447700900000',
          identification: 'X123',
          identificationType: 'passport',
        },
        customData: 'kyc-1',
      }),
    );
  });

  it('F-2.9.2 getDocumentUploadUrl: S, answers url', async () => {
    const userTokenId = await f.fx.user();
    const j = ok(
      await f.P.send('getDocumentUploadUrl', {
        userTokenId,
        userId: `id-${userTokenId}`,
        ...ids(),
        userDetails: USER_DETAILS,
        kycUserDetails: { documentType: 'passport' },
        merchantDetails: { customField1: 'x' },
      }),
    );
    expect(j.url).toMatch(/^https?:\/\//);
  });

  it('F-2.9.3 accountCapture: no checksum, answers status', async () => {
    const paid = await aPay(f, { userTokenId: `cap-${f.seq()}` });
    ok(
      await f.P.send('accountCapture', {
        sessionToken: paid.sessionToken,
        userTokenId: `cap-${f.seq()}`,
        paymentMethod: 'apmgw_PayRetailers_Payouts',
        currencyCode: 'BRL',
        countryCode: 'BR',
        amount: '10.00',
        languageCode: 'en',
        notificationUrl: 'https://merchant.example/dmn',
      }),
    );
  });

  it('F-2.9.4 addBankAccount: BODY, answers status', async () => {
    const u = await userSession();
    ok(
      await f.P.send('addBankAccount', {
        sessionToken: u.sessionToken,
        ...ids(),
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: u.userId,
        bankAccount: BANK,
        userTokenId: u.userTokenId,
        deviceDetails: { ipAddress: '203.0.113.7' },
        userDetails: USER_DETAILS,
        documentDetails: { documentNumber: 'D1', type: 'DL', issuingState: 'NY' },
      }),
    );
  });

  it('F-2.9.5 enrollAccount: no checksum, answers status', async () => {
    const u = await userSession();
    ok(
      await f.P.send('enrollAccount', {
        sessionToken: u.sessionToken,
        ...ids(),
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: u.userId,
        userTokenId: u.userTokenId,
      }),
    );
  });

  it('F-2.9.6 fundAccount: no checksum, answers status', async () => {
    const u = await enrolled('apmgw_PlayPlus');
    ok(
      await f.P.send('fundAccount', {
        sessionToken: u.sessionToken,
        ...ids(),
        paymentOption: APM('apmgw_PlayPlus'),
        userId: u.userId,
        deviceDetails: { ipAddress: '203.0.113.7' },
        userDetails: USER_DETAILS,
        urlDetails: { notificationUrl: 'https://merchant.example/dmn' },
      }),
    );
  });

  it('F-2.9.7 getAccountDetails: no checksum, answers status', async () => {
    const u = await enrolled();
    ok(
      await f.P.send('getAccountDetails', {
        sessionToken: u.sessionToken,
        ...ids(),
        paymentOption: APM('apmgw_VIP_Preferred'),
        userId: u.userId,
      }),
    );
  });

  it('F-2.10.1 getMerchantPaymentMethods: S, answers the method list', async () => {
    const { sessionToken } = await nOrder(f);
    const j = ok(
      await f.N.send('getMerchantPaymentMethods', {
        sessionToken,
        clientRequestId: requestId('N', f.seq()),
        currencyCode: 'EUR',
        countryCode: 'DE',
        languageCode: 'en',
      }),
    );
    expect(j.paymentMethods).toEqual(expect.any(Array));
    ok(await f.P.send('getMerchantPaymentMethods', { sessionToken, clientRequestId: requestId('P', f.seq()) }));
  });

  it('F-2.10.2 getCardDetails: no checksum, answers status', async () => {
    const { sessionToken } = await nOrder(f);
    ok(await f.P.send('getCardDetails', { sessionToken, cardNumber: '4761344136141390' }));
    ok(
      await f.N.send('getCardDetails', {
        sessionToken,
        clientRequestId: requestId('N', f.seq()),
        cardNumber: '4761344136141390',
      }),
    );
  });

  it('F-2.10.3 getDccDetails: no checksum, answers status', async () => {
    const { sessionToken } = await nOrder(f);
    ok(
      await f.P.send('getDccDetails', {
        sessionToken,
        ...ids(),
        originalAmount: '10.00',
        originalCurrency: 'EUR',
        currency: 'GBP',
      }),
    );
  });

  it('F-2.10.4 getMcpRates: no checksum, answers status', async () => {
    const { sessionToken } = await nOrder(f);
    ok(await f.P.send('getMcpRates', { sessionToken, fromCurrency: 'EUR' }));
  });

  it('F-2.10.5 getPayoutStatus: S, answers status', async () => {
    const c = await f.fx.card();
    const clientRequestId = requestId('P', f.seq());
    const payout = ok(
      await f.P.send('payout', {
        userTokenId: c.userTokenId,
        clientRequestId,
        clientUniqueId: 'po-status',
        amount: '7.50',
        currency: 'EUR',
        userPaymentOption: { userPaymentOptionId: c.upo },
      }),
    );
    const j = ok(await f.P.send('getPayoutStatus', { clientRequestId: payout.clientRequestId }));
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.10.6 getDocumentUrl: no checksum, answers status', async () => {
    const { sessionToken } = await nOrder(f);
    for (const documentType of ['TermsAndConditions', 'PrivacyPolicy', 'FAQ']) {
      ok(
        await f.P.send('getDocumentUrl', {
          sessionToken,
          ...ids(),
          paymentOption: APM('apmgw_RedirectPay'),
          documentType,
        }),
        documentType,
      );
    }
  });
});
