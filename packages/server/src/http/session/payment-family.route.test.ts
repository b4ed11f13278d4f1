import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { configureSite } from '../../domain/sessions/site-settings.service.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * The session payment family (docs/session-methods.md): paymentCC, paymentAPM, payment3D, dynamic3D/authorization3D,
 * authorize3d, verify3d, authenticate3d, on the real server; another merchant's ids refused with nothing
 * changed. The 3-D Secure chains and stored credentials are in payment-family.three-d.test.ts.
 */
const A = ['merchantId', 'merchantSiteId', 'clientRequestId', 'amount', 'currency', 'timeStamp'] as const;
const APPROVED = '4761344136141390';
const PARTIAL = '4000000000009995';
const FRICTIONLESS = '4000020951595032';

describe.each(dialects())('session payment family on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let w: WireClient;
  let other: WireClient;
  let seq = 0;
  const call = (method: string, fields: Record<string, unknown>, as = w) =>
    as
      .call(method, A, { clientRequestId: `pf-${++seq}`, amount: '10.00', currency: 'EUR', ...fields })
      .then((r) => r.json);
  const openOrder = async (as = w, fields: Record<string, unknown> = {}) => {
    const r = await call('openOrder', { clientUniqueId: `u-${++seq}`, ...fields }, as);
    expect(r.status).toBe('SUCCESS');
    return { sessionToken: r.sessionToken as string, orderId: r.orderId as string };
  };
  const init = async (sessionToken: string, number: string, as = w) =>
    call('initPayment', { sessionToken, paymentOption: { card: wireCard(number) } }, as);
  const status = async (sessionToken: string) => (await w.post('getPaymentStatus', { sessionToken })).json;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: Date.UTC(2026, 10, 25, 10, 0, 0) });
    w = wireClient(gw);
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    other = wireClient(gw, {
      ...gw.demo,
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [APPROVED, PARTIAL, FRICTIONLESS])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  it('paymentCC pays with cardData: orderId, transactionId, authCode, partialApprovalDetails; a DMN is queued', async () => {
    const { sessionToken, orderId } = await openOrder();
    const r = await call('paymentCC', {
      sessionToken,
      orderId,
      transactionType: 'Sale',
      isRebilling: '0',
      cardData: wireCard(APPROVED),
      urlDetails: { notificationUrl: 'http://127.0.0.1:9/dmn-cc' },
    });
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      orderId,
      transactionStatus: 'APPROVED',
      transactionType: 'Sale',
    });
    expect(r.transactionId).toMatch(/^\d+$/);
    expect(r.authCode).toMatch(/^\d{6}$/);
    expect(r.partialApprovalDetails.amountInfo).toEqual({
      requestedAmount: '10.00',
      requestedCurrency: 'EUR',
      processedAmount: '10.00',
      processedCurrency: 'EUR',
    });
    const [dmn] = await gw.rt.deps.storage.read.notifications.list({ transactionId: r.transactionId, limit: 5 });
    expect(dmn).toMatchObject({
      kind: 'dmn',
      targetUrl: 'http://127.0.0.1:9/dmn-cc',
      eventType: 'transaction.approved',
    });
    expect(dmn!.payload).not.toContain(APPROVED);
  });

  it('paymentCC with isPartialApproval: the processed amount is what the acquirer approved', async () => {
    const { sessionToken } = await openOrder();
    const r = await call('paymentCC', {
      sessionToken,
      transactionType: 'Auth',
      isRebilling: 0,
      isPartialApproval: 1,
      cardData: wireCard(PARTIAL),
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'Auth' });
    expect(r.partialApprovalDetails.amountInfo).toMatchObject({ requestedAmount: '10.00', processedAmount: '5.00' });
  });

  it('a replayed paymentCC answers its first answer and moves money once', async () => {
    const { sessionToken } = await openOrder();
    const body = w.signed(A, {
      clientRequestId: 'replay-cc',
      amount: '10.00',
      currency: 'EUR',
      sessionToken,
      transactionType: 'Sale',
      cardData: wireCard(APPROVED),
    });
    const first = (await w.post('paymentCC', body)).json;
    const again = (await w.post('paymentCC', body)).json;
    expect(first.transactionStatus).toBe('APPROVED');
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.partialApprovalDetails).toEqual(first.partialApprovalDetails);
    expect((await status(sessionToken)).transactionId).toBe(first.transactionId);
    // a new signed body for the same order is refused: it is paid
    const third = await call('paymentCC', { sessionToken, transactionType: 'Sale', cardData: wireCard(APPROVED) });
    expect(third).toMatchObject({ status: 'ERROR' });
  });

  it('a replayed paymentAPM answers its first answer; with unique clientRequestId on, a replayed paymentCC still does', async () => {
    const apm = async () => {
      const { sessionToken } = await openOrder();
      return w.signed(A, {
        clientRequestId: `apm-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        sessionToken,
        paymentMethod: 'apmgw_RedirectPay',
      });
    };
    const body = await apm();
    const first = (await w.post('paymentAPM', body)).json;
    expect(first.transactionStatus).toBe('REDIRECT');
    expect((await w.post('paymentAPM', body)).json.transactionId).toBe(first.transactionId);
    await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { uniqueClientRequestId: true });
    try {
      const { sessionToken } = await openOrder();
      const cc = w.signed(A, {
        clientRequestId: `uq-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        sessionToken,
        transactionType: 'Auth',
        cardData: wireCard(APPROVED),
      });
      const one = await w.post('paymentCC', cc);
      expect(one.json.transactionStatus).toBe('APPROVED');
      expect((await w.post('paymentCC', cc)).text).toBe(one.text);
      const reused = await call('paymentCC', {
        sessionToken: (await openOrder()).sessionToken,
        clientRequestId: cc.clientRequestId,
        transactionType: 'Auth',
        cardData: wireCard(APPROVED),
      });
      expect(reused).toMatchObject({ status: 'ERROR', errCode: 1066 });
    } finally {
      await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { uniqueClientRequestId: false });
    }
  });

  it('paymentCC opens the order from its own fields when the session has none (getSessionToken)', async () => {
    const t = (
      await w.call('getSessionToken', ['merchantId', 'merchantSiteId', 'clientRequestId', 'timeStamp'], {
        clientRequestId: 'gst',
      })
    ).json;
    const r = await call('paymentCC', {
      sessionToken: t.sessionToken,
      clientUniqueId: 'implicit-1',
      transactionType: 'Sale',
      cardData: wireCard(APPROVED),
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(r.orderId).toMatch(/^\d+$/);
  });

  it('paymentAPM pays with the method and its account details: REDIRECT with the page URL', async () => {
    const { sessionToken } = await openOrder();
    const r = await call('paymentAPM', {
      sessionToken,
      paymentMethod: 'apmgw_RedirectPay',
      userAccountDetails: { email: 'a@example.com' },
      urlDetails: { successUrl: 'https://merchant.example/ok' },
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
    expect(r.redirectUrl).toMatch(/^http/);
  });

  it('payment3D pays cardData with paymentMethod cc_card (paResponse ignored); paRequest empty without a challenge', async () => {
    const { sessionToken, orderId } = await openOrder();
    const r = await call('payment3D', {
      sessionToken,
      orderId,
      transactionType: 'Sale',
      paymentMethod: 'cc_card',
      paResponse: '',
      isPartialApproval: '0',
      cardData: wireCard(FRICTIONLESS),
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', orderId, paRequest: '' });
  });

  it('dynamic3D and authorization3D pay after an InitAuth3D; authorize3d pays a frictionless card', async () => {
    for (const method of ['dynamic3D', 'authorization3D', 'authorize3d']) {
      const { sessionToken } = await openOrder();
      const i = await init(sessionToken, FRICTIONLESS);
      const card =
        method === 'authorize3d'
          ? {
              paymentOption: {
                card: { ...wireCard(FRICTIONLESS), threeD: { methodCompletionInd: 'Y', platformType: '02' } },
              },
            }
          : { isDynamic3D: '1', cardData: wireCard(FRICTIONLESS) };
      const r = await call(method, { sessionToken, relatedTransactionId: i.transactionId, ...card });
      expect(r, method).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
      expect(r.paymentOption.card.threeD, method).toMatchObject({ result: 'Y', eci: '05' });
    }
  });

  it('authenticate3d answers the 3-D Secure result only; no money moves', async () => {
    const { sessionToken } = await openOrder();
    const i = await init(sessionToken, FRICTIONLESS);
    const r = await call('authenticate3d', {
      sessionToken,
      relatedTransactionId: i.transactionId,
      paymentOption: { card: wireCard(FRICTIONLESS) },
    });
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      transactionStatus: 'APPROVED',
      transactionId: i.transactionId,
    });
    expect(r.paymentOption.card.threeD).toMatchObject({
      result: 'APPROVED',
      errCode: 0,
      eci: '05',
      last4Digits: '5032',
      bin: '400002',
    });
    expect(r.paymentOption.card.threeD.cavv).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect((await status(sessionToken)).transactionStatus).toBe('PENDING');
  });

  const SIGNED = [
    'paymentCC',
    'paymentAPM',
    'payment3D',
    'dynamic3D',
    'authorization3D',
    'authorize3d',
    'authenticate3d',
    'verify3d',
  ];
  it.each(SIGNED)('%s: a wrong checksum is 1001', async (method) => {
    const { sessionToken } = await openOrder();
    const body = w.signed(A, {
      clientRequestId: 'x',
      amount: '10.00',
      currency: 'EUR',
      sessionToken,
      relatedTransactionId: '1',
      paymentMethod: 'cc_card',
    });
    const r = (await w.post(method, { ...body, checksum: 'ab'.repeat(32) })).json;
    expect(r).toMatchObject({ status: 'ERROR', errCode: 1001 });
  });

  it.each([
    ['paymentCC', { transactionType: 'Sale' }, 'cardData'],
    ['paymentAPM', {}, 'paymentMethod'],
    ['payment3D', { cardData: wireCard(APPROVED) }, 'paymentMethod'],
    ['dynamic3D', { cardData: wireCard(APPROVED) }, 'relatedTransactionId'],
    ['authorization3D', { cardData: wireCard(APPROVED) }, 'relatedTransactionId'],
    ['authorize3d', { paymentOption: { card: wireCard(APPROVED) } }, 'relatedTransactionId'],
    ['authenticate3d', { paymentOption: { card: wireCard(APPROVED) } }, 'relatedTransactionId'],
    ['verify3d', { paymentOption: { card: wireCard(APPROVED) } }, 'relatedTransactionId'],
  ])('%s: a missing required field is refused, naming it, and nothing is paid', async (method, fields, missing) => {
    const { sessionToken } = await openOrder();
    const r = await call(method, { sessionToken, ...fields });
    expect(r.status).toBe('ERROR');
    expect(r.errCode).toBeGreaterThan(1000);
    expect(r.reason).toContain(missing);
    expect((await status(sessionToken)).transactionStatus).toBe('PENDING');
  });

  it.each(SIGNED)("%s: another merchant's sessionToken is refused and its order stays unpaid", async (method) => {
    const theirs = await openOrder(other);
    const r = await call(method, {
      sessionToken: theirs.sessionToken,
      relatedTransactionId: '1',
      paymentMethod: 'cc_card',
      transactionType: 'Sale',
      cardData: wireCard(APPROVED),
      paymentOption: { card: wireCard(APPROVED) },
    });
    expect(r.status).toBe('ERROR');
    expect(r.errCode).toBeGreaterThan(1000);
    expect((await other.post('getPaymentStatus', { sessionToken: theirs.sessionToken })).json.transactionStatus).toBe(
      'PENDING',
    );
  });

  it.each(['dynamic3D', 'authorization3D', 'authorize3d', 'authenticate3d', 'verify3d', 'payment3D', 'payment'])(
    "%s: another merchant's InitAuth3D is SUCCESS / transactionStatus ERROR 1271, and nothing changes",
    async (method) => {
      const theirs = await openOrder(other);
      const theirInit = await init(theirs.sessionToken, FRICTIONLESS, other);
      expect(theirInit.transactionStatus).toBe('APPROVED');
      const { sessionToken } = await openOrder();
      const card = wireCard(FRICTIONLESS);
      const send =
        method === 'verify3d'
          ? (m: string, f: Record<string, unknown>) =>
              w.post(m, { amount: '10.00', currency: 'EUR', ...f }).then((x) => x.json)
          : call;
      const r = await send(method, {
        sessionToken,
        relatedTransactionId: theirInit.transactionId,
        paymentMethod: 'cc_card',
        cardData: card,
        paymentOption: { card },
        urlDetails: { notificationUrl: 'https://merchant.example/3ds' },
      });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        errCode: 0,
        transactionStatus: 'ERROR',
        gwErrorCode: -1100,
        gwExtendedErrorCode: 1271,
      });
      expect(r.gwErrorReason).toContain('InitAuth3D');
      expect(r.transactionId).toBeUndefined();
      expect((await status(sessionToken)).transactionStatus).toBe('PENDING');
      const theirStep = await gw.rt.deps.storage.read.payments.find(theirInit.transactionId);
      expect(theirStep).toMatchObject({ status: 'approved', type: 'InitAuth3D', sessionId: theirs.sessionToken });
      expect(theirStep!.threeD).toMatchObject({ status: 'U' });
    },
  );

  it("a merchant-initiated repeat of another merchant's payment is Invalid relatedTransactionId, and nothing is paid", async () => {
    const theirs = await openOrder(other);
    const first = await call(
      'paymentCC',
      { sessionToken: theirs.sessionToken, transactionType: 'Sale', cardData: wireCard(APPROVED) },
      other,
    );
    expect(first.transactionStatus).toBe('APPROVED');
    const { CVV: _cvv, ...noCvv } = wireCard(APPROVED);
    const { sessionToken } = await openOrder();
    const r = await call('paymentCC', {
      sessionToken,
      transactionType: 'Sale',
      isRebilling: '1',
      relatedTransactionId: first.transactionId,
      cardData: noCvv,
    });
    expect(r).toMatchObject({ status: 'ERROR', errCode: 1019, reason: 'Invalid relatedTransactionId' });
    expect((await status(sessionToken)).transactionStatus).toBe('PENDING');
  });

  it('dynamic3D pays a stored card (userPaymentOption with its CVV) after the InitAuth3D of that card', async () => {
    const userTokenId = `user-${++seq}`;
    const saved = await call('paymentCC', {
      sessionToken: (await openOrder(w, { userTokenId })).sessionToken,
      userTokenId,
      savePM: 'true',
      transactionType: 'Sale',
      cardData: wireCard(FRICTIONLESS),
    });
    expect(saved.userPaymentOptionId).toMatch(/^\d+$/);
    const { sessionToken } = await openOrder(w, { userTokenId });
    const i = await init(sessionToken, FRICTIONLESS);
    const r = await call('dynamic3D', {
      sessionToken,
      userTokenId,
      relatedTransactionId: i.transactionId,
      userPaymentOption: { userPaymentOptionId: saved.userPaymentOptionId, CVV: '217' },
    });
    expect(r).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      userPaymentOptionId: saved.userPaymentOptionId,
      paRequest: '',
    });
  });
});
