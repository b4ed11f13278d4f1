import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway, validOrder } from '../../../test/harness.js';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { CARD_ROWS, wireCard } from '../../../test/payment-cards.js';
import type { ManualClock } from '../../lib/clock.js';

const T0 = Date.UTC(2026, 2, 10, 9, 30);
const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects())('POST /payment-api/payments on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  const pay = (body: Record<string, unknown>, headers: Record<string, string> = apiKey(gw)) =>
    gw.request('POST', '/payment-api/payments', {
      headers,
      body: { processingEntityId: gw.demo.processingEntityId, currency: 'EUR', ...body },
    });
  const sale = (number: string, extra: Record<string, unknown> = {}) =>
    pay({
      transactionType: 'Sale',
      amount: 10,
      paymentOption: { card: wireCard(number) },
      billingAddress: { zip: '10001' },
      ...extra,
    });
  const op = (
    transactionType: string,
    relatedTransactionId: string,
    amount: number,
    headers?: Record<string, string>,
  ) => pay({ transactionType, relatedTransactionId, amount }, headers);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
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

  describe('the test-card table', () => {
    it.each(CARD_ROWS)('$number → $status $reason', async (row) => {
      const r = await sale(row.number);
      expect(r.status, r.text).toBe(200);
      const b = r.json;
      expect(b.result.status).toBe(row.status);
      expect(b.transactionId).toMatch(/^\d{1,20}$/);
      expect(b.paymentId).toBe(b.transactionId);
      expect(b).toMatchObject({ amount: 10, currency: 'EUR', transactionType: 'Sale' });
      if (row.status === 'approved') {
        expect(b.authCode).toMatch(/^\d{6}$/);
        expect(b.avsCode).toBe('Y');
        expect(b.result.errors).toBeUndefined();
        expect(b.externalTransactionId).toBeTruthy();
      } else {
        expect(b.authCode).toBeUndefined();
        expect(b.result.errors.reason).toBeTruthy();
      }
      if (row.reason) expect(b.result.errors.reason).toBe(row.reason);
      if (row.cvv2Code) expect(b.cvv2Code).toBe(row.cvv2Code);
      const card = b.paymentOption.card;
      expect(card).toMatchObject({
        bin: row.number.slice(0, 6),
        last4Digits: row.number.slice(-4),
        expirationMonth: '12',
        expirationYear: '2030',
        cardHolderName: 'John Smith',
      });
      expect(card.maskedCardNumber).toBe(
        `${row.number.slice(0, 6)}${'*'.repeat(row.number.length - 10)}${row.number.slice(-4)}`,
      );
      expect(['Credit', 'Debit']).toContain(card.cardType);
      expect(card.issuerCountry).toMatch(/^[A-Z]{2}$/);
      if (row.brand) expect(card.cardBrand).toBe(row.brand);
      if (row.cardType) expect(card.cardType).toBe(row.cardType);
      if (row.threeD)
        expect(card.threeD).toMatchObject({ version: '2.2.0', eci: expect.any(String), dsTransID: expect.any(String) });
      else expect(card.threeD).toBeUndefined();
      expect(r.text).not.toContain(row.number);
    });

    it('approves half of the amount of the Insufficient Funds card with isPartialApproval', async () => {
      const r = await sale('4000000000009995', { isPartialApproval: true });
      expect(r.json).toMatchObject({
        result: { status: 'approved' },
        amount: 5,
        partialApproval: { requestedAmount: 10, requestedCurrency: 'EUR' },
      });
    });

    it('answers AVS N for the billing zip 00000', async () => {
      const r = await sale('4761344136141390', { billingAddress: { zip: '00000' } });
      expect(r.json).toMatchObject({ result: { status: 'approved' }, avsCode: 'N' });
    });
  });

  describe('refusals before the acquirer', () => {
    it('refuses a number failing Luhn (400 naming the field)', async () => {
      const r = await sale('4761344136141391');
      expect(r.status).toBe(400);
      expect(r.json.result.errors).toEqual({
        code: '5000.1001',
        reason: '[paymentOption.card.cardNumber] is not a valid card number',
      });
    });
    it('refuses an expiry in the past', async () => {
      const r = await pay({
        transactionType: 'Sale',
        amount: 10,
        paymentOption: { card: wireCard('4761344136141390', { expirationYear: '2026', expirationMonth: '02' }) },
      });
      expect(r.status).toBe(400);
      expect(r.json.result.errors.reason).toMatch(/^\[paymentOption\.card\.expirationYear\]/);
    });
    it.each([
      [{ tempToken: 'abc' }, '[paymentOption.tempToken] is not a token of this merchant site'],
      [{ userPaymentOptionId: '123' }, '[userTokenId] must not be null'],
      [
        { alternativePaymentMethod: { name: 'apmgw_Test' } },
        '[paymentOption.alternativePaymentMethod.paymentMethod] apmgw_Test is not an enabled payment method',
      ],
      [
        { card: wireCard('4761344136141390'), tempToken: 'abc' },
        '[paymentOption] must have exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod',
      ],
      [{}, '[paymentOption.card] must not be null'],
    ])('refuses paymentOption %j', async (paymentOption, reason) => {
      const r = await pay({ transactionType: 'Sale', amount: 10, paymentOption });
      expect(r.status).toBe(400);
      expect(r.json.result.errors.reason).toBe(reason);
    });
    it('needs relatedTransactionId for Settle, Void and Refund', async () => {
      for (const t of ['Settle', 'Void', 'Refund']) {
        const r = await pay({ transactionType: t, amount: 1 });
        expect(r.status).toBe(400);
        expect(r.json.result.errors).toEqual({ code: '5000.1000', reason: '[relatedTransactionId] must not be null' });
      }
    });
    it('answers an unknown relatedTransactionId as invalid', async () => {
      const r = await op('Void', '123', 10);
      expect(r.status).toBe(400);
      expect(r.json.result.errors.reason).toBe('Invalid relatedTransactionId');
    });
  });

  describe('the state machine through the API', () => {
    it('settles an Auth in parts up to the authorised amount, refunds a settle, refuses the excess', async () => {
      const auth = (
        await pay({ transactionType: 'Auth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } })
      ).json;
      expect(auth.result.status).toBe('approved');
      const s1 = await op('Settle', auth.transactionId, 6);
      expect(s1.json).toMatchObject({ result: { status: 'approved' }, transactionType: 'Settle', amount: 6 });
      const s2 = await op('Settle', auth.transactionId, 4);
      expect(s2.json.result.status).toBe('approved');
      const s3 = await op('Settle', auth.transactionId, 0.01);
      expect(s3.status).toBe(400);
      expect(s3.json.result.errors.reason).toMatch(
        /in state approved Auth: the amount exceeds what remains authorised \(0\.00 EUR\)/,
      );
      const r1 = await op('Refund', s1.json.transactionId, 2.5);
      expect(r1.json).toMatchObject({ result: { status: 'approved' }, transactionType: 'Refund' });
      const r2 = await op('Refund', s1.json.transactionId, 3.51);
      expect(r2.status).toBe(400);
      expect(r2.json.result.errors.reason).toMatch(/exceeds what remains settled \(3\.50 EUR\)/);
      const refundOfAuth = await op('Refund', auth.transactionId, 1);
      expect(refundOfAuth.json.result.errors.reason).toMatch(/only a Sale or Settle can be refunded/);
      const voidAuth = await op('Void', auth.transactionId, 10);
      expect(voidAuth.json.result.errors.reason).toMatch(/has settlements/);
    });

    it('voids a sale once; the second void and a settle after it are refused', async () => {
      const s = (await sale('4761344136141390')).json;
      const v1 = await op('Void', s.transactionId, 10);
      expect(v1.json).toMatchObject({ result: { status: 'approved' }, transactionType: 'Void' });
      const v2 = await op('Void', s.transactionId, 10);
      expect(v2.status).toBe(400);
      expect(v2.json.result.errors.reason).toMatch(/in state voided Sale/);
      const refund = await op('Refund', s.transactionId, 1);
      expect(refund.json.result.errors.reason).toMatch(/in state voided Sale/);
      const voidOfVoid = await op('Void', v1.json.transactionId, 10);
      expect(voidOfVoid.json.result.errors.reason).toMatch(/cannot be voided/);
    });

    it('voiding a settle gives its amount back to the authorisation', async () => {
      const auth = (
        await pay({ transactionType: 'PreAuth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } })
      ).json;
      const s1 = (await op('Settle', auth.transactionId, 10)).json;
      expect((await op('Void', s1.transactionId, 10)).json.result.status).toBe('approved');
      expect((await op('Settle', auth.transactionId, 10)).json.result.status).toBe('approved');
    });

    it('refuses acting on declined and error transactions: they are final', async () => {
      const d = (await sale('4000128449498204')).json;
      const r = await op('Refund', d.transactionId, 1);
      expect(r.json.result.errors.reason).toMatch(/in state declined Sale: a declined transaction is final/);
      const e = (await sale('4000000000000119')).json;
      expect((await op('Void', e.transactionId, 10)).json.result.errors.reason).toMatch(/in state error Sale/);
    });

    it('refuses the void of a sale after the daily cut-off (clock moved), then still refunds it', async () => {
      const s = (await sale('4761344136141390')).json;
      clock.set(Date.UTC(2026, 2, 11, 0, 0, 0));
      try {
        const v = await op('Void', s.transactionId, 10);
        expect(v.status).toBe(400);
        expect(v.json.result.errors.reason).toMatch(/cut-off has passed/);
        expect((await op('Refund', s.transactionId, 10)).json.result.status).toBe('approved');
      } finally {
        clock.set(T0);
      }
    });

    it('refuses to settle an Auth after 7 days', async () => {
      const a = (
        await pay({ transactionType: 'Auth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } })
      ).json;
      clock.set(T0 + 7 * DAY + 1);
      try {
        const s = await op('Settle', a.transactionId, 1);
        expect(s.status).toBe(400);
        expect(s.json.result.errors.reason).toMatch(/in state expired Auth: the Auth is no longer valid/);
      } finally {
        clock.set(T0);
      }
    });
  });

  describe('orders', () => {
    it('pays an order; its status is then the payment; a second payment is refused', async () => {
      const created = await gw.request('POST', '/orders', {
        headers: apiKey(gw),
        body: validOrder(gw, { amount: 12.5, currency: 'EUR' }),
      });
      const sessionId = created.json.sessionId as string;
      const wrong = await pay({
        sessionId,
        transactionType: 'Sale',
        amount: 12,
        paymentOption: { card: wireCard('4761344136141390') },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.result.errors.reason).toBe('[amount] must be the order amount');
      const ok = await pay({
        sessionId,
        transactionType: 'Sale',
        amount: 12.5,
        paymentOption: { card: wireCard('4761344136141390') },
      });
      expect(ok.json.result.status).toBe('approved');
      const status = await gw.request('GET', `/orders/status?sessionId=${sessionId}`, { headers: apiKey(gw) });
      expect(status.json).toEqual(ok.json);
      const again = await pay({
        sessionId,
        transactionType: 'Sale',
        amount: 12.5,
        paymentOption: { card: wireCard('4761344136141390') },
      });
      expect(again.status).toBe(400);
      expect(again.json.result.errors.reason).toMatch(/already paid it/);
    });

    it('accepts the amount within an openAmount', async () => {
      const created = await gw.request('POST', '/orders', {
        headers: apiKey(gw),
        body: validOrder(gw, { amount: 10, openAmount: { min: 5, max: 20 } }),
      });
      const r = await pay({
        sessionId: created.json.sessionId,
        transactionType: 'Sale',
        amount: 17,
        paymentOption: { card: wireCard('4761344136141390') },
      });
      expect(r.json.result.status).toBe('approved');
    });
  });

  describe('the order sessionId as bearer token', () => {
    const order = async (permittedOperations: string[]) =>
      (
        await gw.request('POST', '/orders', {
          headers: apiKey(gw),
          body: validOrder(gw, { amount: 10, permittedOperations }),
        })
      ).json.sessionId as string;

    it('pays its own order and, with operations, settles its transactions only', async () => {
      const sid = await order(['payments', 'operations']);
      const bearer = { authorization: `Bearer ${sid}` };
      const a = await pay(
        { transactionType: 'Auth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } },
        bearer,
      );
      expect(a.json.result.status).toBe('approved');
      expect((await op('Settle', a.json.transactionId, 10, bearer)).json.result.status).toBe('approved');
      const foreign = (await sale('4761344136141390')).json;
      const r = await op('Refund', foreign.transactionId, 1, bearer);
      expect(r.json.result.errors.reason).toBe('Invalid relatedTransactionId');
    });

    it('cannot settle without operations, nor pay without payments', async () => {
      const payOnly = await order(['payments']);
      const a = await pay(
        { transactionType: 'Auth', amount: 10, paymentOption: { card: wireCard('5555555555554444') } },
        { authorization: `Bearer ${payOnly}` },
      );
      expect(a.json.result.status).toBe('approved');
      expect((await op('Settle', a.json.transactionId, 10, { authorization: `Bearer ${payOnly}` })).status).toBe(403);
      const opsOnly = await order(['operations']);
      const p = await pay(
        { transactionType: 'Sale', amount: 10, paymentOption: { card: wireCard('4761344136141390') } },
        { authorization: `Bearer ${opsOnly}` },
      );
      expect(p.status).toBe(403);
      expect(p.json.result.errors.code).toBe('7300.3000');
    });

    it('is refused for another order and after 30 minutes', async () => {
      const sid = await order(['payments']);
      const other = await order(['payments']);
      const r = await pay(
        {
          sessionId: other,
          transactionType: 'Sale',
          amount: 10,
          paymentOption: { card: wireCard('4761344136141390') },
        },
        { authorization: `Bearer ${sid}` },
      );
      expect(r.status).toBe(403);
      clock.set(T0 + 30 * 60 * 1000);
      try {
        const late = await pay(
          { transactionType: 'Sale', amount: 10, paymentOption: { card: wireCard('4761344136141390') } },
          { authorization: `Bearer ${sid}` },
        );
        expect(late.status).toBe(401);
      } finally {
        clock.set(T0);
      }
    });

    it('refuses a dispute key and no credential', async () => {
      expect((await pay({ transactionType: 'Sale', amount: 10 }, {})).status).toBe(401);
    });
  });

  describe('idempotency-key', () => {
    it('20 concurrent identical requests make one transaction; the rest replay or are still processing', async () => {
      const key = { ...apiKey(gw), 'idempotency-key': `pay-${dialect}-1` };
      const body = { transactionType: 'Sale', amount: 10, paymentOption: { card: wireCard('4761344136141390') } };
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(body, key)));
      const ok = answers.filter((a) => a.status === 200);
      const busy = answers.filter((a) => a.status === 409);
      expect(ok.length + busy.length).toBe(20);
      expect(new Set(ok.map((a) => a.json.transactionId)).size).toBe(1);
      for (const b of busy) expect(b.json.result.errors).toEqual({ code: '5300.1003', reason: 'Still Processing' });
      const replay = await pay(body, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.json.transactionId).toBe(ok[0]!.json.transactionId);
      const rows = await gw.rt.store.db
        .selectFrom('transactions')
        .select('id')
        .where('created_at', '=', T0)
        .where('amount_minor', '=', 1000)
        .where('client_unique_id', 'is', null)
        .execute();
      expect(rows.filter((r) => String(r.id) === ok[0]!.json.transactionId)).toHaveLength(1);
      const mismatch = await pay({ ...body, amount: 11 }, key);
      expect(mismatch.status).toBe(409);
      expect(mismatch.json.result.errors.code).toBe('5000.1090');
    });
  });

  it('queues a webhook for every outcome of an order with a webhookUrl', async () => {
    const created = await gw.request('POST', '/orders', {
      headers: apiKey(gw),
      body: validOrder(gw, { amount: 10, urlDetails: { webhookUrl: 'http://127.0.0.1:9/hook' } }),
    });
    const r = await pay({
      sessionId: created.json.sessionId,
      transactionType: 'Sale',
      amount: 10,
      paymentOption: { card: wireCard('4761344136141390') },
    });
    const rows = await gw.rt.deps.storage.read.notifications.list({ transactionId: r.json.transactionId, limit: 10 });
    const webhook = rows.find((n) => n.kind === 'webhook')!;
    expect(webhook.eventType).toBe('transaction.approved');
    expect(JSON.parse(webhook.payload).data).toMatchObject({
      transactionId: r.json.transactionId,
      result: { status: 'approved' },
      sessionId: created.json.sessionId,
    });
    expect(webhook.payload).not.toContain('4761344136141390');
  });
});
