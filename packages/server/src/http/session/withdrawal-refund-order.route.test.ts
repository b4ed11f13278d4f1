import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { type SessionClient, sessionClient } from '../../../test/session-client.js';
import { apmUpo, cardUpo, wdCall } from '../../../test/withdrawals.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';

/**
 * placeWithdrawalOrder with settlementType 1 (docs/decisions/0136): the order settles as a Refund of a
 * deposit of the user with that card UPO, through the refund operation (its DMNs with the order's), not
 * as a payout; the refundable amount is respected, and with nothing to refund the call is refused and
 * nothing changes.
 */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe.each(dialects())('refund withdrawal orders (settlementType 1) on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let sc: SessionClient;
  let seq = 0;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
    sc = sessionClient(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  const call = async (method: Parameters<typeof wdCall>[1], fields: object) => (await wdCall(gw, method, fields)).json;
  /** a user with a card UPO and, unless `deposit` is null, an approved Sale of `deposit` EUR with it */
  const depositor = async (deposit: string | null = '10.00') => {
    const u = `refund-user-${++seq}`;
    const upo = await cardUpo(gw, u, '4761344136141390');
    let sale: any;
    if (deposit !== null) {
      const { sessionToken } = await sc.openOrder({ userTokenId: u, amount: deposit } as Record<string, unknown>);
      sale = (
        await sc.send('payment', {
          sessionToken,
          clientRequestId: `p-${u}`,
          userTokenId: u,
          amount: deposit,
          currency: 'EUR',
          paymentOption: { userPaymentOptionId: upo },
        })
      ).json;
      expect(sale).toMatchObject({ transactionStatus: 'APPROVED', transactionType: 'Sale' });
    }
    return { u, upo, sale };
  };
  const submit = (u: string, upo: string, amount: string) =>
    call('submitRequest', {
      userTokenId: u,
      userId: `id-${u}`,
      userPMId: upo,
      amount,
      currency: 'EUR',
      merchantWDRequestId: `mwd-${u}`,
      merchantUniqueId: `mu-${u}`,
    });
  const placeRefund = (r: any, upo: string, amount: string) =>
    call('placeWithdrawalOrder', {
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: r.merchantWDRequestId,
      userPMId: upo,
      amount,
      currency: 'EUR',
      settlementType: 1,
    });
  const txOf = (id: string) => gw.rt.deps.storage.read.payments.find(id);
  const request = async (id: number) => (await call('getRequests', { wdRequestId: id })).withdrawalRequests[0];

  it('settles as a Refund of the deposit (no payout): the deposit is refunded, the order Settled, the request Approved, with DMNs', async () => {
    const { u, upo, sale } = await depositor('10.00');
    const r = await submit(u, upo, '4.00');
    const p = await placeRefund(r, upo, '4.00');
    expect(p).toMatchObject({
      status: 'SUCCESS',
      wdOrderStatus: 'Approved',
      wdRequestStatus: 'InProgress',
      settlementType: 1,
    });

    const s = await call('settleWithdrawalOrder', { wdOrderId: p.wdOrderId });
    expect(s).toMatchObject({
      status: 'SUCCESS',
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      approvedAmount: '4.00',
      transactionStatus: 'APPROVED',
    });
    expect(await txOf(s.transactionId)).toMatchObject({
      type: 'Refund',
      status: 'approved',
      amount: 400,
      relatedTransactionId: sale.transactionId,
      userTokenId: u,
    });
    expect(await txOf(sale.transactionId)).toMatchObject({ refunded: 400 });
    // no payout for this user
    const payouts = await gw.rt.store.db
      .selectFrom('transactions')
      .select('id')
      .where('user_token_id', '=', u)
      .where('type', '=', 'Payout')
      .execute();
    expect(payouts).toEqual([]);
    const dmns = await listDeliveries(gw.rt.deps, { transactionId: s.transactionId, limit: 10 });
    expect(dmns.map((d) => d.eventType).sort()).toEqual([
      'transaction.approved',
      'withdrawal.approved',
      'withdrawal_order.settled',
    ]);
    // what is left to refund
    const cands = await call('getCandidatesForRefund', { wdRequestId: r.wdRequestId });
    expect(cands.transactionsDetailList).toEqual([
      expect.objectContaining({ transactionId: sale.transactionId, refundedAmount: '4.00', availableAmount: '6.00' }),
    ]);
    const orders = await call('getOrders', { merchantUniqueId: `mu-${u}` });
    expect(orders.withdrawalOrders).toMatchObject([
      { wdOrderId: p.wdOrderId, wdOrderStatus: 'Settled', settlementType: 1, transactionId: s.transactionId },
    ]);
  });

  it('settleOrdersInBatch settles refund orders the same way, one Refund each, within what is refundable', async () => {
    const { u, upo, sale } = await depositor('10.00');
    const r = await submit(u, upo, '10.00');
    const a = await placeRefund(r, upo, '6.00');
    const b = await placeRefund(r, upo, '4.00');
    const batch = await call('settleOrdersInBatch', { wdOrderIds: [a.wdOrderId, b.wdOrderId] });
    expect(batch.status).toBe('SUCCESS');
    expect(batch.orders.map((o: any) => [o.operationStatus, o.wdOrderStatus])).toEqual([
      ['SUCCESS', 'Settled'],
      ['SUCCESS', 'Settled'],
    ]);
    const refunds = await gw.rt.store.db
      .selectFrom('transactions')
      .select(['type', 'amount_minor'])
      .where('related_transaction_id', '=', sale.transactionId)
      .orderBy('id')
      .execute();
    expect(refunds.map((x) => [x.type, Number(x.amount_minor)])).toEqual([
      ['Refund', 600],
      ['Refund', 400],
    ]);
    expect(await txOf(sale.transactionId)).toMatchObject({ refunded: 1000 });
    expect(await request(r.wdRequestId)).toMatchObject({ wdRequestStatus: 'Approved' });
  });

  it('nothing refundable (no deposit, or less left than the amount, or an APM UPO): refused and nothing changes', async () => {
    const none = await depositor(null);
    const r1 = await submit(none.u, none.upo, '4.00');
    const refused = await placeRefund(r1, none.upo, '4.00');
    expect(refused).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(refused.reason).toContain('Nothing to refund');
    expect(await request(r1.wdRequestId)).toMatchObject({ wdRequestStatus: 'Pending' });
    expect((await call('getOrders', { merchantUniqueId: `mu-${none.u}` })).totalCount).toBe('0');

    const small = await depositor('3.00');
    const r2 = await submit(small.u, small.upo, '5.00');
    expect(await placeRefund(r2, small.upo, '3.01')).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(await request(r2.wdRequestId)).toMatchObject({ wdRequestStatus: 'Pending' });
    // the amount left is refundable
    expect(await placeRefund(r2, small.upo, '3.00')).toMatchObject({ status: 'SUCCESS', settlementType: 1 });

    const apmUser = `refund-apm-${++seq}`;
    const apm = await apmUpo(gw, apmUser, 'apmgw_MobileWallet', { phone: '+4915112345678' });
    const r3 = await submit(apmUser, apm, '1.00');
    expect(r3).toMatchObject({ status: 'SUCCESS' });
    expect(await placeRefund(r3, apm, '1.00')).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(await request(r3.wdRequestId)).toMatchObject({ wdRequestStatus: 'Pending' });
  });

  it('a deposit refunded meanwhile: the settlement is refused, the order stays Approved, no transaction is added', async () => {
    const { u, upo, sale } = await depositor('10.00');
    const r = await submit(u, upo, '6.00');
    const p = await placeRefund(r, upo, '6.00');
    expect(p).toMatchObject({ status: 'SUCCESS' });
    const refund = (
      await sc.send('refundTransaction', {
        clientRequestId: `rf-${u}`,
        relatedTransactionId: sale.transactionId,
        amount: '5.00',
        currency: 'EUR',
      })
    ).json;
    expect(refund).toMatchObject({ transactionStatus: 'APPROVED' });
    const count = async () =>
      (await gw.rt.store.db.selectFrom('transactions').select('id').where('user_token_id', '=', u).execute()).length;
    const before = await count();
    const s = await call('settleWithdrawalOrder', { wdOrderId: p.wdOrderId });
    expect(s).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(s.reason).toContain('Nothing to refund');
    expect(await count()).toBe(before);
    expect((await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders).toMatchObject([
      { wdOrderId: p.wdOrderId, wdOrderStatus: 'Approved' },
    ]);
    expect(await txOf(sale.transactionId)).toMatchObject({ refunded: 500 });
  });
});
