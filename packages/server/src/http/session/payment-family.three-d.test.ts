import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * The payment family's 3-D Secure chains and cardholder-absent payments (docs/session-methods.md): initPayment →
 * authorize3d → ACS → verify3d; dynamic3D with an external MPI's result (good and bad CAVV); stored
 * credentials, first use then a merchant-initiated repeat without CVV or 3-D Secure.
 */
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;
const CHALLENGE = '2221008123677736';
const FRICTIONLESS = '4000020951595032';
const APPROVED = '4761344136141390';
const NOTIFY = 'https://merchant.example/3ds/notify';
const GOOD_CAVV = Buffer.alloc(20, 7).toString('base64');

describe.each(dialects())('session payment family, 3-D Secure and repeats on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let w: WireClient;
  let seq = 0;
  const call = (method: string, fields: Record<string, unknown>) =>
    w
      .call(method, A, { clientRequestId: `t-${++seq}`, amount: '10.00', currency: 'EUR', ...fields })
      .then((r) => r.json);
  const openOrder = async () => {
    const r = await call('openOrder', { clientUniqueId: `u-${++seq}` });
    return r.sessionToken as string;
  };
  const init = (sessionToken: string, number: string) =>
    call('initPayment', { sessionToken, paymentOption: { card: wireCard(number) } });

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    w = wireClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [CHALLENGE, FRICTIONLESS, APPROVED])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('initPayment → authorize3d (challenge, REDIRECT) → ACS completed → verify3d without a checksum → APPROVED, once', async () => {
    const sessionToken = await openOrder();
    const i = await init(sessionToken, CHALLENGE);
    const card = {
      ...wireCard(CHALLENGE),
      threeD: { methodCompletionInd: 'Y', notificationURL: NOTIFY, platformType: '02' },
    };
    const a = await call('authorize3d', {
      sessionToken,
      relatedTransactionId: i.transactionId,
      paymentOption: { card },
    });
    expect(a).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT', sessionToken });
    expect(a.transactionId).toMatch(/^\d+$/);
    const acsUrl = a.paymentOption.card.threeD.acsUrl as string;
    const verify = (extra: Record<string, unknown> = {}) =>
      w
        .post('verify3d', {
          sessionToken,
          amount: '10.00',
          currency: 'EUR',
          relatedTransactionId: a.transactionId,
          paymentOption: { card: wireCard(CHALLENGE) },
          billingAddress: { country: 'US' },
          ...extra,
        })
        .then((r) => r.json);
    expect((await verify()).status).toBe('ERROR'); // not answered yet
    const acs = await fetch(acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'complete', code: '123456' }).toString(),
    });
    expect(acs.status).toBe(200);
    // a checksum sent to verify3d is verified
    const bad = await verify({ clientRequestId: 'v', timeStamp: '20261125100000', checksum: 'ab'.repeat(32) });
    expect(bad).toMatchObject({ status: 'ERROR', errCode: 1001 });
    const v = await verify();
    expect(v).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(v.paymentOption.card.threeD).toMatchObject({ result: 'Y', isLiabilityOnIssuer: '1' });
    expect((await verify()).status).toBe('ERROR'); // one challenge pays once
  });

  it('dynamic3D with a challenge card answers REDIRECT with paRequest (the cReq) and acsUrl', async () => {
    const sessionToken = await openOrder();
    const i = await init(sessionToken, CHALLENGE);
    const r = await call('dynamic3D', {
      sessionToken,
      relatedTransactionId: i.transactionId,
      isDynamic3D: 1,
      cardData: wireCard(CHALLENGE),
      urlDetails: { notificationUrl: NOTIFY },
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
    expect(r.paRequest).toBe(r.paymentOption.card.threeD.cReq);
    expect(r.acsUrl).toMatch(/\/acs\/challenge\//);
  });

  it('dynamic3D with external MPI: a valid CAVV and ECI 05 is approved without a challenge; a wrong CAVV is ERROR', async () => {
    const pay = async (cavv: string) => {
      const sessionToken = await openOrder();
      const i = await init(sessionToken, CHALLENGE);
      return call('dynamic3D', {
        sessionToken,
        relatedTransactionId: i.transactionId,
        isDynamic3D: '1',
        cardData: wireCard(CHALLENGE),
        externalMpi: { isExternalMpi: 1, eci: '05', cavv, xid: 'x-1' },
      });
    };
    const good = await pay(GOOD_CAVV);
    expect(good).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', paRequest: '' });
    expect(good.paymentOption.card.threeD).toMatchObject({ eci: '05', cavv: GOOD_CAVV, result: 'Y' });
    const bad = await pay('not-a-cavv');
    expect(bad).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      transactionStatus: 'ERROR',
      gwErrorCode: -1100,
      gwErrorReason: 'UNEXPECTED SYSTEM ERROR - PLEASE RETRY LATER',
    });
  });

  it('payment.do with card.threeD.externalMpi: valid CAVV approved, wrong CAVV ERROR; a missing eci is refused naming it', async () => {
    const pay = async (externalMpi: Record<string, unknown>) =>
      call('payment', {
        sessionToken: await openOrder(),
        paymentOption: { card: { ...wireCard(CHALLENGE), threeD: { externalMpi } } },
      });
    expect(await pay({ eci: '05', cavv: GOOD_CAVV, dsTransID: '6f1e1c1a-0000-4000-8000-000000000001' })).toMatchObject({
      transactionStatus: 'APPROVED',
    });
    expect(await pay({ eci: '05', cavv: 'AAAA' })).toMatchObject({
      transactionStatus: 'ERROR',
      gwErrorReason: 'UNEXPECTED SYSTEM ERROR - PLEASE RETRY LATER',
    });
    const missing = await pay({ cavv: GOOD_CAVV });
    expect(missing.status).toBe('ERROR');
    expect(missing.reason).toContain('externalMpi.eci');
  });

  it('stored credentials: the first use (mode 0) then a merchant-initiated repeat without CVV or 3-D Secure is approved', async () => {
    const first = await call('payment', {
      sessionToken: await openOrder(),
      paymentOption: { card: { ...wireCard(CHALLENGE), storedCredentials: { storedCredentialsMode: '0' } } },
    });
    expect(first).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    const { CVV: _cvv, ...noCvv } = wireCard(CHALLENGE);
    for (const repeat of [
      { authenticationOnlyType: 'RECURRING', isRebilling: '1' },
      { authenticationOnlyType: 'INSTALLMENTS', isRebilling: '0' },
      { paymentOption: { card: { ...noCvv, storedCredentials: { storedCredentialsMode: '1' } } } },
    ]) {
      const r = await call('payment', {
        sessionToken: await openOrder(),
        relatedTransactionId: first.transactionId,
        paymentOption: { card: noCvv },
        ...repeat,
      });
      expect(r, JSON.stringify(repeat)).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Sale',
      });
      expect(r.paymentOption.card.threeD ?? {}).not.toHaveProperty('acsUrl');
      expect(r.additionalTransactionInfo).toMatchObject({ isRebilling: '1' });
    }
    // a repeat of another card than the first payment's is an unknown related transaction
    const other = await call('payment', {
      sessionToken: await openOrder(),
      relatedTransactionId: first.transactionId,
      authenticationOnlyType: 'RECURRING',
      paymentOption: { card: { ...wireCard(APPROVED), CVV: undefined } },
    });
    expect(other).toMatchObject({ status: 'ERROR', reason: 'Invalid relatedTransactionId' });
    const badMode = await call('payment', {
      sessionToken: await openOrder(),
      paymentOption: { card: { ...wireCard(APPROVED), storedCredentials: { storedCredentialsMode: '2' } } },
    });
    expect(badMode.reason).toContain('storedCredentialsMode');
  });

  it('paymentCC with isRebilling repeats the first payment without CVV', async () => {
    const first = await call('paymentCC', {
      sessionToken: await openOrder(),
      transactionType: 'Sale',
      isRebilling: '0',
      cardData: wireCard(APPROVED),
    });
    const { CVV: _cvv, ...noCvv } = wireCard(APPROVED);
    const r = await call('paymentCC', {
      sessionToken: await openOrder(),
      transactionType: 'Sale',
      isRebilling: '1',
      relatedTransactionId: first.transactionId,
      cardData: noCvv,
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
  });

  it('a replayed dynamic3D with external MPI answers its first answer and pays once', async () => {
    const sessionToken = await openOrder();
    const i = await init(sessionToken, FRICTIONLESS);
    const body = w.signed(A, {
      clientRequestId: 'mpi-replay',
      amount: '10.00',
      currency: 'EUR',
      sessionToken,
      relatedTransactionId: i.transactionId,
      cardData: wireCard(FRICTIONLESS),
      externalMpi: { eci: '05', cavv: GOOD_CAVV },
    });
    const first = await w.post('dynamic3D', body);
    expect(first.json.transactionStatus).toBe('APPROVED');
    expect((await w.post('dynamic3D', body)).text).toBe(first.text);
    // the Node SDK's name and doubled slash: the same method, the same replay
    expect((await w.rawPost('/ppp//api/v1/authorization3D.do', body)).json.transactionId).toBe(
      first.json.transactionId,
    );
  });

  it('dynamic3D with dynamic3DMode OFF pays without a 3-D Secure step; authenticate3d of a challenge card answers REDIRECT', async () => {
    const sessionToken = await openOrder();
    const i = await init(sessionToken, CHALLENGE);
    const off = await call('dynamic3D', {
      sessionToken,
      relatedTransactionId: i.transactionId,
      dynamic3DMode: 'OFF',
      cardData: wireCard(CHALLENGE),
    });
    expect(off).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', paRequest: '' });

    const s2 = await openOrder();
    const i2 = await init(s2, CHALLENGE);
    const card = { ...wireCard(CHALLENGE), threeD: { notificationURL: NOTIFY } };
    const r = await call('authenticate3d', {
      sessionToken: s2,
      relatedTransactionId: i2.transactionId,
      paymentOption: { card },
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
    expect(r.paymentOption.card.threeD).toMatchObject({ result: '', errCode: 0, last4Digits: '7736' });
    expect(r.paymentOption.card.threeD.acsUrl).toMatch(/\/acs\/challenge\//);
  });

  it('paymentCC posted without .do (the Ruby adapter) pays', async () => {
    const body = w.signed(A, {
      clientRequestId: 'no-suffix',
      amount: '10.00',
      currency: 'EUR',
      sessionToken: await openOrder(),
      transactionType: 'Auth',
      cardData: wireCard(APPROVED),
    });
    const r = await w.rawPost('/ppp/api/v1/paymentCC', body);
    expect(r.json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'Auth' });
  });
});
