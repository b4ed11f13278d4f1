import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock.js';
import { cardNumbersAtRest } from './card-scan.js';
import { type DialectName, dialects } from './dialects.js';
import { type Gateway, startGateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import { type SessionClient, sessionClient } from './session-client.js';
import { decodeB64Json, restCard, restPay, sessionInit } from './three-d-flow.js';

/**
 * REST payments with a ccTempToken, a card UPO and storePaymentOption (docs/decisions/0363); the
 * passthrough of rebill, zero-amount and MCP options to the acquirer (0362); the REST
 * `authenticated` status (0364); the InitAuth3D window and the method page's notification (0361).
 */

const T0 = Date.UTC(2026, 5, 1, 8, 0);
const APPROVE = '4761344136141390';
const FRICTIONLESS = '4000020951595032';
const CHALLENGE = '2221008123677736';
const NOTIFY = 'https://merchant.example/3ds/notify';
const METHOD_NOTIFY = 'https://merchant.example/3ds/method';

async function answerAcs(acsUrl: string, action: 'complete' | 'fail') {
  const res = await fetch(acsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, code: '123456' }).toString(),
  });
  return res.status;
}

describe.each(dialects())('REST payment options and passthrough on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [APPROVE, FRICTIONLESS, CHALLENGE])).toEqual([]);
      expect(gw.rawLog()).not.toContain(APPROVE);
    } finally {
      await gw.close();
    }
  });

  async function tempToken(number = APPROVE) {
    const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
    const r = (
      await sc.send('cardTokenization', { sessionToken, clientRequestId: `t-${++seq}`, cardData: wireCard(number) })
    ).json;
    expect(r.status).toBe('SUCCESS');
    return { token: r.ccTempToken as string, sessionToken };
  }

  describe('paymentOption.tempToken', () => {
    it('pays once with a ccTempToken (CVV optional), and refuses a second use', async () => {
      const { token } = await tempToken();
      const first = await restPay(gw, { paymentOption: { tempToken: token } });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({
        result: { status: 'approved' },
        cvv2Code: 'P',
        paymentOption: { card: { last4Digits: '1390' } },
      });
      const again = await restPay(gw, { paymentOption: { tempToken: token } });
      expect(again.status).toBe(400);
      expect(again.json.result.errors.reason).toBe('[paymentOption.tempToken] has already been used');
      const { token: t2 } = await tempToken();
      const withCvv = await restPay(gw, { paymentOption: { tempToken: t2, card: { CVV: '217' } } });
      expect(withCvv.json).toMatchObject({ result: { status: 'approved' }, cvv2Code: 'M' });
    });

    it('a ccTempToken goes through the 3-D Secure steps and is used up by the payment only', async () => {
      const { token } = await tempToken(CHALLENGE);
      const fp = await restPay(gw, { paymentOption: { tempToken: token, card: { threeD: {} } } });
      expect(fp.json.result.status).toBe('fingerprint');
      const ch = await restPay(gw, {
        relatedTransactionId: fp.json.transactionId,
        paymentOption: { tempToken: token, card: { threeD: { notificationURL: NOTIFY } } },
      });
      expect(ch.json.result.status).toBe('challenge');
      expect(await answerAcs(ch.json.redirectUrl, 'complete')).toBe(200);
      const paid = await restPay(gw, {
        relatedTransactionId: ch.json.transactionId,
        paymentOption: { tempToken: token, card: { threeD: { notificationURL: NOTIFY } } },
      });
      expect(paid.json).toMatchObject({
        result: { status: 'approved' },
        paymentOption: { card: { threeD: { result: 'Y' } } },
      });
      const again = await restPay(gw, { paymentOption: { tempToken: token } });
      expect(again.json.result.errors.reason).toBe('[paymentOption.tempToken] has already been used');
    });

    it('session: a ccTempToken survives initPayment and a challenge, then pays once', async () => {
      const { token, sessionToken } = await tempToken(CHALLENGE);
      const send = (fields: Record<string, unknown>) =>
        sc.send('payment', { sessionToken, amount: '10.00', currency: 'EUR', ...fields }).then((x) => x.json);
      const init = (
        await sc.send('initPayment', {
          sessionToken,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: { ccTempToken: token } },
        })
      ).json;
      expect(init.transactionStatus).toBe('APPROVED');
      const ch = await send({
        relatedTransactionId: init.transactionId,
        paymentOption: { card: { ccTempToken: token, threeD: { notificationURL: NOTIFY } } },
      });
      expect(ch.transactionStatus).toBe('REDIRECT');
      expect(await answerAcs(ch.paymentOption.card.threeD.acsUrl, 'complete')).toBe(200);
      const paid = await send({
        relatedTransactionId: ch.transactionId,
        paymentOption: { card: { ccTempToken: token, threeD: { notificationURL: NOTIFY } } },
      });
      expect(paid).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Sale' });
    });

    it('refuses a token whose session expired, and a token with a full card beside it', async () => {
      const { token } = await tempToken();
      const both = await restPay(gw, { paymentOption: { tempToken: token, card: wireCard(APPROVE) } });
      expect(both.json.result.errors.reason).toMatch(/^\[paymentOption\] must have exactly one/);
      (gw.clock as ManualClock).advance(16 * 60 * 1000);
      const late = await restPay(gw, { paymentOption: { tempToken: token } });
      expect(late.status).toBe(400);
      expect(late.json.result.errors.reason).toBe('[paymentOption.tempToken] has expired with its session');
    });
  });

  describe('storePaymentOption and paymentOption.userPaymentOptionId', () => {
    it('stores a card UPO for userTokenId on approval, then pays with it with or without CVV', async () => {
      const userTokenId = `rest-user-${++seq}`;
      const first = await restPay(gw, {
        userTokenId,
        storePaymentOption: true,
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(first.json).toMatchObject({
        result: { status: 'approved' },
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
      });
      const upo = first.json.userPaymentOptionId as string;
      expect(first.json.paymentOption.card.paymentTokenId).toBe(upo);
      const list = (await sc.send('getUserUPOs', { userTokenId })).json;
      expect(list.paymentMethods).toEqual([
        expect.objectContaining({ userPaymentOptionId: upo, upoName: '476134******1390' }),
      ]);

      const noCvv = await restPay(gw, { userTokenId, paymentOption: { userPaymentOptionId: upo } });
      expect(noCvv.json).toMatchObject({ result: { status: 'approved' }, cvv2Code: 'P', userPaymentOptionId: upo });
      const cvv = await restPay(gw, { userTokenId, paymentOption: { userPaymentOptionId: upo, card: { CVV: '217' } } });
      expect(cvv.json).toMatchObject({ result: { status: 'approved' }, cvv2Code: 'M' });

      const foreign = await restPay(gw, { userTokenId: 'someone-else', paymentOption: { userPaymentOptionId: upo } });
      expect(foreign.status).toBe(400);
      expect(foreign.json.result.errors.reason).toBe(
        '[paymentOption.userPaymentOptionId] is not a payment option of this user',
      );
      const noUser = await restPay(gw, { paymentOption: { userPaymentOptionId: upo } });
      expect(noUser.json.result.errors.reason).toBe('[userTokenId] must not be null');
    });

    it('an idempotent replay of a storing payment answers the first response, userPaymentOptionId included', async () => {
      const userTokenId = `rest-user-${++seq}`;
      const send = () =>
        gw.request('POST', '/payment-api/payments', {
          headers: { 'x-api-key': gw.demo.apiKey, 'idempotency-key': `store-${userTokenId}` },
          body: {
            processingEntityId: gw.demo.processingEntityId,
            currency: 'EUR',
            amount: 10,
            transactionType: 'Sale',
            userTokenId,
            storePaymentOption: true,
            paymentOption: { card: wireCard(APPROVE) },
          },
        });
      const first = await send();
      const again = await send();
      expect(first.json).toMatchObject({
        result: { status: 'approved' },
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
      });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.status).toBe(first.status);
      expect(again.json).toEqual(first.json);
      const list = (await sc.send('getUserUPOs', { userTokenId })).json;
      expect(list.paymentMethods).toHaveLength(1);
    });

    it('a declined payment stores nothing; storePaymentOption needs userTokenId', async () => {
      const userTokenId = `rest-user-${++seq}`;
      const r = await restPay(gw, {
        userTokenId,
        storePaymentOption: true,
        paymentOption: { card: wireCard('4000000000000002') },
      });
      expect(r.json.result.status).toBe('declined');
      expect(r.json.userPaymentOptionId).toBeUndefined();
      const missing = await restPay(gw, { storePaymentOption: true, paymentOption: { card: wireCard(APPROVE) } });
      expect(missing.json.result.errors.reason).toBe('[userTokenId] must not be null');
    });
  });

  describe('passthrough to the acquirer', () => {
    it('a zero-amount Auth with zeroAmountReason is approved for 0, recorded, and cannot be settled', async () => {
      const r = await restPay(gw, {
        transactionType: 'Auth',
        amount: 0,
        zeroAmountReason: 'addCard',
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        amount: 0,
        additionalTransactionInfo: { zeroAmountReason: 'addCard' },
      });
      const settle = await restPay(gw, {
        transactionType: 'Settle',
        amount: 1,
        relatedTransactionId: r.json.transactionId,
      });
      expect(settle.status).toBe(400);
      expect(settle.json.result.errors.reason).toContain('exceeds what remains authorised');
    });

    it('refuses a zero amount without a reason, on a Sale, and a reason with an amount', async () => {
      const sale = await restPay(gw, {
        amount: 0,
        zeroAmountReason: 'addCard',
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(sale.json.result.errors.reason).toMatch(/^\[amount\] may be 0 only for an Auth or PreAuth/);
      const none = await restPay(gw, {
        transactionType: 'Auth',
        amount: 0,
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(none.status).toBe(400);
      const withAmount = await restPay(gw, {
        transactionType: 'Auth',
        amount: 5,
        zeroAmountReason: 'addCard',
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(withAmount.json.result.errors.reason).toBe('[zeroAmountReason] needs an amount of 0');
    });

    it('an authenticationOnlyType without 3-D Secure is a zero-amount authorisation', async () => {
      const r = await restPay(gw, {
        transactionType: 'Auth',
        amount: 0,
        authenticationOnlyType: 'ACCOUNTVERIFICATION',
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        amount: 0,
        additionalTransactionInfo: { authenticationOnlyType: 'ACCOUNTVERIFICATION' },
      });
    });

    it('a recurring or MIT payment skips 3-D Secure; an init payment authenticates as usual', async () => {
      const init = await restPay(gw, {
        rebill: { step: 'init', expiry: '20300101', frequency: 30 },
        paymentOption: { card: wireCard(FRICTIONLESS) },
      });
      expect(init.json).toMatchObject({
        result: { status: 'approved' },
        additionalTransactionInfo: { rebillStep: 'init', rebillExpiry: '20300101', rebillFrequency: '30' },
      });
      expect(init.json.paymentOption.card.threeD).toMatchObject({ result: 'Y' });
      for (const extra of [{ rebill: { step: 'recurring' } }, { rebill: { step: 'MIT' } }, { isRebilling: true }]) {
        const r = await restPay(gw, { ...extra, paymentOption: { card: wireCard(FRICTIONLESS) } });
        expect(r.json.result.status).toBe('approved');
        expect(r.json.paymentOption.card.threeD).toBeUndefined();
        expect(r.json.cvv2Code).toBe('P');
      }
      const bad = await restPay(gw, { rebill: { step: 'init' }, paymentOption: { card: wireCard(APPROVE) } });
      expect(bad.json.result.errors.reason).toBe('[rebill.expiry] must not be null');
    });

    it('MCP currencyConversion is recorded and echoed, and shown by GET /orders/status', async () => {
      const order = await gw.request('POST', '/orders', {
        headers: { 'x-api-key': gw.demo.apiKey },
        body: {
          processingEntityId: gw.demo.processingEntityId,
          amount: 12.34,
          currency: 'USD',
          permittedOperations: ['payments'],
        },
      });
      const sessionId = order.json.sessionId as string;
      const r = await restPay(gw, {
        sessionId,
        amount: 12.34,
        currency: 'USD',
        currencyConversion: { type: 'MCP', originalAmount: 11.5, originalCurrency: 'EUR' },
        paymentOption: { card: wireCard(APPROVE) },
      });
      const info = { currencyConversionType: 'MCP', originalAmount: '11.50', originalCurrency: 'EUR' };
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        amount: 12.34,
        currency: 'USD',
        additionalTransactionInfo: info,
      });
      const status = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, {
        headers: { 'x-api-key': gw.demo.apiKey },
      });
      expect(status.json.additionalTransactionInfo).toEqual(info);
      const same = await restPay(gw, {
        currencyConversion: { type: 'MCP', originalAmount: 10, originalCurrency: 'EUR' },
        paymentOption: { card: wireCard(APPROVE) },
      });
      expect(same.json.result.errors.reason).toBe(
        '[currencyConversion.originalCurrency] must differ from the charged currency',
      );
    });

    it('session payment.do passes the same options', async () => {
      const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
      const r = (
        await sc.send('payment', {
          sessionToken,
          amount: '10.00',
          currency: 'EUR',
          isRebilling: '1',
          paymentOption: { card: wireCard(FRICTIONLESS) },
        })
      ).json;
      expect(r).toMatchObject({ transactionStatus: 'APPROVED', additionalTransactionInfo: { isRebilling: '1' } });
      // no 3-D Secure ran: the session answer's card.threeD is empty, as clients read it (docs/decisions/0151)
      expect(r.paymentOption.card.threeD).toEqual({});
    });
  });

  describe('3-D Secure: authenticated, the InitAuth3D window, the method notification', () => {
    it('authentication only, frictionless: fingerprint, then result authenticated with the 3-D Secure values', async () => {
      const base = { transactionType: 'Auth', amount: 0, authenticationOnlyType: 'ADDCARD' };
      const fp = await restPay(gw, {
        ...base,
        paymentOption: restCard(FRICTIONLESS, { methodNotificationURL: METHOD_NOTIFY }),
      });
      expect(fp.json.result.status).toBe('fingerprint');
      const r = await restPay(gw, {
        ...base,
        relatedTransactionId: fp.json.transactionId,
        paymentOption: restCard(FRICTIONLESS, { notificationURL: NOTIFY, methodCompletionInd: 'Y' }),
      });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        result: { status: 'authenticated' },
        transactionId: fp.json.transactionId,
        transactionType: 'InitAuth3D',
      });
      expect(r.json.paymentOption.card.threeD).toMatchObject({
        result: 'Y',
        eci: '05',
        isLiabilityOnIssuer: '1',
        cavv: expect.any(String),
      });
      const again = await restPay(gw, {
        ...base,
        relatedTransactionId: fp.json.transactionId,
        paymentOption: restCard(FRICTIONLESS, { notificationURL: NOTIFY }),
      });
      expect(again.status).toBe(400);
    });

    it('authentication only with a challenge: challenge, ACS completed, then authenticated; a failed one is declined', async () => {
      for (const action of ['complete', 'fail'] as const) {
        const base = { transactionType: 'Auth', amount: 0, authenticationOnlyType: 'ADDCARD' };
        const fp = await restPay(gw, { ...base, paymentOption: restCard(CHALLENGE, {}) });
        const ch = await restPay(gw, {
          ...base,
          relatedTransactionId: fp.json.transactionId,
          paymentOption: restCard(CHALLENGE, { notificationURL: NOTIFY }),
        });
        expect(ch.json.result.status).toBe('challenge');
        expect(await answerAcs(ch.json.redirectUrl, action)).toBe(200);
        const r = await restPay(gw, {
          ...base,
          relatedTransactionId: ch.json.transactionId,
          paymentOption: restCard(CHALLENGE, { notificationURL: NOTIFY }),
        });
        if (action === 'complete') {
          expect(r.json).toMatchObject({ result: { status: 'authenticated' }, transactionType: 'Auth3D' });
          expect(r.json.paymentOption.card.threeD).toMatchObject({ result: 'Y', isLiabilityOnIssuer: '1' });
        } else {
          expect(r.json).toMatchObject({ result: { status: 'declined', errors: { reason: 'Authentication Failed' } } });
        }
      }
    });

    it('an InitAuth3D not continued within 15 minutes cannot be continued (both APIs)', async () => {
      const fp = await restPay(gw, { paymentOption: restCard(FRICTIONLESS, {}) });
      (gw.clock as ManualClock).advance(15 * 60 * 1000 + 1);
      const late = await restPay(gw, {
        relatedTransactionId: fp.json.transactionId,
        paymentOption: restCard(FRICTIONLESS, { notificationURL: NOTIFY }),
      });
      expect(late.status).toBe(400);
      expect(late.json.result.errors.reason).toMatch(
        /^The 3-D Secure authentication \d+ expired: an InitAuth3D must be continued within 15 minutes/,
      );

      const { sessionToken, card, init } = await sessionInit(sc, FRICTIONLESS);
      (gw.clock as ManualClock).advance(14 * 60 * 1000); // the session stays alive (used 14 minutes ago)
      await sc.send('getPaymentStatus', { sessionToken });
      (gw.clock as ManualClock).advance(60 * 1000 + 1);
      const s = (
        await sc.send('payment', {
          sessionToken,
          amount: '10.00',
          currency: 'EUR',
          relatedTransactionId: init.transactionId,
          paymentOption: { card: { ...card, threeD: { notificationURL: NOTIFY } } },
        })
      ).json;
      expect(s).toMatchObject({ status: 'ERROR', errCode: 1058 });
      expect(s.reason).toContain('expired');
      // within the window it goes on
      const fresh = await restPay(gw, { paymentOption: restCard(FRICTIONLESS, {}) });
      (gw.clock as ManualClock).advance(14 * 60 * 1000);
      const ok = await restPay(gw, {
        relatedTransactionId: fresh.json.transactionId,
        paymentOption: restCard(FRICTIONLESS, { notificationURL: NOTIFY }),
      });
      expect(ok.json.result.status).toBe('approved');
    });

    it('the method page posts threeDSMethodData to the methodNotificationURL', async () => {
      const fp = await restPay(gw, { paymentOption: restCard(FRICTIONLESS, { methodNotificationURL: METHOD_NOTIFY }) });
      const methodUrl = fp.json.actionDetails.methodUrl as string;
      const res = await fetch(methodUrl);
      const html = await res.text();
      expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' https://merchant.example`);
      expect(html).toContain(`action="${METHOD_NOTIFY}"`);
      const data = /name="threeDSMethodData" value="([^"]+)"/.exec(html)?.[1];
      expect(decodeB64Json(data!)).toEqual({ threeDSServerTransID: fp.json.actionDetails.serverTransId });
      const plain = await restPay(gw, { paymentOption: restCard(FRICTIONLESS, {}) });
      expect(await (await fetch(plain.json.actionDetails.methodUrl)).text()).not.toContain('threeDSMethodData');
    });
  });
});
