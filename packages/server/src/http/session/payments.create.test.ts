import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { CARD_ROWS, wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import type { ManualClock } from '../../lib/clock.js';
import { configureSite } from '../../domain/sessions/site-settings.service.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const SESSION_STATUS = { approved: 'APPROVED', declined: 'DECLINED', error: 'ERROR' } as const;

describe.each(dialects())('session payment.do and transaction operations on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  let sc: SessionClient;
  let seq = 0;

  const payment = async (number: string, fields: Record<string, unknown> = {}, order: Record<string, unknown> = {}) => {
    const { sessionToken } = await sc.openOrder(order);
    const r = await sc.send('payment', {
      sessionToken,
      clientRequestId: `r-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard(number) },
      billingAddress: { zip: '10001', country: 'US' },
      ...fields,
    });
    return { sessionToken, r: r.json };
  };
  const op = (
    method: 'settleTransaction' | 'refundTransaction' | 'voidTransaction',
    relatedTransactionId: string,
    amount: string,
  ) =>
    sc
      .send(method, {
        clientRequestId: `o-${++seq}`,
        clientUniqueId: `c-${seq}`,
        amount,
        currency: 'EUR',
        relatedTransactionId,
      })
      .then((x) => x.json);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
    sc = sessionClient(gw);
  });
  // After every test above: no test card number they used is in the store or the log, in clear.
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, [...CARD_ROWS.map((r) => r.number), '4761344136141391'])).toEqual([]);
      expect(gw.rawLog()).toContain('"reqId"');
    } finally {
      await gw.close();
    }
  });

  it.each(CARD_ROWS)('$number → $status $reason', async (row) => {
    const { r } = await payment(row.number);
    expect(r.status).toBe('SUCCESS');
    expect(r.transactionStatus).toBe(SESSION_STATUS[row.status]);
    expect(r.transactionId).toMatch(/^\d{1,20}$/);
    expect(r).toMatchObject({ amount: '10.00', currency: 'EUR', transactionType: 'Sale' });
    if (row.status === 'approved') {
      expect(r.authCode).toMatch(/^\d{6}$/);
      expect(r).toMatchObject({ gwErrorCode: 0, gwExtendedErrorCode: 0, avsCode: 'Y' });
      // no gwErrorReason key on an approval: clients read its message as transactionStatus (0151)
      expect(r).not.toHaveProperty('gwErrorReason');
    } else {
      expect(r.authCode).toBe('');
      expect(r.gwErrorCode).toBe(row.status === 'error' ? -1100 : -1);
      expect(r.gwErrorReason).toBeTruthy();
      expect(r.gwExtendedErrorCode).toEqual(expect.any(Number));
    }
    if (row.reason) expect(r.gwErrorReason).toBe(row.reason);
    if (row.cvv2Code) expect(r.cvv2Code).toBe(row.cvv2Code);
    expect(r.paymentOption.card).toMatchObject({
      // masked and dated as the real gateway's answers are: first digit, four stars, last four; a 2-digit year (0151)
      ccCardNumber: `${row.number.slice(0, 1)}****${row.number.slice(-4)}`,
      bin: row.number.slice(0, 6),
      last4Digits: row.number.slice(-4),
      ccExpMonth: '12',
      ccExpYear: '30',
    });
    if (row.brand) expect(r.paymentOption.card.cardBrand).toBe(row.brand);
    if (row.threeD) expect(r.paymentOption.card.threeD).toMatchObject({ version: '2.2.0' });
    expect(JSON.stringify(r)).not.toContain(row.number);
  });

  it('approves half with isPartialApproval and reports the requested amount', async () => {
    const { r } = await payment('4000000000009995', { isPartialApproval: '1' });
    expect(r).toMatchObject({
      transactionStatus: 'APPROVED',
      amount: '5.00',
      partialApproval: { requestedAmount: '10.00', requestedCurrency: 'EUR', processedAmount: '5.00' },
    });
  });

  it.each([
    [{ paymentOption: { card: wireCard('4761344136141391') } }, 1004],
    [{ paymentOption: { card: wireCard('4761344136141390', { expirationYear: '2025' }) } }, 1029],
    [{ paymentOption: { card: wireCard('4761344136141390', { CVV: '12a' }) } }, 1062],
    [{ paymentOption: {} }, 1060],
    [{ amount: '11.00' }, 1040],
    [{ transactionType: 'Refund' }, 1019],
  ])('refuses %j with errCode %i', async (fields, errCode) => {
    const { r } = await payment('4761344136141390', fields);
    expect(r).toMatchObject({ status: 'ERROR', errCode });
  });

  it('settles, refunds and voids; refused moves are 1058; unknown ids are Invalid relatedTransactionId', async () => {
    const { r: auth } = await payment('5555555555554444', { transactionType: 'Auth' });
    expect(auth.transactionStatus).toBe('APPROVED');
    const s1 = await op('settleTransaction', auth.transactionId, '4.00');
    expect(s1).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionType: 'Settle',
      amount: '4.00',
    });
    const s2 = await op('settleTransaction', auth.transactionId, '6.00');
    expect(s2.transactionStatus).toBe('APPROVED');
    const s3 = await op('settleTransaction', auth.transactionId, '0.01');
    expect(s3).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(s3.reason).toMatch(/in state approved Auth/);
    const rf = await op('refundTransaction', s1.transactionId, '4.00');
    expect(rf).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Refund' });
    expect(await op('refundTransaction', s1.transactionId, '0.01')).toMatchObject({ status: 'ERROR', errCode: 1058 });
    const vr = await op('voidTransaction', rf.transactionId, '4.00');
    expect(vr).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Void' });
    // the voided refund gives its amount back to the settle
    expect((await op('refundTransaction', s1.transactionId, '4.00')).transactionStatus).toBe('APPROVED');
    expect(await op('voidTransaction', vr.transactionId, '4.00')).toMatchObject({ status: 'ERROR', errCode: 1058 });
    const unknown = await op('voidTransaction', '123', '1.00');
    expect(unknown).toMatchObject({ status: 'ERROR', reason: 'Invalid relatedTransactionId' });
  });

  it('refuses a follow-up on another site', async () => {
    const { r } = await payment('4761344136141390');
    const other = await gw.request('POST', '/ppp/api/v1/voidTransaction.do', {
      body: sc.signed('voidTransaction', {
        amount: '10.00',
        currency: 'EUR',
        relatedTransactionId: r.transactionId,
        merchantSiteId: '0',
      }),
    });
    expect(other.json.status).toBe('ERROR');
  });

  it('counts declines toward sessionCardDeclineLimit; the session then expires', async () => {
    const { sessionToken } = await sc.openOrder({ sessionCardDeclineLimit: '2' } as Record<string, unknown>);
    // a fresh clientRequestId each time: the same signed body again would be a replay (docs/decisions/0805)
    const again = () =>
      sc.send('payment', {
        sessionToken,
        clientRequestId: `d-${++seq}`,
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { card: wireCard('4000128449498204') },
      });
    expect((await again()).json.transactionStatus).toBe('DECLINED');
    expect((await again()).json.transactionStatus).toBe('DECLINED');
    expect((await again()).json).toMatchObject({ status: 'ERROR', errCode: 1069 });
  });

  it('a site’s default decline limit expires a session opened without its own; an own limit comes first', async () => {
    await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { sessionDeclineLimit: 1 });
    try {
      const declineIn = (sessionToken: string) =>
        sc.send('payment', {
          sessionToken,
          clientRequestId: `sd-${++seq}`,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: wireCard('4000128449498204') },
        });
      const plain = (await sc.openOrder()).sessionToken;
      expect((await declineIn(plain)).json.transactionStatus).toBe('DECLINED');
      expect((await declineIn(plain)).json).toMatchObject({ status: 'ERROR', errCode: 1069 });
      const own = (await sc.openOrder({ sessionCardDeclineLimit: '2' } as Record<string, unknown>)).sessionToken;
      expect((await declineIn(own)).json.transactionStatus).toBe('DECLINED');
      expect((await declineIn(own)).json.transactionStatus).toBe('DECLINED');
      expect((await declineIn(own)).json).toMatchObject({ status: 'ERROR', errCode: 1069 });
    } finally {
      await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { sessionDeclineLimit: 0 });
    }
  });

  it('getPaymentStatus answers the last payment of the session; a second approved payment is refused', async () => {
    const { sessionToken } = await sc.openOrder();
    const pending = await gw.request('POST', '/ppp/api/v1/getPaymentStatus.do', { body: { sessionToken } });
    expect(pending.json.transactionStatus).toBe('PENDING');
    // a fresh clientRequestId each time: the same signed body again would be a replay (docs/decisions/0805)
    const send = (number: string) =>
      sc
        .send('payment', {
          sessionToken,
          clientRequestId: `s-${++seq}`,
          amount: '10.00',
          currency: 'EUR',
          paymentOption: { card: wireCard(number) },
        })
        .then((x) => x.json);
    const declined = await send('4000128449498204');
    let st = await gw.request('POST', '/ppp/api/v1/getPaymentStatus.do', { body: { sessionToken } });
    expect(st.json).toMatchObject({
      transactionStatus: 'DECLINED',
      transactionId: declined.transactionId,
      gwErrorReason: 'Decline',
    });
    const approved = await send('4761344136141390');
    st = await gw.request('POST', '/ppp/api/v1/getPaymentStatus.do', { body: { sessionToken } });
    expect(st.json).toMatchObject({
      status: 'SUCCESS',
      transactionStatus: 'APPROVED',
      transactionId: approved.transactionId,
      authCode: approved.authCode,
      paymentOption: { card: { last4Digits: '1390' } },
    });
    expect(await send('4761344136141390')).toMatchObject({ status: 'ERROR', errCode: 1058 });
  });

  it('queues a DMN to the notificationUrl of the payment, else of the order, else the site', async () => {
    const { r } = await payment('4761344136141390', {
      urlDetails: { notificationUrl: 'http://127.0.0.1:9/dmn-payment' },
    });
    const { r: r2 } = await payment(
      '4000128449498204',
      {},
      { urlDetails: { notificationUrl: 'http://127.0.0.1:9/dmn-order' } },
    );
    const read = gw.rt.deps.storage.read.notifications;
    const [d1] = await read.list({ transactionId: r.transactionId, limit: 5 });
    const [d2] = await read.list({ transactionId: r2.transactionId, limit: 5 });
    expect(d1).toMatchObject({
      kind: 'dmn',
      targetUrl: 'http://127.0.0.1:9/dmn-payment',
      eventType: 'transaction.approved',
    });
    expect(d2).toMatchObject({
      kind: 'dmn',
      targetUrl: 'http://127.0.0.1:9/dmn-order',
      eventType: 'transaction.declined',
    });
    const params = new URLSearchParams(d1!.payload);
    expect(params.get('Status')).toBe('APPROVED');
    expect(params.get('TransactionID')).toBe(r.transactionId);
    expect(params.get('last4Digits')).toBe('1390');
    expect(d1!.payload).not.toContain('4761344136141390');
    const settle = await op('refundTransaction', r.transactionId, '1.00');
    const [d3] = await read.list({ transactionId: settle.transactionId, limit: 5 });
    expect(d3).toMatchObject({ targetUrl: 'http://127.0.0.1:9/dmn-payment' });
    expect(new URLSearchParams(d3!.payload).get('relatedTransactionId')).toBe(r.transactionId);
    void clock;
  });
});
