import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * The client API (`/client/v1/<method>`) over HTTP, as the Web SDK and the hosted field pages call it:
 * sessionToken authentication, CORS, the error shape, and every route behind an SDK function.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const APPROVED = '4761344136141390';
const DECLINED = '4000128449498204';
const CHALLENGE = '2221008123677736';
const CHALLENGE_DECLINE = '4000008400001629';
const TOKENISED = '5555555555554444';
const UPO_CARD = '6011111111111117';
const USED = [APPROVED, DECLINED, CHALLENGE, CHALLENGE_DECLINE, TOKENISED, UPO_CARD, 'DE89370400440532013000'];
const card = (cardNumber: string) => ({
  cardNumber,
  cardHolderName: 'John Smith',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
});

describe.each(dialects())('client API on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, USED)).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const client = async (method: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const r = await gw.request('POST', `/client/v1/${method}`, {
      body,
      headers: { origin: 'http://localhost:9999', ...headers },
    });
    expect(r.status).toBe(200);
    return r;
  };
  const call = async (method: string, body: Record<string, unknown>) => (await client(method, body)).json;
  const status = async (sessionToken: string) => (await sc.call('getPaymentStatus', { sessionToken })).json;
  const open = (extra: Record<string, unknown> = {}) => sc.openOrder({ clientUniqueId: `c-${++seq}`, ...extra });

  describe('transport', () => {
    it('answers a CORS preflight from any origin, without credentials', async () => {
      const res = await fetch(`${gw.url}/client/v1/createPayment`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:9999',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('allows the response to any origin and never caches it', async () => {
      const { sessionToken } = await open();
      const r = await client('getCardDetails', { sessionToken, cardNumber: APPROVED });
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('cache-control')).toBe('no-store');
    });

    it('needs a live sessionToken: missing 1019, unknown 1069', async () => {
      expect(await call('getUserUPOs', {})).toMatchObject({
        status: 'ERROR',
        errCode: 1019,
        errorDescription: expect.stringContaining('sessionToken'),
      });
      expect(await call('getUserUPOs', { sessionToken: '00000000-0000-0000-0000-000000000000' })).toMatchObject({
        status: 'ERROR',
        errCode: 1069,
        reason: 'Session expired',
      });
    });

    it('answers malformed JSON and unknown methods in its own error shape', async () => {
      const bad = await gw.request('POST', '/client/v1/createPayment', {
        raw: '{nope',
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.status).toBe(200);
      expect(bad.json).toMatchObject({ status: 'ERROR', errCode: 1066 });
      expect(await call('stealCards', { sessionToken: 'x' })).toMatchObject({
        status: 'ERROR',
        errCode: 1066,
        reason: 'Unknown method: stealCards',
      });
    });
  });

  describe('createPayment', () => {
    it('pays the order amount with a card: APPROVED, and getPaymentStatus agrees', async () => {
      const { sessionToken } = await open({ amount: '15.00' });
      const r = await call('createPayment', {
        sessionToken,
        paymentOption: { card: card(APPROVED) },
        billingAddress: { country: 'US', zip: '10001' },
      });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        result: 'APPROVED',
        errCode: 0,
        transactionStatus: 'APPROVED',
        transactionType: 'Sale',
        ccCardNumber: '476134******1390',
        bin: '476134',
        last4Digits: '1390',
        ccExpMonth: '12',
        ccExpYear: '2030',
      });
      expect(r.transactionId).toMatch(/^\d+$/);
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: 'APPROVED',
        transactionId: r.transactionId,
        amount: '15.00',
      });
    });

    it('a declined card: DECLINED with the reason, errCode 0', async () => {
      const { sessionToken } = await open();
      const r = await call('createPayment', { sessionToken, paymentOption: { card: card(DECLINED) } });
      expect(r).toMatchObject({
        result: 'DECLINED',
        errCode: 0,
        errorDescription: 'Decline',
        transactionStatus: 'DECLINED',
      });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'DECLINED' });
    });

    it('refuses a bad card number (1004) and a second payment option member', async () => {
      const { sessionToken } = await open();
      expect(
        await call('createPayment', { sessionToken, paymentOption: { card: card('4761344136141391') } }),
      ).toMatchObject({ status: 'ERROR', errCode: 1004 });
      expect(
        await call('createPayment', {
          sessionToken,
          paymentOption: { card: card(APPROVED), alternativePaymentMethod: { paymentMethod: 'apmgw_RedirectPay' } },
        }),
      ).toMatchObject({ status: 'ERROR', errCode: 1060 });
    });

    const threeD = (notificationURL: string) => ({
      methodCompletionInd: 'U',
      notificationURL,
      platformType: '02',
      browserDetails: { language: 'en' },
    });
    const answerAcs = (acsUrl: string, action: 'complete' | 'fail') =>
      fetch(acsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}&code=1`,
      });

    it.each([
      ['completed', CHALLENGE, 'complete', 'APPROVED'],
      ['failed', CHALLENGE, 'fail', 'DECLINED'],
      ['completed on a challenge-then-decline card', CHALLENGE_DECLINE, 'complete', 'DECLINED'],
    ] as const)('3-D Secure challenge %s', async (_name, number, action, outcome) => {
      const { sessionToken } = await open();
      const notify = `${gw.url}/hosted/v1/three-d/complete?mo=http%3A%2F%2Flocalhost%3A9999`;
      const init = await call('initPayment', { sessionToken, paymentOption: { card: card(number) } });
      expect(init).toMatchObject({
        status: 'SUCCESS',
        transactionId: expect.stringMatching(/^\d+$/),
        threeD: { version: '2.2.0' },
      });
      const first = await call('createPayment', {
        sessionToken,
        relatedTransactionId: init.transactionId,
        paymentOption: { card: { ...card(number), threeD: threeD(notify) } },
      });
      expect(first).toMatchObject({
        status: 'SUCCESS',
        result: 'REDIRECT',
        threeD: { acsUrl: expect.stringContaining('/acs/challenge/') },
      });
      const acs = await answerAcs(first.threeD.acsUrl, action);
      expect(acs.status).toBe(200);
      expect(await acs.text()).toContain('/hosted/v1/three-d/complete');
      const final = await call('createPayment', {
        sessionToken,
        relatedTransactionId: first.transactionId,
        paymentOption: { card: { ...card(number), threeD: { notificationURL: notify } } },
      });
      expect(final).toMatchObject({ result: outcome, transactionStatus: outcome });
      if (outcome === 'APPROVED')
        expect(final).toMatchObject({ eci: expect.stringMatching(/^0?[25]$/), isLiabilityOnIssuer: '1' });
      expect(await status(sessionToken)).toMatchObject({
        transactionStatus: outcome,
        transactionId: final.transactionId,
      });
    });

    it('the 3-D Secure completion page tells only the merchant origin it was given', async () => {
      const res = await fetch(`${gw.url}/hosted/v1/three-d/complete?mo=http%3A%2F%2Flocalhost%3A9999`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'cres=abc',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toContain('/hosted/v1/three-d-complete.js');
      const bad = await (await fetch(`${gw.url}/hosted/v1/three-d/complete?mo=javascript:alert(1)`)).text();
      expect(bad).not.toContain('<script');
    });
  });

  describe('stored payment options', () => {
    it('addCardUpo stores a card of the session user; getUserUPOs lists it masked; createPayment pays with it', async () => {
      const { sessionToken } = await open({ userTokenId: 'client-user-1' });
      const added = await call('addCardUpo', { sessionToken, card: card(UPO_CARD) });
      expect(added).toMatchObject({
        status: 'SUCCESS',
        result: 'ADDED',
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
        ccCardNumber: '601111******1117',
        last4Digits: '1117',
      });
      expect(await call('addCardUpo', { sessionToken, card: card(UPO_CARD) })).toMatchObject({
        userPaymentOptionId: added.userPaymentOptionId,
      });
      const listed = await call('getUserUPOs', { sessionToken });
      expect(listed).toMatchObject({ status: 'SUCCESS', userTokenId: 'client-user-1' });
      expect(listed.paymentMethods).toEqual([
        expect.objectContaining({
          userPaymentOptionId: added.userPaymentOptionId,
          upoData: expect.objectContaining({ last4Digits: '1117' }),
        }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(UPO_CARD);
      const paid = await call('createPayment', {
        sessionToken,
        paymentOption: { userPaymentOptionId: added.userPaymentOptionId, card: { CVV: '217' } },
      });
      expect(paid).toMatchObject({
        result: 'APPROVED',
        userPaymentOptionId: added.userPaymentOptionId,
        last4Digits: '1117',
      });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED' });
    });

    it("refuses another user's UPO (1011) and a session without userTokenId", async () => {
      const { sessionToken } = await open({ userTokenId: 'client-user-2' });
      expect(
        await call('createPayment', { sessionToken, paymentOption: { userPaymentOptionId: '999999' } }),
      ).toMatchObject({ status: 'ERROR', errCode: 1011 });
      const anon = await open();
      expect(await call('getUserUPOs', { sessionToken: anon.sessionToken })).toMatchObject({
        status: 'ERROR',
        errCode: 1066,
      });
    });

    it('addApmUpo checks the data against the method and stores it', async () => {
      const { sessionToken } = await open({ userTokenId: 'client-user-3' });
      const added = await call('addApmUpo', {
        sessionToken,
        paymentMethodName: 'apmgw_DirectDebit',
        apmData: { iban: 'DE89370400440532013000', account_holder_name: 'John Smith' },
      });
      expect(added, JSON.stringify(added)).toMatchObject({
        status: 'SUCCESS',
        result: 'ADDED',
        userPaymentOptionId: expect.stringMatching(/^\d+$/),
      });
      const bad = await call('addApmUpo', {
        sessionToken,
        paymentMethodName: 'apmgw_DirectDebit',
        apmData: { iban: 'DE00370400440532013000', account_holder_name: 'John Smith' },
      });
      expect(bad).toMatchObject({ status: 'ERROR' });
      expect(
        await call('addApmUpo', { sessionToken, paymentMethodName: 'apmgw_Nope', apmData: { a: 'b' } }),
      ).toMatchObject({ status: 'ERROR' });
      const listed = await call('getUserUPOs', { sessionToken });
      expect(JSON.stringify(listed)).not.toContain('DE89370400440532013000');
      // a payout-only method: the account is stored to withdraw to (the withdrawal component)
      const payout = await call('addApmUpo', {
        sessionToken,
        paymentMethodName: 'apmgw_BankPayout',
        apmData: { iban: 'DE89370400440532013000', account_holder_name: 'John Smith', bic: 'COBADEFFXXX' },
      });
      expect(payout, JSON.stringify(payout)).toMatchObject({ status: 'SUCCESS', result: 'ADDED' });
    });
  });

  describe('getToken, then the merchant server pays with payment.do', () => {
    it('answers a one-time ccTempToken', async () => {
      const { sessionToken } = await open();
      const t = await call('getToken', { sessionToken, cardData: card(TOKENISED) });
      expect(t).toMatchObject({
        status: 'SUCCESS',
        ccTempToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
        last4Digits: '4444',
        ccExpMonth: '12',
        ccExpYear: '2030',
      });
      const pay = () =>
        sc.send('payment', {
          sessionToken,
          clientRequestId: `t-${++seq}`,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: { ccTempToken: t.ccTempToken, CVV: '217' } },
        });
      expect((await pay()).json).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
      expect((await pay()).json).toMatchObject({ status: 'ERROR' });
    });
  });

  describe('accountCapture and createWalletPayment', () => {
    it('accountCapture answers a capture page that stores the account as an APM UPO of the user', async () => {
      const { sessionToken } = await open({ userTokenId: 'client-user-4' });
      const r = await call('accountCapture', {
        sessionToken,
        userTokenId: 'client-user-4',
        paymentMethod: 'apmgw_BankPayout',
        currencyCode: 'EUR',
        countryCode: 'DE',
        languageCode: 'en',
        urlDetails: { successUrl: 'https://shop.example/saved' },
      });
      expect(r).toMatchObject({
        status: 'SUCCESS',
        userTokenId: 'client-user-4',
        redirectUrl: expect.stringContaining(`${gw.url}/hosted/v1/account-capture?ref=`),
      });
      const page = await fetch(r.redirectUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('name="iban"');
      const dot = r.redirectUrl.lastIndexOf('.') + 1; // flip the first character of the signature
      const tampered = await fetch(
        `${r.redirectUrl.slice(0, dot)}${r.redirectUrl[dot] === 'A' ? 'B' : 'A'}${r.redirectUrl.slice(dot + 1)}`,
      );
      expect(tampered.status).toBe(410);
      const bad = await fetch(r.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'iban=DE00370400440532013000',
        redirect: 'manual',
      });
      expect(bad.status).toBe(400);
      const ok = await fetch(r.redirectUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          iban: 'DE89370400440532013000',
          bic: 'COBADEFFXXX',
          account_holder_name: 'John Smith',
        }).toString(),
        redirect: 'manual',
      });
      expect(ok.status, await ok.clone().text()).toBe(303);
      expect(ok.headers.get('location')).toMatch(/^https:\/\/shop\.example\/saved\?userPaymentOptionId=\d+$/);
      const listed = await call('getUserUPOs', { sessionToken });
      expect(listed.paymentMethods).toEqual([expect.objectContaining({ paymentMethodName: 'apmgw_BankPayout' })]);
      expect(
        await call('accountCapture', {
          sessionToken,
          userTokenId: 'u',
          paymentMethod: 'apmgw_DirectDebit',
          currencyCode: 'EUR',
          countryCode: 'DE',
        }),
      ).toMatchObject({
        status: 'ERROR',
        errCode: 1068,
      });
    });

    it("createWalletPayment pays the order with the sandbox wallet when total and currency are the order's", async () => {
      const { sessionToken } = await open({ amount: '12.00' });
      const wrong = await call('createWalletPayment', {
        sessionToken,
        currencyCode: 'EUR',
        countryCode: 'DE',
        total: { label: 'Shop', amount: '11.00' },
      });
      expect(wrong).toMatchObject({ status: 'ERROR', errCode: 1019 });
      const r = await call('createWalletPayment', {
        sessionToken,
        currencyCode: 'EUR',
        countryCode: 'DE',
        total: { label: 'Shop', amount: '12.00' },
        billingAddress: { firstName: 'John', lastName: 'Smith' },
      });
      expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED', walletType: 'sandbox' });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED', amount: '12.00' });
    });
  });

  describe('lookups and amount', () => {
    it('getCardDetails: BIN data; a Luhn failure is 1004', async () => {
      const { sessionToken } = await open();
      expect(await call('getCardDetails', { sessionToken, cardNumber: APPROVED })).toMatchObject({
        status: 'SUCCESS',
        brand: 'Visa',
        bin: '476134',
        last4Digits: '1390',
      });
      expect(await call('getCardDetails', { sessionToken, cardNumber: '4761344136141391' })).toMatchObject({
        status: 'ERROR',
        errCode: 1004,
      });
    });

    it('getDccDetails converts the order amount; currency wins over country', async () => {
      const { sessionToken } = await open({ amount: '100.00', currency: 'EUR' });
      const q = await call('getDccDetails', { sessionToken, clientUniqueId: 'd1', currency: 'USD', country: 'GB' });
      expect(q).toMatchObject({
        status: 'SUCCESS',
        currency: 'USD',
        originalAmount: '100.00',
        originalCurrency: 'EUR',
        markUpValue: expect.any(String),
      });
      expect(await call('getDccDetails', { sessionToken, clientUniqueId: 'd1', country: 'GB' })).toMatchObject({
        currency: 'GBP',
      });
    });

    it('getApms lists the methods for a currency and country, DEPOSIT or WITHDRAWAL', async () => {
      const { sessionToken } = await open();
      const all = await call('getApms', { sessionToken });
      expect(all).toMatchObject({ status: 'SUCCESS', type: 'DEPOSIT' });
      expect(all.paymentMethods.map((m: any) => m.paymentMethod)).toContain('apmgw_RedirectPay');
      const eur = await call('getApms', { sessionToken, currencyCode: 'EUR', countryCode: 'DE' });
      expect(eur.paymentMethods.every((m: any) => m.currencies.includes('EUR') && m.countries.includes('DE'))).toBe(
        true,
      );
      const out = await call('getApms', { sessionToken, type: 'WITHDRAWAL' });
      expect(out.paymentMethods.map((m: any) => m.paymentMethod)).toContain('apmgw_BankPayout');
    });

    it('setOpenAmount sets the amount within openAmount, and the payment charges it', async () => {
      const { sessionToken } = await open({ amount: '10.00', openAmount: { min: '5.00', max: '50.00' } });
      expect(await call('setOpenAmount', { sessionToken, amount: '42.00' })).toMatchObject({
        status: 'SUCCESS',
        amount: '42.00',
        currency: 'EUR',
      });
      expect(await call('setOpenAmount', { sessionToken, amount: '99.00' })).toMatchObject({ status: 'ERROR' });
      const paid = await call('createPayment', { sessionToken, paymentOption: { card: card(APPROVED) } });
      expect(paid).toMatchObject({ result: 'APPROVED' });
      expect(await status(sessionToken)).toMatchObject({ transactionStatus: 'APPROVED', amount: '42.00' });
    });
  });
});
