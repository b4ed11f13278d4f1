import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpResult } from '../../harness.js';
import {
  aCard,
  aPay,
  aReads,
  aSession,
  CHALLENGE_CARD,
  DECLINING,
  type Facts,
  FRICTIONLESS_CARD,
  nOrder,
  nReads,
  ok,
  pReads,
  requestId,
  startFacts,
} from '../clients.js';

/** docs/gateway-facts.md, "The answer envelope and how clients read it". */

describe('gateway facts: answer envelope', () => {
  let f: Facts;
  /** A's approved Sale, its declined one, an ERROR envelope (bad checksum), and a 3-D Secure Auth3D */
  let sale: any;
  let declined: any;
  let error: HttpResult;
  let auth3d: any;
  let challenge: any;
  const sent = { clientRequestId: '', clientUniqueId: '' };

  beforeAll(async () => {
    f = await startFacts();
    sent.clientRequestId = requestId('A', 1);
    sent.clientUniqueId = 'envelope-order-1';
    sale = await aPay(f, {
      clientRequestId: sent.clientRequestId,
      clientUniqueId: sent.clientUniqueId,
      customData: 'basket-42',
    });
    declined = await aPay(f, { paymentOption: { card: aCard(DECLINING) } });
    error = await f.A.send('getSessionToken', { clientRequestId: 'bad' }, { raw: true });
    const threeD = async (number: string, holder: string) => {
      const sessionToken = await aSession(f);
      const card = aCard(number, { cardHolderName: holder });
      const tx = {
        clientRequestId: requestId('A', f.seq()),
        clientUniqueId: `env-3d-${f.seq()}`,
        amount: '1.51',
        currency: 'EUR',
      };
      const init = ok(await f.A.send('initPayment', { ...tx, sessionToken, paymentOption: { card } }));
      const threeDFields = {
        methodCompletionInd: 'U',
        version: init.paymentOption.card.threeD.version,
        notificationURL: 'https://merchant.example/3ds',
        platformType: '02',
        browserDetails: {
          acceptHeader: 'text/html',
          ip: '203.0.113.7',
          javaEnabled: false,
          language: 'en',
          colorDepth: 24,
          screenHeight: 800,
          screenWidth: 1280,
          timeZone: 0,
          userAgent: 'Mozilla/5.0',
        },
      };
      return ok(
        await f.A.send('payment', {
          ...tx,
          transactionType: 'Auth',
          sessionToken,
          relatedTransactionId: init.transactionId,
          paymentOption: { card: { ...card, threeD: threeDFields } },
          billingAddress: { country: 'US', zip: '10001' },
        }),
      );
    };
    auth3d = await threeD(FRICTIONLESS_CARD, 'FL-BRW2');
    challenge = await threeD(CHALLENGE_CARD, 'CL-BRW2');
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const card = () => sale.paymentOption.card;

  it('F-1.4.1 Every answer is JSON with HTTP 200 and errors inside the body', async () => {
    expect(error.status).toBe(200);
    expect(error.json.status).toBe('ERROR');
    const wrongStep = await aPay(f, {
      relatedTransactionId: sale.transactionId,
      paymentOption: {
        card: { ...aCard(FRICTIONLESS_CARD), threeD: { methodCompletionInd: 'U', platformType: '02' } },
      },
    });
    expect(wrongStep).toMatchObject({ status: 'SUCCESS', transactionStatus: 'ERROR' });
    expect(declined.transactionStatus).toBe('DECLINED');
  });

  it('F-1.4.2 internalRequestId is a number', () => {
    expect(typeof sale.internalRequestId).toBe('number');
    expect(typeof error.json.internalRequestId).toBe('number');
  });

  it('F-1.4.3 status is SUCCESS or ERROR', () => {
    expect(sale.status).toBe('SUCCESS');
    expect(declined.status).toBe('SUCCESS');
    expect(error.json.status).toBe('ERROR');
  });

  it('F-1.4.4 errCode is a number, 0 on success', () => {
    expect(sale.errCode).toBe(0);
    expect(typeof error.json.errCode).toBe('number');
    expect(error.json.errCode).not.toBe(0);
  });

  it('F-1.4.5 reason is empty on success', () => {
    expect(sale.reason).toBe('');
    expect(error.json.reason).not.toBe('');
  });

  it('F-1.4.6 merchantId and merchantSiteId come back', () => {
    expect(String(sale.merchantId)).toBe(f.gw.demo.merchantId);
    expect(String(sale.merchantSiteId)).toBe(f.gw.demo.merchantSiteId);
  });

  it('F-1.4.7 version is 1.0', () => {
    expect(sale.version).toBe('1.0');
    expect(error.json.version).toBe('1.0');
  });

  it('F-1.4.8 clientRequestId is echoed', () => {
    expect(sale.clientRequestId).toBe(sent.clientRequestId);
  });

  it('F-1.4.9 sessionToken comes back', () => {
    expect(sale.sessionToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('F-1.4.10 clientUniqueId is echoed where one was sent', async () => {
    expect(sale.clientUniqueId).toBe(sent.clientUniqueId);
    const o = ok(
      await f.N.send('openOrder', {
        clientRequestId: requestId('N', f.seq()),
        clientUniqueId: 'n-echo',
        currency: 'EUR',
        amount: '1.00',
      }),
    );
    expect(o.clientUniqueId).toBe('n-echo');
  });

  it('F-1.4.11 Answers are application/json', async () => {
    const r = await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(error.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.fails('F-1.4.12 A JSESSIONID cookie and Access-Control-Allow-Methods', async () => {
    // not honoured (docs/decisions/0150): no client reads them, and Gatehouse keeps no servlet session
    const r = await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) });
    expect(r.headers.get('set-cookie')).toMatch(/^JSESSIONID=.*Path=\/ppp/);
    expect(r.headers.get('access-control-allow-methods')).toBe('GET, POST');
  });

  it('F-1.4.13 orderId is a numeric string', () => {
    expect(sale.orderId).toEqual(expect.stringMatching(/^\d+$/));
  });

  it.fails('F-1.4.14 transactionId is a 19-digit numeric string', () => {
    // not honoured (docs/decisions/0150): ids are the store's integer keys, 16 digits within JavaScript's exact integers
    expect(sale.transactionId).toEqual(expect.stringMatching(/^\d{19}$/));
    expect(auth3d.transactionId).toEqual(expect.stringMatching(/^\d{19}$/));
  });

  it('F-1.4.15 transactionType names the transaction', async () => {
    expect(sale.transactionType).toBe('Sale');
    expect((await aPay(f, { transactionType: 'Auth' })).transactionType).toBe('Auth');
    // the challenge step is the Auth3D; a frictionless 3-D payment answers the Auth itself
    expect(challenge.transactionType).toBe('Auth3D');
    expect(auth3d.transactionType).toBe('Auth');
    const o = await nOrder(f);
    const init = ok(
      await f.N.send('initPayment', {
        sessionToken: o.sessionToken,
        clientRequestId: requestId('N', f.seq()),
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { card: aCard(FRICTIONLESS_CARD) },
      }),
    );
    expect(init.transactionType).toBe('InitAuth3D');
  });

  it('F-1.4.16 transactionStatus is APPROVED, DECLINED, ERROR, REDIRECT or PENDING', () => {
    expect(sale.transactionStatus).toBe('APPROVED');
    expect(declined.transactionStatus).toBe('DECLINED');
    expect(challenge.transactionStatus).toBe('REDIRECT');
  });

  it('F-1.4.17 gwErrorCode and gwExtendedErrorCode are numbers, 0 when approved', () => {
    expect(sale).toMatchObject({ gwErrorCode: 0, gwExtendedErrorCode: 0 });
    expect(typeof declined.gwErrorCode).toBe('number');
    expect(typeof declined.gwExtendedErrorCode).toBe('number');
  });

  it('F-1.4.18 An approval carries no gwErrorReason', () => {
    expect(sale).not.toHaveProperty('gwErrorReason');
    expect(aReads(sale).message).toBe('APPROVED');
    expect(declined.gwErrorReason).toEqual(expect.any(String));
  });

  it('F-1.4.19 issuerDeclineCode and issuerDeclineReason come back', () => {
    expect(declined).toHaveProperty('issuerDeclineCode');
    expect(declined).toHaveProperty('issuerDeclineReason');
  });

  it('F-1.4.20 authCode comes back', () => {
    expect(sale.authCode).toEqual(expect.any(String));
    expect(sale.authCode).not.toBe('');
  });

  it('F-1.4.21 externalTransactionId and externalSchemeTransactionId come back', () => {
    expect(sale).toHaveProperty('externalTransactionId');
    expect(sale).toHaveProperty('externalSchemeTransactionId');
  });

  it('F-1.4.22 merchantAdviceCode comes back', () => {
    expect(declined).toHaveProperty('merchantAdviceCode');
  });

  it('F-1.4.23 customData comes back', () => {
    expect(sale.customData).toBe('basket-42');
  });

  it('F-1.4.24 fraudDetails is Accept with score 0', () => {
    expect(sale.fraudDetails).toEqual({ finalDecision: 'Accept', score: '0' });
  });

  it('F-1.4.25 paymentOption.userPaymentOptionId is always there, possibly empty', () => {
    expect(sale.paymentOption).toHaveProperty('userPaymentOptionId');
    expect(typeof sale.paymentOption.userPaymentOptionId).toBe('string');
    expect(declined.paymentOption).toHaveProperty('userPaymentOptionId');
  });

  it('F-1.4.26 paymentOption.paymentAccountReference comes back', () => {
    expect(sale.paymentOption).toHaveProperty('paymentAccountReference');
  });

  it('F-1.4.27 card.ccCardNumber is masked', () => {
    expect(card().ccCardNumber).toBe('4****1390');
  });

  it('F-1.4.28 card.bin and card.last4Digits come back', () => {
    expect(card()).toMatchObject({ bin: '476134', last4Digits: '1390' });
  });

  it('F-1.4.29 card.ccExpMonth and a 2-digit card.ccExpYear come back', () => {
    expect(card()).toMatchObject({ ccExpMonth: '12', ccExpYear: '30' });
  });

  it('F-1.4.30 card.acquirerId, cvv2Reply and avsCode come back', () => {
    expect(card()).toHaveProperty('acquirerId');
    expect(card()).toHaveProperty('cvv2Reply');
    expect(card()).toHaveProperty('avsCode');
  });

  it('F-1.4.31 card.cardType, cardBrand and processedBrand come back', () => {
    expect(card().cardType).toBe('Debit');
    expect(card().cardBrand).toMatch(/visa/i);
    expect(card().processedBrand).toMatch(/visa/i);
  });

  it('F-1.4.32 card.issuerBankName and issuerCountry come back', () => {
    expect(card()).toHaveProperty('issuerBankName');
    expect(card().issuerCountry).toMatch(/^sg$/i);
  });

  it('F-1.4.33 card.isPrepaid is the string false', () => {
    expect(card().isPrepaid).toBe('false');
  });

  it('F-1.4.34 card.threeD is empty when no 3-D Secure ran', () => {
    expect(card().threeD).toEqual({});
  });

  it('F-1.4.35 P fails on a non-zero errCode or gwErrorCode', () => {
    expect(pReads(sale)).toEqual({ ok: true });
    expect(pReads(declined)).toEqual({ ok: false, message: declined.gwErrorReason });
    expect(pReads(error.json)).toEqual({ ok: false, message: error.json.reason });
  });

  it('F-1.4.36 N succeeds only on HTTP 200 with errCode exactly 0', () => {
    expect(nReads(error)).toBe(false);
    expect(error.json.errCode).toEqual(expect.any(Number));
    expect(sale.errCode).toBe(0);
  });

  it('F-1.4.37 A succeeds on SUCCESS with APPROVED, REDIRECT or PENDING', () => {
    expect(aReads(sale).ok).toBe(true);
    expect(aReads(challenge).ok).toBe(true);
    expect(aReads(declined).ok).toBe(false);
    expect(aReads(error.json).ok).toBe(false);
  });

  it('F-1.4.38 A takes gwErrorCode as the code when errCode is 0', () => {
    expect(declined.errCode).toBe(0);
    expect(aReads(declined).code).toBe(declined.gwErrorCode);
    expect(aReads(declined).code).not.toBe(0);
    expect(aReads(error.json).code).toBe(error.json.errCode);
  });

  it("F-1.4.39 A's message is gwErrorReason, else a non-empty reason, else transactionStatus", () => {
    expect(aReads(declined).message).toBe(declined.gwErrorReason);
    expect(aReads(error.json).message).toBe(error.json.reason);
    expect(aReads(sale).message).toBe('APPROVED');
  });

  it('F-1.4.40 A reads an expired session from the answer', async () => {
    const token = await aSession(f);
    f.clock.advance(15 * 60 * 1000 + 1000);
    const r = await f.A.send('payment', {
      transactionType: 'Sale',
      clientRequestId: requestId('A', f.seq()),
      clientUniqueId: 'late',
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: aCard('4761344136141390') },
      sessionToken: token,
    });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('ERROR');
    expect(aReads(r.json).ok).toBe(false);
    expect(pReads(r.json).ok).toBe(false);
    expect(nReads(r)).toBe(false);
  });

  it('F-1.4.41 A session token stays valid for 15 minutes', async () => {
    const token = await aSession(f);
    f.clock.advance(14 * 60 * 1000);
    expect((await aPay(f, { transactionType: 'Auth' }, token)).transactionStatus).toBe('APPROVED');
  });
});
