import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/lib/clock.js';
import { addApmUpo } from '../src/domain/payments/apm.service.js';
import { type DialectName, dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from './harness.js';
import { type SessionClient, sessionClient } from './session-client.js';

/**
 * APM payments (docs/decisions/0360) through both APIs on the real server: every method type of the
 * catalogue (redirect page answered by form posts here, in Chromium in e2e/; direct; asynchronous
 * completed by an operator), validation, UPOs stored and reused, and every outcome in
 * getPaymentStatus, GET /orders/status and the notifications.
 */

const T0 = Date.UTC(2026, 4, 4, 10, 0);
const IBAN_OK = 'DE89370400440532013000';
const IBAN_NO_FUNDS = 'DE94370400440532010000';
const IBAN_DNH = 'DE56370400440532010005';
const DMN = 'https://merchant.example/dmn';
const HOOK = 'https://merchant.example/hook';
const SUCCESS = 'https://shop.example/ok';
const FAILURE = 'https://shop.example/failed';
const PENDING = 'https://shop.example/wait';

const debit = (iban = IBAN_OK) => ({ paymentMethod: 'apmgw_DirectDebit', account_holder_name: 'Jane Doe', iban });

/** Answers the redirect page with a form post, as its buttons do; does not follow the redirect. */
async function answerPage(url: string, action: 'approve' | 'decline' | 'pending') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe.each(dialects())('APM payments on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  async function sessionApm(
    apm: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    order: Record<string, unknown> = {},
  ) {
    const { sessionToken } = await sc.openOrder({
      amount: '10.00',
      currency: 'EUR',
      urlDetails: { successUrl: SUCCESS, failureUrl: FAILURE, pendingUrl: PENDING, notificationUrl: DMN },
      ...order,
    });
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `apm-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { alternativePaymentMethod: apm },
      billingAddress: { country: 'DE', zip: '10115' },
      ...extra,
    });
    return { sessionToken, json: r.json };
  }

  const status = async (sessionToken: string) => (await sc.send('getPaymentStatus', { sessionToken })).json;

  async function restOrder(extra: Record<string, unknown> = {}) {
    const r = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, {
        amount: 10,
        urlDetails: { successUrl: SUCCESS, failureUrl: FAILURE, webhookUrl: HOOK },
        ...extra,
      }),
    });
    expect(r.status).toBe(201);
    return r.json.sessionId as string;
  }

  const restPay = (body: Record<string, unknown>) =>
    gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Sale',
        amount: 10,
        currency: 'EUR',
        billingAddress: { country: 'DE' },
        ...body,
      },
    });

  const orderStatus = async (sessionId: string) =>
    (await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) })).json;

  const deliveries = async (transactionId: string) =>
    (await gw.request('GET', `/admin/v1/deliveries?transactionId=${transactionId}`, { headers: apiKey(gw) })).json
      .deliveries as Array<{
      kind: string;
      eventType: string;
    }>;

  const complete = (transactionId: string, outcome: string, key = gw.demo.apiKey) =>
    gw.request('POST', `/admin/v1/apm-payments/${transactionId}/complete`, {
      headers: { 'x-api-key': key },
      body: { outcome },
    });

  describe('direct method (apmgw_DirectDebit)', () => {
    it('session: approves at once, masks the IBAN, and notifies', async () => {
      const { sessionToken, json } = await sessionApm(debit());
      expect(json).toMatchObject({
        status: 'SUCCESS',
        transactionStatus: 'APPROVED',
        transactionType: 'Sale',
        amount: '10.00',
      });
      expect(json.authCode).toMatch(/^\d{6}$/);
      expect(json.paymentOption.alternativePaymentMethod).toEqual({
        paymentMethod: 'apmgw_DirectDebit',
        account_holder_name: 'Jane Doe',
        iban: 'DE****************3000',
      });
      expect(json.redirectUrl).toBeUndefined();
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: 'APPROVED',
        transactionId: json.transactionId,
      });
      const d = await deliveries(json.transactionId);
      expect(d.map((x) => `${x.kind} ${x.eventType}`)).toContain('dmn transaction.approved');
    });

    it.each([
      [IBAN_NO_FUNDS, 'Insufficient Funds', 51],
      [IBAN_DNH, 'Do Not Honor', 5],
    ])('session: IBAN %s is declined %s', async (iban, reason, ext) => {
      const { json } = await sessionApm(debit(iban));
      expect(json).toMatchObject({
        transactionStatus: 'DECLINED',
        gwErrorCode: -1,
        gwErrorReason: reason,
        gwExtendedErrorCode: ext,
      });
    });

    it('REST: approves with {name, data}; the order status shows it; a refund follows the state machine', async () => {
      const sessionId = await restOrder();
      const r = await restPay({
        sessionId,
        paymentOption: {
          alternativePaymentMethod: {
            name: 'apmgw_DirectDebit',
            data: { account_holder_name: 'Jane Doe', iban: IBAN_OK },
          },
        },
      });
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        transactionType: 'Sale',
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_DirectDebit', data: { iban: 'DE****************3000' } },
        },
      });
      expect(await orderStatus(sessionId)).toMatchObject({
        transactionId: r.json.transactionId,
        result: { status: 'approved' },
      });
      const refund = await restPay({
        transactionType: 'Refund',
        amount: 4,
        relatedTransactionId: r.json.transactionId,
      });
      expect(refund.json).toMatchObject({ result: { status: 'approved' }, transactionType: 'Refund' });
      const d = await deliveries(r.json.transactionId);
      expect(d.map((x) => `${x.kind} ${x.eventType}`)).toContain('webhook transaction.approved');
    });

    it('REST: a declining IBAN is HTTP 200 declined', async () => {
      const r = await restPay({
        paymentOption: {
          alternativePaymentMethod: {
            paymentMethod: 'apmgw_DirectDebit',
            account_holder_name: 'Jane Doe',
            iban: IBAN_NO_FUNDS,
          },
        },
      });
      expect(r.json).toMatchObject({
        result: { status: 'declined', errors: { code: '51', reason: 'Insufficient Funds' } },
      });
    });
  });

  describe('direct method (apmgw_MobileWallet)', () => {
    it('approves a phone number and declines one ending 0000, on both APIs', async () => {
      const ok = await sessionApm({ paymentMethod: 'apmgw_MobileWallet', phone: '+4915112345678' });
      expect(ok.json).toMatchObject({
        transactionStatus: 'APPROVED',
        paymentOption: { alternativePaymentMethod: { phone: '+49*******5678' } },
      });
      const no = await restPay({
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_MobileWallet', data: { phone: '+4915112340000' } } },
      });
      expect(no.json).toMatchObject({ result: { status: 'declined', errors: { reason: 'Insufficient Funds' } } });
    });
  });

  describe('redirect method (apmgw_RedirectPay)', () => {
    it('session: REDIRECT with the page URL; Approve sends the shopper to successUrl; status and DMN follow', async () => {
      const { sessionToken, json } = await sessionApm({
        paymentMethod: 'apmgw_RedirectPay',
        email: 'jane@example.com',
      });
      expect(json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'REDIRECT' });
      const url = json.redirectUrl as string;
      expect(url).toMatch(new RegExp(`^${gw.url}/apm/redirect/${json.transactionId}-[1-9A-Za-z]{24}$`));
      expect(json.paymentOption.redirectUrl).toBe(url);
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'REDIRECT' });

      const page = await fetch(url);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(html).toContain('10.00 EUR');
      for (const id of ['approve', 'decline', 'pending']) expect(html).toContain(`id="${id}"`);

      const answer = await answerPage(url, 'approve');
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${SUCCESS}?transactionId=${json.transactionId}&status=APPROVED`);
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: 'APPROVED',
        authCode: expect.stringMatching(/^\d{6}$/),
      });
      // answered once: the page now shows the result
      expect((await fetch(url)).status).toBe(410);
      expect((await answerPage(url, 'decline')).status).toBe(409);
      const d = await deliveries(json.transactionId);
      expect(d.map((x) => `${x.kind} ${x.eventType}`)).toEqual(['dmn transaction.approved']);
    });

    it('session: Decline sends the shopper to failureUrl', async () => {
      const { sessionToken, json } = await sessionApm({ paymentMethod: 'apmgw_RedirectPay' });
      const answer = await answerPage(json.redirectUrl, 'decline');
      expect(answer.location).toBe(`${FAILURE}?transactionId=${json.transactionId}&status=DECLINED`);
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'DECLINED', gwErrorReason: 'Decline' });
    });

    it('REST: result redirect; Pending hands it to an operator, who approves it', async () => {
      const sessionId = await restOrder({
        urlDetails: { successUrl: SUCCESS, failureUrl: FAILURE, pendingUrl: PENDING, webhookUrl: HOOK },
      });
      const r = await restPay({
        sessionId,
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } },
      });
      expect(r.json).toMatchObject({
        result: { status: 'redirect' },
        redirectUrl: expect.stringContaining('/apm/redirect/'),
      });
      expect(await orderStatus(sessionId)).toMatchObject({ result: { status: 'redirect' } });
      const answer = await answerPage(r.json.redirectUrl, 'pending');
      expect(answer.location).toBe(`${PENDING}?transactionId=${r.json.transactionId}&status=PENDING`);
      expect(await orderStatus(sessionId)).toMatchObject({ result: { status: 'pending' } });
      expect((await fetch(r.json.redirectUrl)).status).toBe(410);
      const done = await complete(r.json.transactionId, 'approved');
      expect(done.status).toBe(200);
      expect(done.json).toMatchObject({ transactionId: r.json.transactionId, result: { status: 'approved' } });
      expect(await orderStatus(sessionId)).toMatchObject({ result: { status: 'approved' } });
      const d = await deliveries(r.json.transactionId);
      expect(d.map((x) => x.eventType).sort()).toEqual(['transaction.approved', 'transaction.pending']);
    });

    it('without return URLs the page shows a plain result', async () => {
      const r = await restPay({ paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } } });
      const answer = await answerPage(r.json.redirectUrl, 'approve');
      expect(answer.status).toBe(200);
      expect(answer.html).toContain('data-status="APPROVED"');
    });

    it('an unanswered redirect payment expires after 30 minutes: declined, notified, and the order can be paid again', async () => {
      const sessionId = await restOrder();
      const r = await restPay({
        sessionId,
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } },
      });
      expect(r.json.result.status).toBe('redirect');
      // Within the window the order is being paid: a second payment is refused.
      (gw.clock as ManualClock).advance(29 * 60 * 1000);
      const early = await restPay({ sessionId, paymentOption: { alternativePaymentMethod: debit() } });
      expect(early.status).toBe(400);
      expect(early.json.result.errors.reason).toContain('a payment is in progress');
      // Past it, the next payment declines the stale one first, then pays.
      (gw.clock as ManualClock).advance(60 * 1000);
      const again = await restPay({ sessionId, paymentOption: { alternativePaymentMethod: debit() } });
      expect(again.json).toMatchObject({ result: { status: 'approved' } });
      const stale = await gw.rt.deps.storage.read.payments.find(r.json.transactionId);
      expect(stale).toMatchObject({ status: 'declined', errorCode: '68', apm: { completedBy: 'expiry' } });
      expect(await orderStatus(sessionId)).toMatchObject({ result: { status: 'approved' } });
      expect((await deliveries(r.json.transactionId)).map((x) => x.eventType)).toEqual(['transaction.declined']);
      // Its page now shows the outcome, and an answer is refused.
      expect((await fetch(r.json.redirectUrl)).status).toBe(410);
      expect((await answerPage(r.json.redirectUrl, 'approve')).status).toBe(409);
    });

    it('a redirect page opened after its window declines the payment as expired', async () => {
      const r = await restPay({ paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } } });
      (gw.clock as ManualClock).advance(30 * 60 * 1000);
      const page = await fetch(r.json.redirectUrl);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain('data-status="DECLINED"');
      expect(await gw.rt.deps.storage.read.payments.find(r.json.transactionId)).toMatchObject({
        status: 'declined',
        errorCode: '68',
      });
      // An operator can no longer complete it either.
      expect((await complete(r.json.transactionId, 'approved')).status).toBe(400);
    });

    it('a wrong page key is unknown', async () => {
      const r = await restPay({ paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } } });
      const forged = (r.json.redirectUrl as string).replace(/-[1-9A-Za-z]{24}$/, `-${'1'.repeat(24)}`);
      expect((await fetch(forged)).status).toBe(404);
      expect((await answerPage(forged, 'approve')).status).toBe(404);
    });
  });

  describe('asynchronous method (apmgw_BankTransfer)', () => {
    it('session: PENDING until an operator declines it; DMNs for both', async () => {
      const { sessionToken, json } = await sessionApm({
        paymentMethod: 'apmgw_BankTransfer',
        email: 'jane@example.com',
      });
      expect(json).toMatchObject({
        transactionStatus: 'PENDING',
        paymentOption: { alternativePaymentMethod: { email: 'j***@example.com' } },
      });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'PENDING' });
      const done = await complete(json.transactionId, 'declined');
      expect(done.json).toMatchObject({ result: { status: 'declined', errors: { reason: 'Decline' } } });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'DECLINED' });
      const d = await deliveries(json.transactionId);
      expect(d.map((x) => `${x.kind} ${x.eventType}`).sort()).toEqual([
        'dmn transaction.declined',
        'dmn transaction.pending',
      ]);
      // final: a second completion is refused, naming the state
      const again = await complete(json.transactionId, 'approved');
      expect(again.status).toBe(400);
      expect(again.json.result.errors.reason).toContain('declined Sale');
    });

    it('REST: pending, then approved by the operator', async () => {
      const sessionId = await restOrder();
      const r = await restPay({
        sessionId,
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
        },
      });
      expect(r.json).toMatchObject({ result: { status: 'pending' } });
      expect(r.json.redirectUrl).toBeUndefined();
      expect((await complete(r.json.transactionId, 'approved')).json).toMatchObject({ result: { status: 'approved' } });
      expect(await orderStatus(sessionId)).toMatchObject({ result: { status: 'approved' } });
    });

    it('the admin API refuses other outcomes, unknown transactions and card payments', async () => {
      const r = await restPay({
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
        },
      });
      expect((await complete(r.json.transactionId, 'pending')).status).toBe(400);
      expect((await complete('999999999999', 'approved')).status).toBe(404);
      const card = await gw.request('POST', '/payment-api/payments', {
        headers: apiKey(gw),
        body: {
          processingEntityId: gw.demo.processingEntityId,
          transactionType: 'Sale',
          amount: 10,
          currency: 'EUR',
          paymentOption: {
            card: {
              cardNumber: '4761344136141390',
              cardHolderName: 'Jane Doe',
              expirationMonth: '12',
              expirationYear: '2030',
              CVV: '217',
            },
          },
        },
      });
      expect((await complete(card.json.transactionId, 'approved')).status).toBe(404);
      expect(
        (
          await gw.request('POST', `/admin/v1/apm-payments/${r.json.transactionId}/complete`, {
            body: { outcome: 'approved' },
          })
        ).status,
      ).toBe(401);
    });

    it('stays pending past crash recovery (it waits on a person, not on the acquirer)', async () => {
      const r = await restPay({
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
        },
      });
      const { recoverPendingTransactions } = await import('../src/domain/payments/payment.service.js');
      await recoverPendingTransactions(gw.rt.deps, { graceMs: -1 });
      expect((await gw.rt.deps.storage.read.payments.find(r.json.transactionId))?.status).toBe('pending');
    });
  });

  describe('validation against the catalogue', () => {
    it.each([
      [
        { paymentMethod: 'apmgw_DirectDebit', account_holder_name: 'Jane Doe', iban: 'DE00370400440532013000' },
        1019,
        /^\[paymentOption\.alternativePaymentMethod\.iban\] must match .*Enter a valid IBAN/,
      ],
      [
        { paymentMethod: 'apmgw_DirectDebit', iban: IBAN_OK },
        1019,
        /^\[paymentOption\.alternativePaymentMethod\.account_holder_name\] must not be null$/,
      ],
      [
        { paymentMethod: 'apmgw_MobileWallet', phone: '015112345678' },
        1019,
        /^\[paymentOption\.alternativePaymentMethod\.phone\] must match/,
      ],
      [{ paymentMethod: 'apmgw_Nope' }, 1068, /apmgw_Nope is not an enabled payment method/],
      [
        { paymentMethod: 'apmgw_BankPayout', account_holder_name: 'Jane Doe', iban: IBAN_OK },
        1068,
        /not an enabled payment method/,
      ],
      [{ name: 'apmgw_MobileWallet' }, 1019, /phone\] must not be null/],
    ])('session refuses %j with errCode %i', async (apm, errCode, reason) => {
      const { json } = await sessionApm(apm);
      expect(json).toMatchObject({ status: 'ERROR', errCode });
      expect(json.reason).toMatch(reason);
    });

    it('session: a currency the method does not take is 1070; a country it does not serve is 1068', async () => {
      const cur = await sessionApm(debit(), { amount: '10.00', currency: 'USD' }, { amount: '10.00', currency: 'USD' });
      expect(cur.json).toMatchObject({ status: 'ERROR', errCode: 1070 });
      expect(cur.json.reason).toContain('USD is not supported by apmgw_DirectDebit');
      const country = await sessionApm(debit(), { billingAddress: { country: 'US' } });
      expect(country.json).toMatchObject({ status: 'ERROR', errCode: 1068 });
      expect(country.json.reason).toContain('not enabled for country US');
    });

    it('REST: 400 naming the field', async () => {
      const r = await restPay({
        paymentOption: {
          alternativePaymentMethod: {
            name: 'apmgw_DirectDebit',
            data: { account_holder_name: 'Jane Doe', iban: 'XX' },
          },
        },
      });
      expect(r.status).toBe(400);
      expect(r.json.result.errors).toMatchObject({
        code: '5000.1001',
        reason: expect.stringMatching(/^\[paymentOption\.alternativePaymentMethod\.iban\] must match/),
      });
      const cur = await restPay({
        currency: 'USD',
        paymentOption: {
          alternativePaymentMethod: {
            name: 'apmgw_DirectDebit',
            data: { account_holder_name: 'Jane Doe', iban: IBAN_OK },
          },
        },
      });
      expect(cur.status).toBe(400);
      expect(cur.json.result.errors.reason).toBe('[currency] USD is not supported by apmgw_DirectDebit');
      const two = await restPay({
        paymentOption: { tempToken: 'x', alternativePaymentMethod: { name: 'apmgw_RedirectPay' } },
      });
      expect(two.json.result.errors.reason).toMatch(/^\[paymentOption\] must have exactly one/);
    });
  });

  describe('APM stored payment options', () => {
    it('session: savePM stores a masked APM UPO; getUserUPOs lists it; paying with it answers as the data did', async () => {
      const userTokenId = `user-${++seq}`;
      const { json } = await sessionApm(debit(), { userTokenId, savePM: true }, { userTokenId });
      expect(json).toMatchObject({
        transactionStatus: 'APPROVED',
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
      });
      const upoId = json.userPaymentOptionId as string;
      const list = (await sc.send('getUserUPOs', { userTokenId })).json;
      expect(list, JSON.stringify(list)).toMatchObject({ status: 'SUCCESS' });
      expect(list.paymentMethods).toEqual([
        expect.objectContaining({
          userPaymentOptionId: upoId,
          paymentMethodName: 'apmgw_DirectDebit',
          upoData: { account_holder_name: 'Jane Doe', iban: 'DE****************3000' },
        }),
      ]);
      const { sessionToken } = await sc.openOrder({ amount: '10.00', currency: 'EUR', userTokenId });
      const again = (
        await sc.send('payment', {
          sessionToken,
          userTokenId,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { userPaymentOptionId: upoId },
        })
      ).json;
      expect(again).toMatchObject({
        transactionStatus: 'APPROVED',
        userPaymentOptionId: upoId,
        paymentOption: { alternativePaymentMethod: { paymentMethod: 'apmgw_DirectDebit' } },
      });
      // another user cannot pay with it
      const { sessionToken: other } = await sc.openOrder({ amount: '10.00', currency: 'EUR' });
      const foreign = (
        await sc.send('payment', {
          sessionToken: other,
          userTokenId: 'someone-else',
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { userPaymentOptionId: upoId },
        })
      ).json;
      expect(foreign).toMatchObject({ status: 'ERROR', errCode: 1011 });
    });

    it('a declined APM payment stores nothing; savePM without userTokenId is refused', async () => {
      const userTokenId = `user-${++seq}`;
      const { json } = await sessionApm(debit(IBAN_NO_FUNDS), { userTokenId, savePM: true }, { userTokenId });
      expect(json.transactionStatus).toBe('DECLINED');
      expect(json.userPaymentOptionId).toBeUndefined();
      expect((await sc.send('getUserUPOs', { userTokenId })).json.paymentMethods).toEqual([]);
      const r = await restPay({
        storePaymentOption: true,
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay' } },
      });
      expect(r.json.result.errors.reason).toBe('[userTokenId] must not be null');
    });

    it('REST: storePaymentOption on a redirect payment stores the UPO when the shopper approves; the UPO pays again', async () => {
      const userTokenId = `user-${++seq}`;
      const r = await restPay({
        userTokenId,
        storePaymentOption: true,
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_MobileWallet', data: { phone: '+4915112345678' } } },
      });
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
      });
      const again = await restPay({ userTokenId, paymentOption: { userPaymentOptionId: r.json.userPaymentOptionId } });
      expect(again.json).toMatchObject({
        result: { status: 'approved' },
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_MobileWallet', paymentTokenId: r.json.userPaymentOptionId },
        },
      });

      const redirect = await restPay({
        userTokenId,
        storePaymentOption: true,
        paymentOption: { alternativePaymentMethod: { name: 'apmgw_RedirectPay', data: { email: 'jane@example.com' } } },
      });
      expect(redirect.json.userPaymentOptionId).toBeUndefined();
      await answerPage(redirect.json.redirectUrl, 'approve');
      const after = await gw.rt.deps.storage.read.payments.find(redirect.json.transactionId);
      expect(after?.apm?.userPaymentOptionId).toMatch(/^\d+$/);
    });

    it('addApmUpo adds a masked APM UPO directly, validated against the catalogue', async () => {
      const userTokenId = `user-${++seq}`;
      const owner = { merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId, userTokenId };
      const upo = await addApmUpo(gw.rt.deps, owner, {
        method: 'apmgw_DirectDebit',
        data: { account_holder_name: 'Jane Doe', iban: IBAN_OK },
      });
      expect(upo).toMatchObject({
        paymentMethod: 'apmgw_DirectDebit',
        apmData: { iban: 'DE****************3000' },
        cardVaultId: null,
      });
      await expect(
        addApmUpo(gw.rt.deps, owner, {
          method: 'apmgw_DirectDebit',
          data: { account_holder_name: 'Jane Doe', iban: 'DE00' },
        }),
      ).rejects.toThrow(/alternativePaymentMethod\.iban\] must match/);
      await expect(addApmUpo(gw.rt.deps, owner, { method: 'apmgw_Nope', data: {} })).rejects.toThrow(
        /not an enabled payment method/,
      );
      const paid = await restPay({ userTokenId, paymentOption: { userPaymentOptionId: upo.id } });
      expect(paid.json.result.status).toBe('approved');
    });
  });
});
