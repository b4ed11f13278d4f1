import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireCard } from '../../../test/payment-cards.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { configureSite } from '../../domain/sessions/site-settings.service.js';
import { cardUpo, wdCall } from '../../../test/withdrawals.js';

/**
 * Replays of signed money-moving session calls (docs/decisions/0805): the same body
 * again answers the first answer byte for byte, and no transaction, reservation or DMN is added.
 */
describe.each(dialects())('replayed session bodies on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;
  const T0 = Date.UTC(2026, 2, 10, 9, 30);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    sc = sessionClient(gw);
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
  });
  afterAll(async () => gw?.close());

  const transactions = async () =>
    Number(
      (
        await gw.rt.store.db
          .selectFrom('transactions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dmns = async (transactionId: string) => (await listDeliveries(gw.rt.deps, { transactionId, limit: 10 })).length;
  /** sends one signed body twice: the second answer is the first, byte for byte, and adds no transaction */
  const twice = async (method: Parameters<SessionClient['signed']>[0], fields: Record<string, unknown>) => {
    const body = sc.signed(method, fields);
    const first = await sc.call(method, body);
    const count = await transactions();
    const again = await sc.call(method, body);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await transactions()).toBe(count);
    return first.json;
  };
  const payment = async (type: string, number = '4761344136141390') => {
    const { sessionToken } = await sc.openOrder();
    return twice('payment', {
      sessionToken,
      clientRequestId: `p-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      transactionType: type,
      paymentOption: { card: wireCard(number) },
      billingAddress: { zip: '10001', country: 'US' },
    });
  };
  const op = (
    method: 'settleTransaction' | 'refundTransaction' | 'voidTransaction',
    relatedTransactionId: string,
    amount: string,
  ) => ({
    clientRequestId: `o-${++seq}`,
    clientUniqueId: `c-${seq}`,
    amount,
    currency: 'EUR',
    relatedTransactionId,
    method,
  });

  it('payment: the replay answers the first answer, one transaction, one DMN', async () => {
    const sale = await payment('Sale');
    expect(sale).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED' });
    expect(await dmns(sale.transactionId)).toBe(1);
    const declined = await payment('Sale', '4000128449498204');
    expect(declined).toMatchObject({ status: 'SUCCESS', transactionStatus: 'DECLINED' });
  });

  it('settle, refund and void: each replay answers its first answer and moves no money', async () => {
    const auth = await payment('Auth');
    const { method: m1, ...s } = op('settleTransaction', auth.transactionId, '4.00');
    const settle = await twice(m1, s);
    expect(settle).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Settle' });
    expect(await dmns(settle.transactionId)).toBe(1);
    const { method: m2, ...r } = op('refundTransaction', settle.transactionId, '1.00');
    const refund = await twice(m2, r);
    expect(refund).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Refund' });
    expect(await dmns(refund.transactionId)).toBe(1);
    const { method: m3, ...v } = op('voidTransaction', refund.transactionId, '1.00');
    const voided = await twice(m3, v);
    expect(voided).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Void' });
    expect(await dmns(voided.transactionId)).toBe(1);
    // what the replays did not take is still there: the rest of the authorisation settles
    const { method: m4, ...rest } = op('settleTransaction', auth.transactionId, '6.00');
    expect((await sc.send(m4, rest)).json).toMatchObject({ transactionStatus: 'APPROVED' });
    const { method: m5, ...more } = op('settleTransaction', auth.transactionId, '0.01');
    expect((await sc.send(m5, more)).json).toMatchObject({ status: 'ERROR', errCode: 1058 });
  });

  it('payout: the replay answers the first answer, one transaction, one DMN', async () => {
    const card = {
      cardNumber: '4761344136141390',
      cardHolderName: 'Jane Roe',
      expirationMonth: '12',
      expirationYear: '2030',
    };
    const r = await twice('payout', {
      userTokenId: 'payee',
      clientRequestId: `po-${++seq}`,
      amount: '12.50',
      currency: 'EUR',
      cardData: card,
    });
    expect(r).toMatchObject({ status: 'SUCCESS', transactionStatus: 'APPROVED', transactionType: 'Payout' });
    expect(await dmns(r.transactionId)).toBe(1);
  });

  it('withdrawal approveRequest: the replay answers the first answer and places no second order', async () => {
    const upo = await cardUpo(gw, 'wd-replay', '4761344136141390');
    const submitted = (
      await wdCall(gw, 'submitRequest', {
        userTokenId: 'wd-replay',
        userId: 'id-wd',
        userPMId: upo,
        amount: '25.00',
        currency: 'EUR',
      })
    ).json;
    expect(submitted.status).toBe('SUCCESS');
    // a partial approval: a second one would place another order
    const body = { wdRequestId: submitted.wdRequestId, amount: '10.00', operatorName: 'olga' };
    const first = await wdCall(gw, 'approveRequest', body);
    expect(first.json).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
    const orders = () => gw.rt.deps.storage.read.withdrawalOrders.ofRequest(String(submitted.wdRequestId));
    expect(await orders()).toHaveLength(1);
    const again = await wdCall(gw, 'approveRequest', body);
    expect(again.text).toBe(first.text);
    expect(await orders()).toHaveLength(1);
  });

  it('racing identical settles: one moves money, the others answer it or "Still Processing"', async () => {
    const auth = await payment('Auth');
    const { method, ...s } = op('settleTransaction', auth.transactionId, '10.00');
    const body = sc.signed(method, s);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sc.call(method, body)));
    const settled = answers.filter((a) => a.json.transactionStatus === 'APPROVED');
    expect(settled.length).toBeGreaterThanOrEqual(1);
    expect(new Set(settled.map((a) => a.text)).size).toBe(1);
    for (const a of answers)
      if (a.json.transactionStatus !== 'APPROVED')
        expect(a.json).toMatchObject({ status: 'ERROR', errCode: 1066, reason: 'Still Processing' });
    const settles = await gw.rt.store.db
      .selectFrom('transactions')
      .select('id')
      .where('related_transaction_id', '=', auth.transactionId)
      .execute();
    expect(settles).toHaveLength(1);
    expect((await sc.call(method, body)).text).toBe(settled[0]!.text);
  });

  it('two legitimate bodies with the same checksum (two sessions) are not one replay', async () => {
    const a = await sc.openOrder();
    const b = await sc.openOrder();
    const fields = {
      clientRequestId: `same-${++seq}`,
      amount: '10.00',
      currency: 'EUR',
      paymentOption: { card: wireCard('4761344136141390') },
    };
    const one = sc.signed('payment', { ...fields, sessionToken: a.sessionToken });
    const two = sc.signed('payment', { ...fields, sessionToken: b.sessionToken });
    expect(two.checksum).toBe(one.checksum);
    const r1 = (await sc.call('payment', one)).json;
    const r2 = (await sc.call('payment', two)).json;
    expect(r1.transactionStatus).toBe('APPROVED');
    expect(r2.transactionStatus).toBe('APPROVED');
    expect(r2.transactionId).not.toBe(r1.transactionId);
  });

  it('a member added to a signed body does not make its replay new', async () => {
    const auth = await payment('Auth');
    const { method, ...s } = op('settleTransaction', auth.transactionId, '3.00');
    const body = sc.signed(method, s);
    const first = await sc.call(method, body);
    const again = await sc.call(method, { ...body, comment2: 'x', clientUniqueId: body.clientUniqueId });
    expect(JSON.parse(again.text).transactionId).toBe(first.json.transactionId);
  });

  it('with unique clientRequestId on, payment and settle spend it, and a replay still answers its first answer', async () => {
    await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { uniqueClientRequestId: true });
    try {
      const { sessionToken } = await sc.openOrder();
      const id = `u-${++seq}`;
      const body = sc.signed('payment', {
        sessionToken,
        clientRequestId: id,
        amount: '10.00',
        currency: 'EUR',
        transactionType: 'Auth',
        paymentOption: { card: wireCard('4761344136141390') },
      });
      const first = await sc.call('payment', body);
      expect(first.json.transactionStatus).toBe('APPROVED');
      expect((await sc.call('payment', body)).text).toBe(first.text);
      const settle = await sc.send('settleTransaction', {
        clientRequestId: id,
        amount: '1.00',
        currency: 'EUR',
        relatedTransactionId: first.json.transactionId,
      });
      expect(settle.json).toMatchObject({ status: 'ERROR', errCode: 1066, reason: 'Duplicate clientRequestId' });
      const status = await sc.send('getPaymentStatus', { sessionToken, clientRequestId: id });
      expect(status.json).toMatchObject({ status: 'ERROR', errCode: 1066, reason: 'Duplicate clientRequestId' });
      // a read-only method spends a fresh value too; a refused call leaves its value unused
      const fresh = `u-${++seq}`;
      expect((await sc.send('getPaymentStatus', { sessionToken, clientRequestId: fresh })).json).toMatchObject({
        status: 'SUCCESS',
      });
      expect((await sc.send('getPaymentStatus', { sessionToken, clientRequestId: fresh })).json).toMatchObject({
        errCode: 1066,
      });
      const unused = `u-${++seq}`;
      const refused = await sc.send('deleteUPO', {
        userTokenId: 'nobody',
        userPaymentOptionId: '999999',
        clientRequestId: unused,
      });
      expect(refused.json).toMatchObject({ status: 'ERROR', errCode: 1011 });
      expect((await sc.send('getPaymentStatus', { sessionToken, clientRequestId: unused })).json).toMatchObject({
        status: 'SUCCESS',
      });
    } finally {
      await configureSite(gw.rt.deps, gw.demo.merchantSiteId, { uniqueClientRequestId: false });
    }
  });
});
