import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLiteral } from '../sdk-client.js';
import {
  A_TX,
  aPay,
  aSession,
  checksumText,
  CHALLENGE_CARD,
  type Facts,
  FRICTIONLESS_CARD,
  nOrder,
  ok,
  pOrder,
  pPaymentFields,
  refused,
  requestId,
  S,
  startFacts,
  aCard,
} from '../clients.js';

/** docs/gateway-facts.md, "Wire": addresses, bodies and headers, checksums, as each client sends them. */

describe('gateway facts: wire', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  /** a user with a stored card, made by P */
  const pUserWithCard = async () => {
    const c = await f.fx.card();
    return c;
  };

  // ---- addresses ----

  it('F-1.1.1 Methods are posted to /ppp/api/v1/method.do', async () => {
    const r = await f.A.send(
      'getSessionToken',
      { clientRequestId: requestId('A', f.seq()) },
      { path: '/ppp/api/v1/getSessionToken.do' },
    );
    expect(ok(r).sessionToken).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('F-1.1.2 P posts to its endpoint plus /v1/method.do', async () => {
    expect(f.P.path('openOrder')).toBe('/ppp/api/v1/openOrder.do');
    const { orderId } = await pOrder(f);
    expect(orderId).toMatch(/^\d+$/);
  });

  it('F-1.1.3 N posts to /ppp//api/v1/ with a doubled slash', async () => {
    expect(f.N.path('openOrder')).toBe('/ppp//api/v1/openOrder.do');
    const { orderId } = await nOrder(f);
    expect(orderId).toMatch(/^\d+$/);
  });

  it('F-1.1.4 A posts without the .do suffix', async () => {
    expect(f.A.path('payment')).toBe('/ppp/api/v1/payment');
    const sale = await aPay(f);
    expect(sale.transactionStatus, JSON.stringify(sale)).toBe('APPROVED');
    const auth = await aPay(f, { transactionType: 'Auth' });
    const init = ok(
      await f.A.send('initPayment', {
        ...txFields('A'),
        sessionToken: await aSession(f),
        paymentOption: { card: aCard(FRICTIONLESS_CARD) },
      }),
    );
    expect(init.transactionType).toBe('InitAuth3D');
    const n = f.seq();
    const tx = (related: string) => ({
      clientRequestId: requestId('A', n),
      clientUniqueId: `a-tx-${n}`,
      amount: '10.00',
      currency: 'EUR',
      relatedTransactionId: related,
    });
    expect(ok(await f.A.send('settleTransaction', tx(auth.transactionId), { order: A_TX })).transactionStatus).toBe(
      'APPROVED',
    );
    expect(ok(await f.A.send('refundTransaction', tx(sale.transactionId), { order: A_TX })).transactionStatus).toBe(
      'APPROVED',
    );
    const other = await aPay(f);
    expect(ok(await f.A.send('voidTransaction', tx(other.transactionId), { order: A_TX })).transactionStatus).toBe(
      'APPROVED',
    );
    const c = await pUserWithCard();
    const payout = ok(
      await f.A.send('payout', {
        userTokenId: c.userTokenId,
        ...txFields('A'),
        userPaymentOption: { userPaymentOptionId: c.upo },
      }),
    );
    expect(payout.transactionStatus).toBe('APPROVED');
  });

  it('F-1.1.5 Withdrawal methods live in the withdrawal folder, also reached as v1/../withdrawal', async () => {
    expect(f.P.path('getRequests')).toBe('/ppp/api/v1/../withdrawal/getRequests.do');
    ok(await f.P.send('getRequests', {}));
    ok(await f.P.send('getRequests', {}, { path: '/ppp/api/withdrawal/getRequests.do' }));
  });

  // ---- bodies and headers ----

  it('F-1.2.1 The request is a JSON object in the body', async () => {
    await nOrder(f);
    // anything else is answered with the error envelope, never a crash
    for (const raw of ['[]', '"text"', '{"merchantId":']) {
      const r = await postLiteral(f.gw.url, '/ppp/api/v1/openOrder.do', { 'content-type': 'application/json' }, raw);
      expect(r.status, raw).toBeLessThan(500);
      expect(r.json?.status, raw).toBe('ERROR');
    }
  });

  it("F-1.2.2 P's Client-Name and Client-Version headers are accepted", async () => {
    // the P client sends both headers on every call
    const r = await f.P.send('getSessionToken', {});
    expect(ok(r).sessionToken).toBeTruthy();
  });

  it('F-1.2.3 A sends a bearer token once it holds a session token', async () => {
    const token = await aSession(f);
    expect(f.A.bearer).toBe(token);
    const j = await aPay(f, {}, token);
    expect(j.transactionStatus).toBe('APPROVED');
  });

  it('F-1.2.4 N sends JSON accept and content-type headers', async () => {
    const r = await f.N.send(
      'getSessionToken',
      { clientRequestId: requestId('N', f.seq()) },
      { headers: { accept: 'application/json' } },
    );
    ok(r);
  });

  it('F-1.2.5 P appends sourceApplication and webMasterId after the checksum', async () => {
    const { sessionToken } = await pOrder(f);
    const fields = pPaymentFields(f, sessionToken);
    const body = f.P.body('payment', fields);
    const keys = Object.keys(body);
    expect(keys.slice(-3)).toEqual(['checksum', 'sourceApplication', 'webMasterId']);
    expect(ok(await f.P.send('payment', fields)).transactionStatus).toBe('APPROVED');
    // N lists webMasterId as a field of initPayment (outside the checksum)
    const o = await nOrder(f);
    const init = await f.N.send('initPayment', {
      sessionToken: o.sessionToken,
      ...txFields('N'),
      webMasterId: 'node-18',
      paymentOption: { card: aCard(FRICTIONLESS_CARD) },
    });
    expect(ok(init).transactionType).toBe('InitAuth3D');
  });

  it("F-1.2.6 N's timeStamp is a 14-digit local-time string", async () => {
    const body = f.N.body('getSessionToken', { clientRequestId: 'x' });
    expect(body.timeStamp).toEqual(expect.stringMatching(/^\d{14}$/));
    ok(await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) }));
  });

  it("F-1.2.7 A's timeStamp is a JSON number in UTC", async () => {
    const body = f.A.body('getSessionToken', { clientRequestId: 'x' });
    expect(body.timeStamp).toBe(20260722172128);
    ok(await f.A.send('getSessionToken', { clientRequestId: requestId('A', f.seq()) }));
    // the older A sent the same digits as a string
    ok(
      await f.A.send('getSessionToken', { clientRequestId: requestId('A', f.seq()) }, { timeStamp: '20260722172128' }),
    );
  });

  it("F-1.2.8 P's timeStamp has the month where the minutes belong", async () => {
    const body = f.P.body('getSessionToken', {});
    expect(body.timeStamp).toBe('20260722170728');
    ok(await f.P.send('getSessionToken', {}));
  });

  it('F-1.2.9 No timeStamp is refused for its minutes or its time zone', async () => {
    // stamps of the server's day: the merchant's zone (UTC−12 .. UTC+14) is unknown, and minutes are not read
    const at = (offsetHours: number) =>
      new Date(f.gw.clock.now() + offsetHours * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    const minutes99 = at(0).slice(0, 10) + '99' + at(0).slice(12);
    const monthInMinutes = at(0).slice(0, 10) + at(0).slice(4, 6) + at(0).slice(12);
    for (const timeStamp of [Number(at(0)), at(-12), at(14), minutes99, monthInMinutes]) {
      ok(
        await f.A.send('getSessionToken', { clientRequestId: requestId('A', f.seq()) }, { timeStamp }),
        String(timeStamp),
      );
    }
  });

  it('F-1.2.10 merchantSiteId may be a JSON number', async () => {
    const body = f.N.body('getSessionToken', { clientRequestId: 'x' });
    expect(typeof body.merchantSiteId).toBe('number');
    const j = ok(await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) }));
    expect(String(j.merchantSiteId)).toBe(f.gw.demo.merchantSiteId);
  });

  it('F-1.2.11 clientRequestId may be a v1 or v4 UUID or empty', async () => {
    const v1 = requestId('N', f.seq());
    expect(v1).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-/);
    expect(ok(await f.N.send('getSessionToken', { clientRequestId: v1 })).clientRequestId).toBe(v1);
    const v4 = requestId('A', f.seq());
    expect(ok(await f.A.send('getSessionToken', { clientRequestId: v4 })).clientRequestId).toBe(v4);
    ok(await f.P.send('getSessionToken', { clientRequestId: '' }));
  });

  it('F-1.2.12 Amounts are decimal strings of any usual form', async () => {
    for (const amount of ['10', '9.0', '0.55', '1.51', '100.00']) {
      const o = await nOrder(f, { amount });
      expect(o.orderId, amount).toMatch(/^\d+$/);
    }
    const zero = await aPay(f, { transactionType: 'Auth', amount: '0.00' });
    expect(zero.transactionStatus, JSON.stringify(zero)).toBe('APPROVED');
  });

  it('F-1.2.13 A sends no fraction digits for zero-decimal currencies', async () => {
    const j = await aPay(f, { amount: '1000', currency: 'JPY' });
    expect(j.transactionStatus, JSON.stringify(j)).toBe('APPROVED');
  });

  it('F-1.2.14 N may send the amount as a JSON number', async () => {
    const o = await nOrder(f, { amount: 10.5 });
    expect(o.orderId).toMatch(/^\d+$/);
  });

  it('F-1.2.15 Flags come as numbers or strings', async () => {
    const a = await aPay(f, { transactionType: 'Auth', isPartialApproval: 1, isRebilling: '0', savePM: 'false' });
    expect(a.transactionStatus, JSON.stringify(a)).toBe('APPROVED');
    const { sessionToken } = await pOrder(f);
    const p = ok(
      await f.P.send(
        'payment',
        pPaymentFields(f, sessionToken, { isPartialApproval: '0', isRebilling: '0', savePM: 'true' }),
      ),
    );
    expect(p.transactionStatus).toBe('APPROVED');
    const init = await f.fx.initAuth3D();
    const d = await f.P.send('dynamic3D', {
      ...init,
      clientUniqueId: 'p-d3d',
      isDynamic3D: 1,
      cardData: aCard(FRICTIONLESS_CARD),
    });
    expect(ok(d).status).toBe('SUCCESS');
  });

  it('F-1.2.16 browserDetails come as numbers and booleans or as strings', async () => {
    const forms = [
      {
        who: f.A,
        browserDetails: {
          colorDepth: 24,
          javaEnabled: false,
          javaScriptEnabled: true,
          screenHeight: 800,
          screenWidth: 1280,
          timeZone: 0,
        },
      },
      {
        who: f.P,
        browserDetails: {
          colorDepth: '48',
          javaEnabled: 'true',
          javaScriptEnabled: 'true',
          screenHeight: '800',
          screenWidth: '1280',
          timeZone: '0',
        },
      },
    ];
    for (const { who, browserDetails } of forms) {
      const { sessionToken } = await pOrder(f);
      const card = aCard(FRICTIONLESS_CARD);
      const init = ok(await who.send('initPayment', { sessionToken, ...txFields(who.who), paymentOption: { card } }));
      const threeD = {
        methodCompletionInd: who.who === 'A' ? 'U' : 'Y',
        version: init.paymentOption.card.threeD.version,
        notificationURL: 'https://merchant.example/3ds',
        merchantURL: 'https://merchant.example',
        platformType: '02',
        browserDetails: {
          acceptHeader: 'text/html',
          ip: '203.0.113.7',
          language: 'en',
          userAgent: 'Mozilla/5.0',
          ...browserDetails,
        },
      };
      const j = ok(
        await who.send('payment', {
          sessionToken,
          ...txFields(who.who),
          relatedTransactionId: init.transactionId,
          paymentOption: { card: { ...card, threeD } },
          billingAddress: { country: 'US', zip: '10001' },
        }),
      );
      expect(j.transactionStatus, `${who.who} ${JSON.stringify(j)}`).toBe('APPROVED');
    }
  });

  it("F-1.2.17 Sub-objects use the clients' field names", async () => {
    const customFields = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`customField${i + 1}`, `v${i + 1}`]));
    await nOrder(f, {
      merchantDetails: customFields,
      urlDetails: {
        successUrl: 'https://m.example/ok',
        failureUrl: 'https://m.example/ko',
        pendingUrl: 'https://m.example/wait',
        notificationUrl: 'https://m.example/dmn',
      },
      deviceDetails: {
        deviceType: 'DESKTOP',
        deviceName: 'PC',
        deviceOS: 'Linux',
        browser: 'Firefox',
        ipAddress: '203.0.113.7',
      },
      dynamicDescriptor: { merchantName: 'A'.repeat(25), merchantPhone: '1'.repeat(13) },
    });
    const info = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`customInfoField${i + 1}`, `v${i + 1}`]));
    const { sessionToken } = await pOrder(f);
    const j = ok(await f.P.send('payment', pPaymentFields(f, sessionToken, { merchantDetails: info })));
    expect(j.transactionStatus).toBe('APPROVED');
  });

  it("F-1.2.18 Values at N's length limits are accepted", async () => {
    const userTokenId = `u${'x'.repeat(254)}`;
    const j = ok(
      await f.N.send('createUser', {
        userTokenId,
        clientRequestId: 'r'.repeat(255),
        firstName: 'F'.repeat(30),
        lastName: 'L'.repeat(40),
        address: 'A'.repeat(40),
        state: 'NY',
        city: 'C'.repeat(30),
        zip: '1'.repeat(10),
        countryCode: 'US',
        phone: '5'.repeat(18),
        locale: 'en_UK',
        email: `${'e'.repeat(88)}@example.com`,
      }),
    );
    expect(j.userId).toBeDefined();
    const o = await nOrder(f, { clientUniqueId: 'c'.repeat(45), userTokenId });
    expect(o.sessionToken).toHaveLength(36);
  });

  // ---- checksum ----

  it('F-1.3.1 The checksum is SHA-256 of the present listed fields then the secret', async () => {
    const { merchantId, merchantSiteId, merchantSecretKey } = f.gw.demo;
    const timeStamp = '20260722172128';
    const clientRequestId = `crid-${f.seq()}`;
    const checksum = createHash('sha256')
      .update(`${merchantId}${merchantSiteId}${clientRequestId}${timeStamp}${merchantSecretKey}`)
      .digest('hex');
    ok(
      await f.A.send(
        'getSessionToken',
        { merchantId, merchantSiteId, clientRequestId, timeStamp, checksum },
        { raw: true },
      ),
    );
    // a field the request does not carry is skipped
    const without = createHash('sha256')
      .update(`${merchantId}${merchantSiteId}${timeStamp}${merchantSecretKey}`)
      .digest('hex');
    ok(await f.A.send('getSessionToken', { merchantId, merchantSiteId, timeStamp, checksum: without }, { raw: true }));
    refused(
      await f.A.send(
        'getSessionToken',
        { merchantId, merchantSiteId, clientRequestId, timeStamp, checksum: without },
        { raw: true },
      ),
    );
  });

  it.fails('F-1.3.2 MD5 checksums of legacy accounts', async () => {
    // not honoured (docs/decisions/0150): Gatehouse verifies SHA-256 only; it has no legacy accounts
    const { merchantId, merchantSiteId, merchantSecretKey } = f.gw.demo;
    const timeStamp = '20260722172128';
    const checksum = createHash('md5')
      .update(`${merchantId}${merchantSiteId}c1${timeStamp}${merchantSecretKey}`)
      .digest('hex');
    ok(
      await f.N.send(
        'getSessionToken',
        { merchantId, merchantSiteId, clientRequestId: 'c1', timeStamp, checksum },
        { raw: true },
      ),
    );
  });

  /** addBankAccount's fields (signed over BODY), with `extra` members in its open sub-objects */
  const bankAccountFields = async (extra: Record<string, unknown>) => {
    const userTokenId = `bank-${f.seq()}`;
    const { sessionToken } = await f.fx.order({ userTokenId });
    return {
      sessionToken,
      clientUniqueId: `cu-${f.seq()}`,
      clientRequestId: requestId('P', f.seq()),
      paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_VIP_Preferred' } },
      userId: `id-${userTokenId}`,
      bankAccount: { bankName: 'First Bank', accountNumber: '000123456789', routingNumber: '011000015' },
      userTokenId,
      ...extra,
    };
  };

  it('F-1.3.3 P flattens nested objects depth-first in key order', async () => {
    // keys deliberately out of alphabetical order, two levels deep
    const deviceDetails = {
      ipAddress: '203.0.113.7',
      deviceType: 'DESKTOP',
      browser: { name: 'Firefox', engine: 'Gecko' },
    };
    const fields = await bankAccountFields({ deviceDetails });
    expect(checksumText('P', 'addBankAccount', ['deviceDetails'], fields)).toBe('203.0.113.7DESKTOPFirefoxGecko');
    ok(await f.P.send('addBankAccount', fields));
    // the same values hashed in another key order are refused: the server keeps the order received
    const again = await bankAccountFields({ deviceDetails });
    const body = f.P.body('addBankAccount', {
      ...again,
      deviceDetails: { browser: { engine: 'Gecko', name: 'Firefox' }, deviceType: 'DESKTOP', ipAddress: '203.0.113.7' },
    });
    body.deviceDetails = deviceDetails;
    refused(
      await postLiteral(
        f.gw.url,
        f.P.path('addBankAccount'),
        { 'content-type': 'application/json' },
        JSON.stringify(body),
      ),
    );
  });

  it('F-1.3.4 N hashes only notificationUrl of urlDetails in settle, refund and void', async () => {
    const settleTx = async (method: string, related: string) => {
      const n = f.seq();
      const fields = {
        clientRequestId: requestId('N', n),
        clientUniqueId: `n-${n}`,
        amount: '10.00',
        currency: 'EUR',
        relatedTransactionId: related,
        urlDetails: { notificationUrl: 'https://m.example/dmn' },
      };
      expect(checksumText('N', method, ['urlDetails'], fields)).toBe('https://m.example/dmn');
      return ok(await f.N.send(method, fields), method);
    };
    await settleTx('settleTransaction', (await f.fx.paid('Auth')).transactionId);
    await settleTx('refundTransaction', (await f.fx.paid('Sale')).transactionId);
    await settleTx('voidTransaction', (await f.fx.paid('Sale')).transactionId);
  });

  it("F-1.3.5 N hashes addUPOCreditCard's billingAddress in a fixed key order", async () => {
    const billingAddress = {
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
    for (const who of [f.N, f.P]) {
      const userTokenId = await f.fx.user();
      const j = ok(
        await who.send('addUPOCreditCard', {
          userTokenId,
          clientRequestId: `c-${f.seq()}`,
          ccCardNumber: '5555555555554444',
          ccExpMonth: '12',
          ccExpYear: '2030',
          ccNameOnCard: 'Ada Byron',
          billingAddress,
        }),
        who.who,
      );
      expect(j.userPaymentOptionId).toBeTruthy();
    }
  });

  it('F-1.3.6 P skips nulls and writes true as 1 and false as empty', async () => {
    const fields = await bankAccountFields({
      documentDetails: { documentNumber: 'X1', verified: true, expired: false, note: null },
    });
    expect(checksumText('P', 'addBankAccount', ['documentDetails'], fields)).toBe('X11');
    ok(await f.P.send('addBankAccount', fields));
  });

  it('F-1.3.7 A writes missing values as empty text and a numeric timeStamp as its digits', async () => {
    const fields = { merchantId: 'm', merchantSiteId: 's', timeStamp: 20260722172128 };
    expect(checksumText('A', 'getSessionToken', S, fields)).toBe('ms20260722172128');
    ok(await f.A.send('getSessionToken', {}));
  });

  it('F-1.3.8 Group S is merchantId, merchantSiteId, clientRequestId, timeStamp', async () => {
    ok(await f.N.send('getSessionToken', { clientRequestId: requestId('N', f.seq()) }));
    ok(
      await f.P.send('getMerchantPaymentMethods', {
        sessionToken: (await nOrder(f)).sessionToken,
        clientRequestId: 'r1',
      }),
    );
  });

  it('F-1.3.9 Group A is merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp', async () => {
    await nOrder(f);
    await pOrder(f);
  });

  it('F-1.3.10 Group U is merchantId, merchantSiteId, userTokenId, clientRequestId, timeStamp', async () => {
    const c = await f.fx.card();
    const j = ok(
      await f.N.send('getUserUPOs', { userTokenId: c.userTokenId, clientRequestId: requestId('N', f.seq()) }),
    );
    expect(j.paymentMethods.map((m: any) => String(m.userPaymentOptionId))).toContain(String(c.upo));
  });

  it('F-1.3.11 Group UP adds userPaymentOptionId before timeStamp', async () => {
    const c = await f.fx.card();
    ok(
      await f.N.send('suspendUPO', {
        userTokenId: c.userTokenId,
        clientRequestId: requestId('N', f.seq()),
        userPaymentOptionId: c.upo,
      }),
    );
  });

  it('F-1.3.12 Group BODY is the site ids, every other body field in order, then timeStamp', async () => {
    const c = await f.fx.card();
    const n = f.seq();
    const fields = {
      userTokenId: c.userTokenId,
      userPMId: c.upo,
      amount: '5.00',
      currency: 'EUR',
      merchantWDRequestId: `body-${n}`,
      merchantUniqueId: `body-u-${n}`,
    };
    const body = f.P.body('submitRequest', fields);
    expect(checksumText('P', 'submitRequest', 'BODY', body)).toBe(
      `${f.gw.demo.merchantId}${f.gw.demo.merchantSiteId}${c.userTokenId}${c.upo}5.00EURbody-${n}body-u-${n}${body.timeStamp}`,
    );
    expect(ok(await f.P.send('submitRequest', fields)).wdRequestStatus).toBe('Pending');
  });

  it("F-1.3.13 Group REQ is P's required-field list in its order", async () => {
    const c = await f.fx.card();
    const j = ok(await f.P.send('getNetDeposits', { userTokenId: c.userTokenId, currency: 'EUR', userPMId: c.upo }));
    expect(j).toHaveProperty('netDeposits');
  });

  it('F-1.3.14 BODY leaves out checksum, sourceApplication and webMasterId', async () => {
    const { r } = await f.fx.wdRequest();
    const body = f.P.body('approveRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId });
    expect(body).toMatchObject({ sourceApplication: 'PHP_SDK', webMasterId: '8.2.10' });
    expect(checksumText('P', 'approveRequest', 'BODY', body)).not.toContain('PHP_SDK');
    ok(await f.P.send('approveRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: r.merchantWDRequestId }));
  });

  it('F-1.3.15 P signs a withdrawal method without its own list over its required fields', async () => {
    const { upo, r } = await f.fx.wdRequest();
    // the optional userUPOId is in the body, not in P's list
    const j = ok(
      await f.P.send('placeWithdrawalOrder', {
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: r.merchantWDRequestId,
        userPMId: upo,
        amount: '5.00',
        currency: 'EUR',
        settlementType: 0,
        userUPOId: upo,
      }),
    );
    expect(j.wdOrderId).toBeDefined();
  });

  it('F-1.3.16 Every call carries merchantId, merchantSiteId, timeStamp and checksum unless said otherwise', async () => {
    const body = f.N.body('openOrder', { clientUniqueId: 'x', amount: '1', currency: 'EUR' });
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['merchantId', 'merchantSiteId', 'timeStamp', 'checksum']),
    );
    const { checksum: _drop, ...unsigned } = f.N.body('openOrder', {
      clientRequestId: 'r',
      clientUniqueId: 'x',
      amount: '1',
      currency: 'EUR',
    });
    refused(await f.N.send('openOrder', unsigned, { raw: true }));
  });

  it('F-1.3.17 Calls without a checksum are authorised by their sessionToken', async () => {
    const { sessionToken } = await nOrder(f);
    expect(ok(await f.N.send('getPaymentStatus', { sessionToken })).sessionToken).toBe(sessionToken);
    const t = ok(await f.P.send('cardTokenization', { sessionToken, cardData: aCard(CHALLENGE_CARD) }));
    expect(t.ccTempToken).toBeTruthy();
    refused(await f.N.send('getPaymentStatus', { sessionToken: '00000000-0000-0000-0000-000000000000' }));
  });

  /** the transaction fields every client sends with a payment-like call */
  function txFields(who: 'P' | 'A' | 'N') {
    const n = f.seq();
    return { clientRequestId: requestId(who, n), clientUniqueId: `${who}-tx-${n}`, amount: '10.00', currency: 'EUR' };
  }
});
