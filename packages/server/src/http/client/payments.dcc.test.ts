import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';

/**
 * A DCC payment through the client API (docs/decisions/0412): createPayment (and initPayment before
 * it) with `currencyConversion: {type: 'DCC', …}` charges the converted amount, checked as payment.do
 * checks it, and records the conversion.
 */

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const APPROVED = '4761344136141390';
const CHALLENGE = '2221008123677736';
const UPO_CARD = '6011111111111117';
const card = (cardNumber: string) => ({
  cardNumber,
  cardHolderName: 'John Smith',
  expirationMonth: '12',
  expirationYear: '2030',
  CVV: '217',
});
const DCC = { type: 'DCC', originalAmount: '25.00', originalCurrency: 'EUR' };

describe.each(dialects())('client DCC payments on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [APPROVED, CHALLENGE, UPO_CARD])).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const call = async (method: string, body: Record<string, unknown>) => {
    const r = await gw.request('POST', `/client/v1/${method}`, { body, headers: { origin: 'http://localhost:9999' } });
    expect(r.status).toBe(200);
    return r.json;
  };
  const open = async (extra: Record<string, unknown> = {}) => {
    const o = await sc.openOrder({ clientUniqueId: `dcc-${++seq}`, amount: '25.00', currency: 'EUR', ...extra });
    const quote = await call('getDccDetails', { sessionToken: o.sessionToken, clientUniqueId: 'q', currency: 'USD' });
    expect(quote).toMatchObject({
      status: 'SUCCESS',
      currency: 'USD',
      originalAmount: '25.00',
      originalCurrency: 'EUR',
    });
    expect(quote.amount).not.toBe('25.00');
    return { sessionToken: o.sessionToken, quote };
  };
  const expectRecorded = async (transactionId: string) => {
    expect(await gw.rt.deps.storage.read.dcc.find(transactionId)).toMatchObject({
      transactionId,
      originalAmount: 2500,
      originalCurrency: 'EUR',
    });
  };

  it('an accepted offer: the card is charged the quote in USD; getPaymentStatus and the record agree', async () => {
    const { sessionToken, quote } = await open();
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { card: card(APPROVED) },
      amount: quote.amount,
      currency: 'USD',
      currencyConversion: DCC,
    });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED', transactionStatus: 'APPROVED' });
    const status = (await sc.call('getPaymentStatus', { sessionToken })).json;
    expect(status).toMatchObject({ transactionStatus: 'APPROVED', amount: quote.amount, currency: 'USD' });
    await expectRecorded(r.transactionId);
  });

  it('refuses a charge other than the quote, an original other than the order, and a missing amount (1040)', async () => {
    const { sessionToken, quote } = await open();
    const pay = (fields: Record<string, unknown>) =>
      call('createPayment', {
        sessionToken,
        paymentOption: { card: card(APPROVED) },
        amount: quote.amount,
        currency: 'USD',
        currencyConversion: DCC,
        ...fields,
      });
    expect(await pay({ amount: '1.00' })).toMatchObject({ status: 'ERROR', errCode: 1040 });
    // the original must be the order's amount (a consistent quote of another amount is refused too)
    expect(await pay({ currencyConversion: { ...DCC, originalAmount: '24.00' } })).toMatchObject({
      status: 'ERROR',
      errCode: 1040,
    });
    expect(await pay({ amount: undefined })).toMatchObject({ status: 'ERROR', errCode: 1040 });
    expect(await pay({ currencyConversion: { ...DCC, originalCurrency: 'GBP' } })).toMatchObject({ status: 'ERROR' });
    // nothing was paid: the order still takes its payment
    expect(await pay({})).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
  });

  it('through 3-D Secure (the hosted field flow): initPayment authenticates the converted charge', async () => {
    const { sessionToken, quote } = await open();
    const dcc = { amount: quote.amount, currency: 'USD', currencyConversion: DCC };
    const init = await call('initPayment', { sessionToken, paymentOption: { card: card(CHALLENGE) }, ...dcc });
    expect(init).toMatchObject({ status: 'SUCCESS' });
    // the continuation must charge what was authenticated: the order currency no longer fits
    expect(
      await call('createPayment', {
        sessionToken,
        relatedTransactionId: init.transactionId,
        paymentOption: { card: card(CHALLENGE) },
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1040 });
    const notify = `${gw.url}/hosted/v1/three-d/complete?mo=http%3A%2F%2Flocalhost%3A9999`;
    const first = await call('createPayment', {
      sessionToken,
      relatedTransactionId: init.transactionId,
      paymentOption: {
        card: { ...card(CHALLENGE), threeD: { methodCompletionInd: 'U', notificationURL: notify, platformType: '02' } },
      },
      ...dcc,
    });
    expect(first).toMatchObject({ status: 'SUCCESS', result: 'REDIRECT' });
    const acs = await fetch(first.threeD.acsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete&code=1',
    });
    expect(acs.status).toBe(200);
    const final = await call('createPayment', {
      sessionToken,
      relatedTransactionId: first.transactionId,
      paymentOption: { card: { ...card(CHALLENGE), threeD: { notificationURL: notify } } },
      ...dcc,
    });
    expect(final).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    const status = (await sc.call('getPaymentStatus', { sessionToken })).json;
    expect(status).toMatchObject({ transactionId: final.transactionId, amount: quote.amount, currency: 'USD' });
    await expectRecorded(final.transactionId);
  });

  it('a saved card pays converted too', async () => {
    const { sessionToken, quote } = await open({ userTokenId: 'dcc-user' });
    const added = await call('addCardUpo', { sessionToken, card: card(UPO_CARD) });
    const r = await call('createPayment', {
      sessionToken,
      paymentOption: { userPaymentOptionId: added.userPaymentOptionId, card: { CVV: '217' } },
      amount: quote.amount,
      currency: 'USD',
      currencyConversion: DCC,
    });
    expect(r).toMatchObject({ status: 'SUCCESS', result: 'APPROVED' });
    await expectRecorded(r.transactionId);
  });
});
