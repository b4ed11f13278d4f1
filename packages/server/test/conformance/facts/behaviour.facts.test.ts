import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A_TX,
  AMEX,
  aCard,
  aPay,
  aReads,
  aSession,
  CHALLENGE_CARD,
  type Client,
  DECLINING,
  type Facts,
  FRICTIONLESS_CARD,
  nOrder,
  ok,
  pOrder,
  refused,
  requestId,
  startFacts,
  VISA_CREDIT,
  VISA_DEBIT,
} from '../clients.js';

/** docs/gateway-facts.md, "Behaviour": what the real gateway does, as its public clients show it. */

const CAVV = Buffer.alloc(20, 7).toString('base64');
const PERIOD = (day: string, month: string, year: string) => ({ day, month, year });

describe('gateway facts: behaviour', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const txRef = (who: 'P' | 'A' | 'N', relatedTransactionId: string, amount = '10.00') => {
    const n = f.seq();
    return {
      clientRequestId: requestId(who, n),
      clientUniqueId: `${who}-b-${n}`,
      amount,
      currency: 'EUR',
      relatedTransactionId,
    };
  };
  /** initPayment of `number` (holder, amount) by `c`, then the 3-D Secure payment on it */
  const threeD = async (c: Client, number: string, holder: string, amount = '10.00') => {
    const sessionToken = c.who === 'A' ? await aSession(f) : (await pOrder(f, { amount })).sessionToken;
    const card = aCard(number, { cardHolderName: holder });
    const n = f.seq();
    const money = { clientRequestId: requestId(c.who, n), clientUniqueId: `3d-${n}`, amount, currency: 'EUR' };
    const init = ok(await c.send('initPayment', { ...money, sessionToken, paymentOption: { card } }), 'initPayment');
    const threeDFields = {
      methodCompletionInd: 'Y',
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
        paymentOption: { card: { ...card, threeD: threeDFields } },
        billingAddress: { country: 'US', zip: '10001' },
      }),
      'payment',
    );
    return { init, pay };
  };
  /** a Pending withdrawal request submitted by P */
  const submit = async (
    refs?: { merchantWDRequestId: string; merchantUniqueId: string },
    c?: { userTokenId: string; upo: string },
  ) => {
    const card = c ?? (await f.fx.card());
    const n = f.seq();
    const fields = {
      userTokenId: card.userTokenId,
      userPMId: card.upo,
      amount: '5.00',
      currency: 'EUR',
      merchantWDRequestId: refs?.merchantWDRequestId ?? `mwd-${n}`,
      merchantUniqueId: refs?.merchantUniqueId ?? `mu-${n}`,
    };
    return { ...fields, r: ok(await f.P.send('submitRequest', fields), 'submitRequest') };
  };
  const place = async (s: Awaited<ReturnType<typeof submit>>, merchantWDRequestId = s.merchantWDRequestId) =>
    ok(
      await f.P.send('placeWithdrawalOrder', {
        wdRequestId: s.r.wdRequestId,
        merchantWDRequestId,
        userPMId: s.userPMId,
        amount: s.amount,
        currency: 'EUR',
        settlementType: 0,
      }),
      'placeWithdrawalOrder',
    );

  it('F-3.1 Visa debit 4761344136141390 is approved', async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(VISA_DEBIT) } });
    expect(j.transactionStatus).toBe('APPROVED');
    expect(j.paymentOption.card).toMatchObject({ bin: '476134', cardType: 'Debit', issuerCountry: 'SG' });
  });

  it('F-3.2 Cards 4000027891380961 and Amex 375510288656924 succeed', async () => {
    expect((await aPay(f, { paymentOption: { card: aCard(VISA_CREDIT) } })).transactionStatus).toBe('APPROVED');
    const userTokenId = await f.fx.user();
    const upo = ok(
      await f.P.send('addUPOCreditCard', {
        userTokenId,
        clientRequestId: 'amex',
        ccCardNumber: AMEX,
        ccExpMonth: '12',
        ccExpYear: '2030',
        ccNameOnCard: 'Ada Byron',
      }),
    ).userPaymentOptionId;
    const j = await aPay(f, { userTokenId, paymentOption: { userPaymentOptionId: upo } });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-3.3 Card 4000128449498204 declines a payment', async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(DECLINING) } });
    expect(j).toMatchObject({ status: 'SUCCESS', transactionStatus: 'DECLINED' });
  });

  it('F-3.4 The declining card fails an unreferenced refund and a payout with External Error in Processing', async () => {
    const userTokenId = await f.fx.user();
    const n = f.seq();
    const payout = ok(
      await f.A.send('payout', {
        userTokenId,
        clientRequestId: requestId('A', n),
        clientUniqueId: `po-${n}`,
        amount: '5.00',
        currency: 'EUR',
        cardData: aCard(DECLINING),
      }),
    );
    expect(payout).toMatchObject({ transactionStatus: 'DECLINED', gwErrorReason: 'External Error in Processing' });
    const { relatedTransactionId: _none, ...refund } = txRef('A', '', '5.00');
    const r = ok(
      await f.A.send(
        'refundTransaction',
        { ...refund, userTokenId, paymentOption: { card: aCard(DECLINING) } },
        { order: A_TX },
      ),
    );
    expect(r).toMatchObject({ transactionStatus: 'DECLINED', gwErrorReason: 'External Error in Processing' });
  });

  it('F-3.5 An empty CVV is an ERROR naming cardData.CVV', async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(VISA_DEBIT, { CVV: '' }) } });
    expect(j.status).toBe('ERROR');
    expect(j.reason).toContain('cardData.CVV is invalid');
    expect(aReads(j).ok).toBe(false);
  });

  it('F-3.6 cvvNotUsed longer than 5 characters is refused', async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(VISA_DEBIT, { cvvNotUsed: 'abcdef' }) } });
    expect(j.status).toBe('ERROR');
    expect(j.reason).toBe('cvvNotUsed size must be between 0 and 5');
  });

  it('F-3.7 Settle or void of an unknown relatedTransactionId is Invalid relatedTransactionId', async () => {
    for (const method of ['settleTransaction', 'voidTransaction']) {
      refused(await f.A.send(method, txRef('A', '123'), { order: A_TX }), /Invalid relatedTransactionId/);
    }
  });

  it('F-3.8 getSessionToken of a wrong site answers Invalid merchant site id without a token', async () => {
    const { client } = await import('../clients.js');
    const j = refused(
      await client(f.gw, 'A', { ...f.gw.demo, merchantSiteId: '99999' }).send('getSessionToken', {
        clientRequestId: requestId('A', f.seq()),
      }),
    );
    expect(j.reason).toContain('Invalid merchant site id');
    expect(j.sessionToken ?? '').toBe('');
  });

  it('F-3.9 An Auth of 0.00 is approved', async () => {
    const j = await aPay(f, { transactionType: 'Auth', amount: '0.00' });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it("F-3.10 A zero Auth with userTokenId answers the stored card's id", async () => {
    const userTokenId = `zero-${f.seq()}`;
    const j = await aPay(f, { transactionType: 'Auth', amount: '0.00', savePM: 'true', userTokenId });
    expect(j.transactionStatus).toBe('APPROVED');
    const upo = j.paymentOption.userPaymentOptionId;
    expect(upo).toBeTruthy();
    const again = await aPay(f, { userTokenId, paymentOption: { userPaymentOptionId: upo } });
    expect(again.transactionStatus, JSON.stringify(again)).toBe('APPROVED');
  });

  it('F-3.11 A payment with userTokenId answers a usable userPaymentOptionId', async () => {
    const userTokenId = `upo-${f.seq()}`;
    const j = await aPay(f, { savePM: 'true', userTokenId });
    const upo = j.paymentOption.userPaymentOptionId;
    expect(upo).toBeTruthy();
    const n = f.seq();
    const payout = ok(
      await f.A.send('payout', {
        userTokenId,
        clientRequestId: requestId('A', n),
        clientUniqueId: `po-${n}`,
        amount: '3.00',
        currency: 'EUR',
        userPaymentOption: { userPaymentOptionId: upo },
      }),
    );
    expect(payout.transactionStatus).toBe('APPROVED');
    const { relatedTransactionId: _none, ...refund } = txRef('A', '', '2.00');
    const r = ok(
      await f.A.send(
        'refundTransaction',
        { ...refund, userTokenId, paymentOption: { userPaymentOptionId: upo } },
        { order: A_TX },
      ),
    );
    expect(r.transactionStatus).toBe('APPROVED');
  });

  it('F-3.12 Partial approval of 0.55 answers requested and processed amounts', async () => {
    const j = await aPay(f, { transactionType: 'Auth', amount: '0.55', isPartialApproval: 1 });
    expect(j.transactionStatus).toBe('APPROVED');
    expect(j.partialApproval).toMatchObject({ requestedAmount: '0.55', processedAmount: '0.55' });
  });

  it('F-3.13 P voids a paymentCC Sale for its processed amount', async () => {
    const { sessionToken } = await pOrder(f);
    const n = f.seq();
    const sale = ok(
      await f.P.send('paymentCC', {
        sessionToken,
        transactionType: 'Sale',
        isRebilling: '0',
        clientRequestId: requestId('P', n),
        clientUniqueId: `cc-${n}`,
        amount: '10.00',
        currency: 'EUR',
        isPartialApproval: '1',
        cardData: aCard(VISA_DEBIT),
      }),
    );
    const processed = sale.partialApprovalDetails.amountInfo.processedAmount;
    const v = ok(
      await f.P.send('voidTransaction', { ...txRef('P', sale.transactionId, processed), authCode: sale.authCode }),
    );
    expect(v.transactionStatus).toBe('APPROVED');
  });

  it('F-3.14 An approved Auth can be settled for part of its amount', async () => {
    const auth = await aPay(f, { transactionType: 'Auth' });
    expect(
      ok(await f.A.send('settleTransaction', txRef('A', auth.transactionId, '5.00'), { order: A_TX }))
        .transactionStatus,
    ).toBe('APPROVED');
  });

  it('F-3.15 An approved Auth can be voided', async () => {
    const auth = await aPay(f, { transactionType: 'Auth' });
    expect(
      ok(await f.A.send('voidTransaction', txRef('A', auth.transactionId), { order: A_TX })).transactionStatus,
    ).toBe('APPROVED');
  });

  it('F-3.16 An approved Sale can be refunded in full', async () => {
    const sale = await aPay(f);
    expect(
      ok(await f.A.send('refundTransaction', txRef('A', sale.transactionId), { order: A_TX })).transactionStatus,
    ).toBe('APPROVED');
  });

  it('F-3.17 Settle and refund echo the clientUniqueId', async () => {
    const auth = await aPay(f, { transactionType: 'Auth' });
    const s = txRef('N', auth.transactionId);
    expect(ok(await f.N.send('settleTransaction', s)).clientUniqueId).toBe(s.clientUniqueId);
    const sale = await aPay(f);
    const r = txRef('N', sale.transactionId);
    expect(ok(await f.N.send('refundTransaction', r)).clientUniqueId).toBe(r.clientUniqueId);
  });

  it('F-3.18 An apmgw_ACH payment ends PENDING', async () => {
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
    expect(j.transactionStatus, JSON.stringify(j)).toBe('PENDING');
  });

  it('F-3.19 2221008123677736 with holder CL-BRW2 and amount 1.51 is challenged', async () => {
    const { pay } = await threeD(f.P, CHALLENGE_CARD, 'CL-BRW2', '1.51');
    expect(pay.transactionStatus).toBe('REDIRECT');
    expect(pay.paymentOption.card.threeD.acsUrl).toMatch(/^https?:\/\//);
  });

  it('F-3.20 4000020951595032 with holder FL-BRW2 is frictionless', async () => {
    const { pay } = await threeD(f.A, FRICTIONLESS_CARD, 'FL-BRW2', '150.00');
    expect(pay.transactionStatus).toBe('APPROVED');
  });

  it('F-3.21 The holder name CL-BRW or FL-BRW selects the flow of 4000027891380961', async () => {
    expect((await threeD(f.P, VISA_CREDIT, 'CL-BRW2', '1.51')).pay.transactionStatus).toBe('REDIRECT');
    expect((await threeD(f.P, VISA_CREDIT, 'FL-BRW1', '150.00')).pay.transactionStatus).toBe('APPROVED');
  });

  it('F-3.22 The non-enrolled card answers v2supported false and is then paid plainly', async () => {
    const { sessionToken } = await pOrder(f);
    const n = f.seq();
    const money = { clientRequestId: requestId('P', n), clientUniqueId: `ne-${n}`, amount: '10.00', currency: 'EUR' };
    const init = ok(
      await f.P.send('initPayment', { ...money, sessionToken, paymentOption: { card: aCard(VISA_DEBIT) } }),
    );
    expect(init.paymentOption.card.threeD.v2supported).toBe('false');
    const pay = ok(
      await f.P.send('payment', {
        ...money,
        sessionToken,
        paymentOption: { card: aCard(VISA_DEBIT) },
        billingAddress: { country: 'US' },
      }),
    );
    expect(pay.transactionStatus).toBe('APPROVED');
  });

  it('F-3.23 The 3-D payment carries the initPayment transactionId', async () => {
    const { init, pay } = await threeD(f.A, FRICTIONLESS_CARD, 'FL-BRW2');
    expect(init.transactionType).toBe('InitAuth3D');
    expect(pay.transactionStatus).toBe('APPROVED');
    expect(pay.transactionId).not.toBe(init.transactionId);
  });

  it('F-3.24 A 3-D payment on a wrong related transaction is a SUCCESS envelope with transactionStatus ERROR', async () => {
    const sale = await aPay(f);
    const j = await aPay(f, {
      transactionType: 'Auth',
      relatedTransactionId: sale.transactionId,
      paymentOption: {
        card: aCard(FRICTIONLESS_CARD, {
          threeD: { methodCompletionInd: 'U', platformType: '02', notificationURL: 'https://merchant.example/3ds' },
        }),
      },
    });
    expect(j).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      transactionStatus: 'ERROR',
      gwErrorCode: -1100,
      gwExtendedErrorCode: 1271,
    });
    expect(j.gwErrorReason).toMatch(/InitAuth3D/);
    expect(j.gwErrorReason).toMatch(/same merchant/i);
  });

  it('F-3.25 External MPI with a wrong cavv is an ERROR and a valid one with eci 05 is approved', async () => {
    const mpi = (cavv: string) => ({
      paymentOption: {
        card: aCard(VISA_DEBIT, {
          threeD: { externalMpi: { eci: '05', cavv, dsTransID: 'c4e59ceb-a382-4d6a-bc87-385d591fa09d' } },
        }),
      },
      transactionType: 'Auth',
    });
    const wrong = await aPay(f, mpi('not-a-cavv'));
    expect(wrong).toMatchObject({
      transactionStatus: 'ERROR',
      gwErrorReason: 'UNEXPECTED SYSTEM ERROR - PLEASE RETRY LATER',
    });
    expect((await aPay(f, mpi(CAVV))).transactionStatus).toBe('APPROVED');
  });

  it('F-3.26 storedCredentialsMode 0 marks the first use and 1 a later one', async () => {
    const first = await aPay(f, {
      userTokenId: `sc-${f.seq()}`,
      paymentOption: { card: aCard(VISA_CREDIT, { storedCredentials: { storedCredentialsMode: '0' } }) },
    });
    expect(first.transactionStatus).toBe('APPROVED');
    const later = await aPay(f, {
      relatedTransactionId: first.transactionId,
      paymentOption: { card: aCard(VISA_CREDIT, { storedCredentials: { storedCredentialsMode: '1' } }) },
    });
    expect(later.transactionStatus, JSON.stringify(later)).toBe('APPROVED');
  });

  it('F-3.27 Merchant-initiated repeats with RECURRING or INSTALLMENTS are approved', async () => {
    const first = await aPay(f, {
      paymentOption: { card: aCard(VISA_CREDIT, { storedCredentials: { storedCredentialsMode: '0' } }) },
    });
    for (const [authenticationOnlyType, isRebilling] of [
      ['RECURRING', '1'],
      ['INSTALLMENTS', '0'],
    ]) {
      const j = await aPay(f, {
        relatedTransactionId: first.transactionId,
        authenticationOnlyType,
        isRebilling,
        paymentOption: { card: aCard(VISA_CREDIT, { storedCredentials: { storedCredentialsMode: '1' } }) },
      });
      expect(j.transactionStatus, `${authenticationOnlyType} ${JSON.stringify(j)}`).toBe('APPROVED');
    }
  });

  it("F-3.28 getPaymentStatus and accountCapture accept a finished payment's sessionToken", async () => {
    const userTokenId = `fin-${f.seq()}`;
    const paid = await aPay(f, { userTokenId });
    expect(
      ok(await f.P.send('getPaymentStatus', { sessionToken: paid.sessionToken }, { ids: true })).transactionStatus,
    ).toBe('APPROVED');
    ok(
      await f.P.send('accountCapture', {
        sessionToken: paid.sessionToken,
        userTokenId,
        paymentMethod: 'apmgw_BankPayout',
        currencyCode: 'EUR',
        countryCode: 'DE',
        amount: '10.00',
      }),
    );
  });

  it("F-3.29 authorize3d and verify3d chain on the previous step's sessionToken and transactionId", async () => {
    const init = await f.fx.initAuth3D(CHALLENGE_CARD);
    const card = aCard(CHALLENGE_CARD, { cardHolderName: 'CL-BRW2' });
    const a = ok(
      await f.N.send('authorize3d', {
        ...init,
        paymentOption: { card: { ...card, threeD: { notificationURL: 'https://merchant.example/3ds' } } },
        billingAddress: { country: 'US' },
      }),
    );
    expect(a.sessionToken).toBe(init.sessionToken);
    const acs = await fetch(a.paymentOption.card.threeD.acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete&code=123456',
    });
    expect(acs.status).toBe(200);
    const v = ok(
      await f.P.send('verify3d', {
        sessionToken: a.sessionToken,
        currency: 'EUR',
        amount: '10.00',
        relatedTransactionId: a.transactionId,
        paymentOption: { card },
        billingAddress: { country: 'US' },
      }),
    );
    expect(v.transactionStatus).toBe('APPROVED');
  });

  it('F-3.30 submitRequest makes a Pending request', async () => {
    expect((await submit()).r.wdRequestStatus).toBe('Pending');
  });

  it('F-3.31 approveRequest or placeWithdrawalOrder puts the request InProgress and the order Approved', async () => {
    const a = await submit();
    expect(
      ok(
        await f.P.send('approveRequest', { wdRequestId: a.r.wdRequestId, merchantWDRequestId: a.merchantWDRequestId }),
      ),
    ).toMatchObject({ wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
    expect(await place(await submit())).toMatchObject({ wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
  });

  it('F-3.32 settleWithdrawalOrder settles the order', async () => {
    const o = await place(await submit());
    expect(ok(await f.P.send('settleWithdrawalOrder', { wdOrderId: o.wdOrderId })).wdOrderStatus).toBe('Settled');
  });

  it('F-3.33 A request whose order was approved can still be cancelled or declined', async () => {
    const a = await submit();
    await place(a);
    expect(
      ok(
        await f.P.send('cancelRequest', {
          userTokenId: a.userTokenId,
          wdRequestId: a.r.wdRequestId,
          merchantWDRequestId: a.merchantWDRequestId,
        }),
      ).wdRequestStatus,
    ).toBe('Canceled');
    const b = await submit();
    await place(b);
    expect(
      ok(await f.P.send('declineRequest', { wdRequestId: b.r.wdRequestId, merchantWDRequestId: b.merchantWDRequestId }))
        .wdRequestStatus,
    ).toBe('Declined');
  });

  it('F-3.34 sealRequest puts the request InProgress', async () => {
    const s = await submit();
    expect(
      ok(await f.P.send('sealRequest', { wdRequestId: s.r.wdRequestId, merchantWDRequestId: s.merchantWDRequestId }))
        .wdRequestStatus,
    ).toBe('InProgress');
  });

  it("F-3.35 settleOrdersInBatch reports each order's operationStatus", async () => {
    const a = await place(await submit());
    const j = ok(await f.P.send('settleOrdersInBatch', { wdOrderIds: [a.wdOrderId, 999999999] }));
    const byId = new Map(j.orders.map((o: any) => [String(o.wdOrderId), o.operationStatus]));
    expect(byId.get(String(a.wdOrderId))).toBe('SUCCESS');
    expect(byId.get('999999999')).not.toBe('SUCCESS');
  });

  it('F-3.36 getOrders and getOrderIds count the orders that exist', async () => {
    const s = await submit();
    await place(s);
    expect(
      Number(ok(await f.P.send('getOrders', { merchantUniqueId: s.merchantUniqueId })).totalCount),
    ).toBeGreaterThan(0);
    expect(
      Number(ok(await f.P.send('getOrderIds', { merchantUniqueId: s.merchantUniqueId })).totalCount),
    ).toBeGreaterThan(0);
  });

  it('F-3.37 getUserDetails returns what createUser or updateUser set last', async () => {
    const userTokenId = `details-${f.seq()}`;
    ok(
      await f.P.send('createUser', {
        userTokenId,
        clientRequestId: 'c',
        countryCode: 'GB',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Byron',
        address: '1 Lane',
        city: 'London',
      }),
    );
    expect(ok(await f.N.send('getUserDetails', { userTokenId, clientRequestId: 'r1' })).userDetails).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      address: '1 Lane',
      city: 'London',
    });
    ok(await f.P.send('updateUser', { userTokenId, clientRequestId: 'c2', lastName: 'Lovelace', address: '2 Square' }));
    expect(ok(await f.N.send('getUserDetails', { userTokenId, clientRequestId: 'r2' })).userDetails).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '2 Square',
    });
  });

  it('F-3.38 Plans are ACTIVE or INACTIVE', async () => {
    for (const planStatus of ['ACTIVE', 'INACTIVE']) {
      const planId = ok(
        await f.P.send('createPlan', {
          name: `Plan ${planStatus}`,
          planStatus,
          initialAmount: '1.00',
          recurringAmount: '1.00',
          currency: 'EUR',
          endAfter: PERIOD('0', '0', '1'),
        }),
      ).planId;
      const listed = ok(await f.P.send('getPlansList', {})).plans.find((p: any) => String(p.planId) === String(planId));
      expect(listed.planStatus).toBe(planStatus);
    }
  });

  it('F-3.39 Plan periods are day, month, year digit strings and a zero startAfter starts at once', async () => {
    const planId = ok(
      await f.P.send('createPlan', {
        name: 'Now',
        initialAmount: '2.00',
        recurringAmount: '3.00',
        currency: 'EUR',
        startAfter: PERIOD('0', '0', '0'),
        recurringPeriod: PERIOD('0', '1', '0'),
        endAfter: PERIOD('0', '0', '1'),
      }),
    ).planId;
    const c = await f.fx.card();
    const s = ok(
      await f.P.send('createSubscription', {
        planId,
        userTokenId: c.userTokenId,
        userPaymentOptionId: c.upo,
        endAfter: PERIOD('0', '2', '0'),
      }),
    );
    const listed = ok(await f.P.send('getSubscriptionsList', { subscriptionIds: [String(s.subscriptionId)] }))
      .subscriptions[0];
    expect(String(listed.subscriptionStatus ?? listed.status)).toMatch(/^active$/i);
  });

  it('F-3.40 openOrder accepts an empty clientUniqueId', async () => {
    const o = await nOrder(f, { clientUniqueId: '' });
    expect(o.orderId).toMatch(/^\d+$/);
  });

  it('F-3.41 A first stored-credential ADDCARD payment with an amount is approved', async () => {
    const j = await aPay(f, {
      transactionType: 'Auth',
      authenticationOnlyType: 'ADDCARD',
      userTokenId: `addcard-${f.seq()}`,
      paymentOption: { card: aCard(VISA_DEBIT, { storedCredentials: { storedCredentialsMode: '0' } }) },
    });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-3.42 userDetails.language may be a country code such as US', async () => {
    const j = await aPay(f, {
      userDetails: { firstName: 'John', lastName: 'Smith', language: 'US', country: 'US', email: 'john@example.com' },
    });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it("F-3.43 selectedBrand naming another brand processes the card's own", async () => {
    const j = await aPay(f, { paymentOption: { card: aCard(VISA_DEBIT, { selectedBrand: 'MASTERCARD' }) } });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
    expect(j.paymentOption.card.processedBrand).toMatch(/visa/i);
  });

  it('F-3.44 savePM false with userTokenId still stores the card', async () => {
    const j = await aPay(f, { savePM: 'false', userTokenId: `nosave-${f.seq()}` });
    expect(j.transactionStatus).toBe('APPROVED');
    expect(j.paymentOption.userPaymentOptionId).toBeTruthy();
  });

  it('F-3.45 voidTransaction without amount and currency voids the whole transaction', async () => {
    const sale = await aPay(f);
    const n = f.seq();
    const j = ok(
      await f.A.send(
        'voidTransaction',
        { relatedTransactionId: sale.transactionId, clientRequestId: requestId('A', n), clientUniqueId: `void-${n}` },
        { order: A_TX },
      ),
    );
    expect(j.transactionStatus).toBe('APPROVED');
  });

  it('F-3.46 getCardDetails and getDccDetails with ids and timeStamp but no checksum are accepted', async () => {
    const { sessionToken } = await nOrder(f);
    ok(
      await f.P.send(
        'getCardDetails',
        { sessionToken, clientRequestId: 'cd-1', cardNumber: VISA_DEBIT },
        { ids: true },
      ),
    );
    ok(
      await f.P.send(
        'getDccDetails',
        {
          sessionToken,
          clientRequestId: 'dcc-1',
          clientUniqueId: 'dcc',
          originalAmount: '10.00',
          originalCurrency: 'EUR',
          currency: 'GBP',
        },
        { ids: true },
      ),
    );
  });

  it('F-3.47 Withdrawal references may repeat', async () => {
    const refs = { merchantWDRequestId: `same-${f.seq()}`, merchantUniqueId: `same-u-${f.seq()}` };
    const a = await submit(refs);
    const b = await submit(refs);
    expect(a.r.wdRequestStatus).toBe('Pending');
    expect(b.r.wdRequestStatus).toBe('Pending');
    expect(String(b.r.wdRequestId)).not.toBe(String(a.r.wdRequestId));
    expect(await place(b, `other-${f.seq()}`)).toMatchObject({ wdOrderStatus: 'Approved' });
  });

  it('F-3.48 submitRequest has no wdRequestsLimit rule', async () => {
    const c = await f.fx.card();
    const first = await submit(undefined, c);
    const second = await submit(undefined, c);
    expect([first.r.wdRequestStatus, second.r.wdRequestStatus]).toEqual(['Pending', 'Pending']);
  });

  it('F-3.49 With isPartialApproval set the answer always carries partialApproval', async () => {
    const j = await aPay(f, { transactionType: 'Auth', amount: '10.00', isPartialApproval: 1 });
    expect(j.transactionStatus).toBe('APPROVED');
    expect(j.partialApproval).toMatchObject({ requestedAmount: '10.00', processedAmount: '10.00' });
  });
});
