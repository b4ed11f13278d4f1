import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A_BILLING,
  aCard,
  aPay,
  aReads,
  aSession,
  CHALLENGE_CARD,
  type Client,
  type Facts,
  FRICTIONLESS_CARD,
  nOrder,
  ok,
  pOrder,
  pPaymentFields,
  requestId,
  startFacts,
  VISA_DEBIT,
} from '../clients.js';

/** docs/gateway-facts.md, "Payments and 3-D Secure". */

/** a 3-D Secure 2 CAVV (20 bytes, base64) */
const CAVV = Buffer.alloc(20, 7).toString('base64');
const AMOUNT_DETAILS = { totalShipping: '0', totalHandling: '0', totalDiscount: '0', totalTax: '0' };
const ITEMS = [{ name: 'Book', type: 'Physical', price: '10.00', quantity: '1' }];
const DEVICE = { deviceType: 'DESKTOP', ipAddress: '203.0.113.7' };
const BILLING = { firstName: 'John', lastName: 'Smith', email: 'john@example.com', country: 'US', zip: '10001' };

describe('gateway facts: payment methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const tx = (who: 'P' | 'A' | 'N', amount = '10.00') => {
    const n = f.seq();
    return { clientRequestId: requestId(who, n), clientUniqueId: `${who}-pay-${n}`, amount, currency: 'EUR' };
  };

  /**
   * initPayment then the 3-D Secure payment by `c` with `threeD` members beside the defaults; answers
   * both (the card frictionless unless given).
   */
  const threeDPay = async (
    c: Client,
    threeD: Record<string, unknown>,
    number = FRICTIONLESS_CARD,
    holder = 'FL-BRW2',
  ) => {
    const sessionToken = c.who === 'A' ? await aSession(f) : (await pOrder(f)).sessionToken;
    const card = aCard(number, { cardHolderName: holder });
    const money = tx(c.who);
    const init = ok(await c.send('initPayment', { ...money, sessionToken, paymentOption: { card } }), 'initPayment');
    const base = {
      methodCompletionInd: c.who === 'A' ? 'U' : 'Y',
      version: init.paymentOption.card.threeD.version,
      notificationURL: 'https://merchant.example/3ds',
      merchantURL: 'https://merchant.example',
      platformType: '02',
    };
    const pay = ok(
      await c.send('payment', {
        ...money,
        transactionType: 'Auth',
        sessionToken,
        relatedTransactionId: init.transactionId,
        paymentOption: { card: { ...card, threeD: { ...base, ...threeD } } },
        billingAddress: BILLING,
        deviceDetails: DEVICE,
      }),
      'payment',
    );
    return { init, pay };
  };

  it('F-2.2.1 payment: A, answers the transaction', async () => {
    const { sessionToken, orderId } = await pOrder(f);
    const fields = pPaymentFields(f, sessionToken);
    const j = ok(await f.P.send('payment', fields));
    expect(j).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      orderId,
      clientUniqueId: fields.clientUniqueId,
      sessionToken,
    });
    expect(j.transactionId).toMatch(/^\d+$/);
    expect(j.paymentOption).toHaveProperty('userPaymentOptionId');
    expect(j.reason).toBe('');
    const n = await nOrder(f);
    expect(
      ok(
        await f.N.send('payment', {
          sessionToken: n.sessionToken,
          ...tx('N'),
          paymentOption: { card: aCard(VISA_DEBIT) },
          billingAddress: BILLING,
        }),
      ).transactionStatus,
    ).toBe('APPROVED');
  });

  it('F-2.2.2 initPayment: A, answers an InitAuth3D transactionId', async () => {
    const { sessionToken } = await pOrder(f);
    const p = ok(
      await f.P.send('initPayment', { sessionToken, ...tx('P'), paymentOption: { card: aCard(FRICTIONLESS_CARD) } }),
    );
    expect(p).toMatchObject({ transactionType: 'InitAuth3D', sessionToken });
    expect(p.transactionId).toMatch(/^\d+$/);
    // A sends the same body as its payment call
    const token = await aSession(f);
    const a = ok(
      await f.A.send('initPayment', {
        transactionType: 'Auth',
        savePM: 'false',
        ...tx('A'),
        paymentOption: { card: aCard(FRICTIONLESS_CARD) },
        billingAddress: A_BILLING,
        deviceDetails: { ipAddress: '203.0.113.7' },
        sessionToken: token,
      }),
    );
    expect(a.transactionType).toBe('InitAuth3D');
  });

  it('F-2.2.3 paymentCC: A, answers orderId, transactionId, authCode and the processed amount', async () => {
    const { sessionToken, orderId } = await pOrder(f);
    const j = ok(
      await f.P.send('paymentCC', {
        sessionToken,
        orderId,
        transactionType: 'Sale',
        isRebilling: '0',
        ...tx('P'),
        amountDetails: AMOUNT_DETAILS,
        items: ITEMS,
        isPartialApproval: '0',
        userTokenId: `cc-user-${f.seq()}`,
        urlDetails: { notificationUrl: 'https://merchant.example/dmn' },
        cardData: aCard(VISA_DEBIT),
      }),
    );
    expect(j.orderId).toBe(orderId);
    expect(j.transactionId).toMatch(/^\d+$/);
    expect(j.authCode).toEqual(expect.any(String));
    expect(j.partialApprovalDetails.amountInfo.processedAmount).toBe('10.00');
  });

  it('F-2.2.4 paymentAPM: A, answers status', async () => {
    const { sessionToken } = await pOrder(f);
    const j = ok(
      await f.P.send('paymentAPM', {
        sessionToken,
        ...tx('P'),
        paymentMethod: 'apmgw_expresscheckout',
        urlDetails: {
          successUrl: 'https://m.example/ok',
          failureUrl: 'https://m.example/ko',
          pendingUrl: 'https://m.example/wait',
          notificationUrl: 'https://m.example/dmn',
        },
        userAccountDetails: { email: 'ada@example.com' },
      }),
    );
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.2.5 payment3D: A, answers status and orderId', async () => {
    const { sessionToken, orderId } = await pOrder(f);
    const j = ok(
      await f.P.send('payment3D', {
        sessionToken,
        orderId,
        transactionType: 'Auth',
        isPartialApproval: '0',
        ...tx('P'),
        amountDetails: AMOUNT_DETAILS,
        items: ITEMS,
        billingAddress: BILLING,
        paymentMethod: 'cc_card',
        deviceDetails: DEVICE,
        paResponse: '',
        cardData: aCard(FRICTIONLESS_CARD),
      }),
    );
    expect(j.orderId).toBe(orderId);
  });

  it('F-2.2.6 dynamic3D: A, answers status, orderId and paRequest', async () => {
    for (const method of ['dynamic3D', 'authorization3D']) {
      const init = await f.fx.initAuth3D(CHALLENGE_CARD);
      const who = method === 'dynamic3D' ? f.P : f.N;
      const j = ok(
        await who.send(method, {
          ...init,
          clientUniqueId: `d3d-${f.seq()}`,
          isDynamic3D: '1',
          amountDetails: AMOUNT_DETAILS,
          items: ITEMS,
          deviceDetails: DEVICE,
          billingAddress: BILLING,
          isRebilling: '0',
          cardData: aCard(CHALLENGE_CARD, { cardHolderName: 'CL-BRW2' }),
        }),
        method,
      );
      expect(j.orderId, method).toMatch(/^\d+$/);
      expect(j.paRequest, method).toEqual(expect.any(String));
    }
    // dynamic3DMode OFF pays without the step
    const init = await f.fx.initAuth3D();
    const off = ok(
      await f.P.send('dynamic3D', {
        ...init,
        clientUniqueId: 'd3d-off',
        isDynamic3D: '1',
        dynamic3DMode: 'OFF',
        deviceDetails: DEVICE,
        billingAddress: BILLING,
        cardData: aCard(FRICTIONLESS_CARD),
      }),
    );
    expect(off.transactionStatus).toBe('APPROVED');
  });

  it('F-2.2.7 authorize3d: A, answers status, transactionId and sessionToken', async () => {
    const init = await f.fx.initAuth3D();
    const j = ok(
      await f.P.send('authorize3d', {
        ...init,
        paymentOption: {
          card: {
            ...aCard(FRICTIONLESS_CARD),
            threeD: { methodCompletionInd: 'Y', platformType: '02', notificationURL: 'https://merchant.example/3ds' },
          },
        },
        deviceDetails: DEVICE,
        billingAddress: BILLING,
      }),
    );
    expect(j.transactionId).toMatch(/^\d+$/);
    expect(j.sessionToken).toBe(init.sessionToken);
  });

  it('F-2.2.8 verify3d: no checksum, answers status', async () => {
    const init = await f.fx.initAuth3D(CHALLENGE_CARD);
    const card = aCard(CHALLENGE_CARD, { cardHolderName: 'CL-BRW2' });
    const a = ok(
      await f.P.send('authorize3d', {
        ...init,
        paymentOption: { card: { ...card, threeD: { notificationURL: 'https://merchant.example/3ds' } } },
        deviceDetails: DEVICE,
        billingAddress: BILLING,
      }),
    );
    const acs = await fetch(a.paymentOption.card.threeD.acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete&code=123456',
    });
    expect(acs.status).toBe(200);
    // N adds clientRequestId and timeStamp, no checksum
    const j = ok(
      await f.N.send(
        'verify3d',
        {
          sessionToken: init.sessionToken,
          clientRequestId: requestId('N', f.seq()),
          timeStamp: '20260722192128',
          currency: 'EUR',
          amount: '10.00',
          relatedTransactionId: a.transactionId,
          paymentOption: { card },
          billingAddress: BILLING,
        },
        { raw: true },
      ),
    );
    expect(j.status).toBe('SUCCESS');
  });

  it('F-2.2.9 cardTokenization: sessionToken and cardData only, answers ccTempToken', async () => {
    const { sessionToken } = await pOrder(f);
    const body = f.P.body('cardTokenization', { sessionToken, cardData: aCard(VISA_DEBIT) });
    expect(body).not.toHaveProperty('merchantId');
    expect(body).not.toHaveProperty('timeStamp');
    expect(body).not.toHaveProperty('checksum');
    expect(ok(await f.P.send('cardTokenization', { sessionToken, cardData: aCard(VISA_DEBIT) })).ccTempToken).toEqual(
      expect.any(String),
    );
  });

  it("F-2.2.10 A's payment names transactionType and savePM as a string", async () => {
    for (const [transactionType, savePM] of [
      ['Auth', 'true'],
      ['Sale', 'false'],
    ]) {
      const j = await aPay(f, { transactionType, savePM, userTokenId: `a-save-${f.seq()}` });
      expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
      expect(j.transactionType).toBe(transactionType);
    }
  });

  it("F-2.2.11 A's payment carries clientRequestId, clientUniqueId, amount and currency", async () => {
    const j = await aPay(f, {
      clientRequestId: 'a-crid-11',
      clientUniqueId: 'a-cuid-11',
      amount: '12.34',
      currency: 'USD',
    });
    expect(j).toMatchObject({
      transactionStatus: 'APPROVED',
      clientRequestId: 'a-crid-11',
      clientUniqueId: 'a-cuid-11',
    });
  });

  it('F-2.2.12 A pays with card fields including last4Digits and selectedBrand', async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(VISA_DEBIT, { selectedBrand: 'visa' }) } });
    expect(aReads(j).ok, JSON.stringify(j)).toBe(true);
  });

  it('F-2.2.13 A pays ACH with apmgw_ACH account fields', async () => {
    // ACH is a US bank transfer: dollars only
    const j = await aPay(f, {
      currency: 'USD',
      userTokenId: `ach-${f.seq()}`,
      paymentOption: {
        alternativePaymentMethod: {
          paymentMethod: 'apmgw_ACH',
          AccountNumber: '000123456789',
          RoutingNumber: '011000015',
          SECCode: 'WEB',
        },
      },
    });
    expect(aReads(j).ok, JSON.stringify(j)).toBe(true);
  });

  it('F-2.2.14 A pays with a userPaymentOptionId', async () => {
    const c = await f.fx.card();
    const j = await aPay(f, { userTokenId: c.userTokenId, paymentOption: { userPaymentOptionId: c.upo } });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-2.2.15 A pays with a network token in card.externalToken', async () => {
    for (const externalTokenProvider of ['ApplePay', 'GooglePay']) {
      const card = {
        cardNumber: VISA_DEBIT,
        expirationMonth: '12',
        expirationYear: '2030',
        brand: 'VISA',
        externalToken: { externalTokenProvider, cryptogram: CAVV, eciProvider: '05' },
      };
      const j = await aPay(f, { paymentOption: { card } });
      expect(j.transactionStatus, `${externalTokenProvider} ${JSON.stringify(j)}`).toBe('APPROVED');
    }
  });

  it('F-2.2.16 A marks stored credentials with storedCredentialsMode', async () => {
    const first = await aPay(f, {
      paymentOption: { card: aCard(VISA_DEBIT, { storedCredentials: { storedCredentialsMode: '0' } }) },
    });
    expect(first.transactionStatus, JSON.stringify(first)).toBe('APPROVED');
    const later = await aPay(f, {
      relatedTransactionId: first.transactionId,
      paymentOption: { card: aCard(VISA_DEBIT, { storedCredentials: { storedCredentialsMode: '1' } }) },
    });
    expect(later.transactionStatus, JSON.stringify(later)).toBe('APPROVED');
  });

  it('F-2.2.17 A passes external 3-D Secure data in card.threeD.externalMpi', async () => {
    const externalMpi = {
      eci: '05',
      cavv: CAVV,
      dsTransID: 'c4e59ceb-a382-4d6a-bc87-385d591fa09d',
      challengePreference: '01',
      exemptionRequestReason: '',
    };
    const j = await aPay(f, {
      transactionType: 'Auth',
      paymentOption: { card: aCard(VISA_DEBIT, { threeD: { externalMpi } }) },
    });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-2.2.18 A sends billingAddress, deviceDetails and userTokenId', async () => {
    const j = await aPay(f, {
      billingAddress: A_BILLING,
      deviceDetails: { ipAddress: '203.0.113.7' },
      userTokenId: `a-user-${f.seq()}`,
    });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-2.2.19 A sends isPartialApproval as a number and isRebilling as a string', async () => {
    for (const [isPartialApproval, isRebilling] of [
      [1, '0'],
      [0, '0'],
    ] as const) {
      const j = await aPay(f, { transactionType: 'Auth', isPartialApproval, isRebilling });
      expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
    }
  });

  it('F-2.2.20 A names an authenticationOnlyType', async () => {
    for (const authenticationOnlyType of [
      'ADDCARD',
      'RECURRING',
      'INSTALLMENTS',
      'ACCOUNTVERIFICATION',
      'MAINTAINCARD',
    ]) {
      const j = await aPay(f, {
        transactionType: 'Auth',
        amount: '0.00',
        authenticationOnlyType,
        userTokenId: `a-aot-${f.seq()}`,
      });
      expect(j.transactionStatus, `${authenticationOnlyType} ${JSON.stringify(j)}`).toBe('APPROVED');
    }
  });

  it('F-2.2.21 A repeats a payment with relatedTransactionId', async () => {
    const first = await aPay(f, {
      paymentOption: { card: aCard(VISA_DEBIT, { storedCredentials: { storedCredentialsMode: '0' } }) },
    });
    const repeat = await aPay(f, {
      relatedTransactionId: first.transactionId,
      isRebilling: '1',
      authenticationOnlyType: 'RECURRING',
      paymentOption: { card: aCard(VISA_DEBIT, { storedCredentials: { storedCredentialsMode: '1' } }) },
    });
    expect(repeat.transactionStatus, JSON.stringify(repeat)).toBe('APPROVED');
  });

  it('F-2.2.22 A sends recipientDetails and userDetails for account funding', async () => {
    const j = await aPay(f, {
      recipientDetails: { firstName: 'Jane', lastName: 'Roe' },
      userDetails: {
        firstName: 'John',
        lastName: 'Smith',
        dateOfBirth: '1980-01-31',
        country: 'US',
        email: 'john@example.com',
      },
    });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-2.2.23 A asks for cardHolderNameVerification', async () => {
    const j = await aPay(f, { cardHolderNameVerification: { performNameVerification: 'true' } });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-2.2.24 A sends the sessionToken in the payment body', async () => {
    const token = await aSession(f);
    f.A.bearer = undefined;
    const j = await aPay(f, {}, token);
    expect(j).toMatchObject({ transactionStatus: 'APPROVED', sessionToken: token });
  });

  it('F-2.2.25 threeD top level: methodCompletionInd, version, notificationURL, merchantURL, platformType', async () => {
    for (const c of [f.A, f.P]) {
      const { pay } = await threeDPay(c, {});
      expect(pay.transactionStatus, `${c.who} ${JSON.stringify(pay)}`).toBe('APPROVED');
    }
  });

  it('F-2.2.26 threeD.v2AdditionalParams are accepted', async () => {
    const v2AdditionalParams = {
      challengePreference: '01',
      challengeWindowSize: '05',
      deliveryEmail: 'john@example.com',
      deliveryTimeFrame: '01',
      giftCardAmount: '10',
      giftCardCount: '1',
      giftCardCurrency: 'EUR',
      preOrderDate: '20261201',
      preOrderPurchaseInd: '01',
      reorderItemsInd: '01',
      shipIndicator: '01',
      rebillExpiry: '20271231',
      rebillFrequency: '30',
    };
    const { pay } = await threeDPay(f.A, { v2AdditionalParams });
    expect(pay.transactionStatus, JSON.stringify(pay)).toBe('APPROVED');
  });

  it('F-2.2.27 threeD.browserDetails are accepted', async () => {
    const browserDetails = {
      acceptHeader: 'text/html',
      ip: '203.0.113.7',
      javaEnabled: 'TRUE',
      javaScriptEnabled: 'TRUE',
      language: 'en-US',
      colorDepth: '24',
      screenHeight: '900',
      screenWidth: '1440',
      timeZone: '-60',
      userAgent: 'Mozilla/5.0',
    };
    const { pay } = await threeDPay(f.P, { browserDetails });
    expect(pay.transactionStatus, JSON.stringify(pay)).toBe('APPROVED');
  });

  it('F-2.2.28 threeD.account and threeD.acquirer are accepted', async () => {
    const { pay } = await threeDPay(f.A, {
      account: { age: '01', lastChangeDate: '20240101' },
      acquirer: { bin: '476134', merchantId: 'M-1', merchantName: 'Books' },
    });
    expect(pay.transactionStatus, JSON.stringify(pay)).toBe('APPROVED');
  });

  it('F-2.2.29 initPayment answers the 3-D Secure method data', async () => {
    const { init } = await threeDPay(f.P, {});
    const threeD = init.paymentOption.card.threeD;
    for (const k of [
      'methodUrl',
      'version',
      'v2supported',
      'methodPayload',
      'directoryServerId',
      'directoryServerPublicKey',
      'serverTransId',
    ])
      expect(threeD, k).toHaveProperty(k);
    expect(threeD.v2supported).toBe('true');
    expect(threeD.version).toMatch(/^2\.\d\.\d$/);
  });

  it('F-2.2.30 initPayment of a non-enrolled card answers v2supported false and empty fields', async () => {
    const { sessionToken } = await pOrder(f);
    const j = ok(
      await f.P.send('initPayment', { sessionToken, ...tx('P'), paymentOption: { card: aCard(VISA_DEBIT) } }),
    );
    const threeD = j.paymentOption.card.threeD;
    expect(threeD.v2supported).toBe('false');
    for (const k of ['methodUrl', 'methodPayload', 'serverTransId']) expect(threeD[k], k).toBe('');
  });

  it('F-2.2.31 The 3-D payment answers an Auth3D with card.threeD results', async () => {
    // the Auth3D is the challenge step (REDIRECT); a frictionless 3-D payment is the Auth itself, with the same members
    const { pay } = await threeDPay(f.A, {}, CHALLENGE_CARD, 'CL-BRW2');
    expect(pay.transactionType).toBe('Auth3D');
    expect(pay.transactionStatus).toBe('REDIRECT');
    const { pay: frictionless } = await threeDPay(f.A, {});
    expect(frictionless.transactionType).toBe('Auth');
    expect(frictionless.paymentOption.card.threeD).toMatchObject({ threeDFlow: '0', eci: '05' });
    const threeD = pay.paymentOption.card.threeD;
    for (const k of [
      'threeDFlow',
      'eci',
      'version',
      'whiteListStatus',
      'cavv',
      'acsChallengeMandated',
      'cReq',
      'authenticationType',
      'cardHolderInfoText',
      'sdk',
      'xid',
      'result',
      'acsTransID',
      'dsTransID',
      'threeDReasonId',
      'isExemptionRequestInAuthentication',
      'challengePreferenceReason',
      'flow',
      'acquirerDecision',
      'decisionReason',
    ]) {
      expect(threeD, k).toHaveProperty(k);
    }
    expect(threeD.sdk).toHaveProperty('acsSignedContent');
  });
});
