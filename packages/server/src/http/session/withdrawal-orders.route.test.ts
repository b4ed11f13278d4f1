import { buildWithdrawalRequest, type MerchantCredentials } from '@gatehouse/client';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { sessionClient } from '../../../test/session-client.js';
import { cardUpo } from '../../../test/withdrawals.js';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';

/**
 * Withdrawal orders and the other 2.8 methods through the real server (docs/decisions/0130, 0131):
 * place → settle (a payout through the simulated acquirer, its DMNs in the same write) → request
 * Approved; delete, batch settle, update details, seal, cancel/decline with orders, refund candidates,
 * net deposits; checksums [BODY] and [REQ]; missing fields; another merchant's ids refused.
 */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe.each(dialects())('withdrawal orders (session API) on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let other: MerchantCredentials;
  let seq = 0;
  const user = () => `wdo-user-${++seq}`;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    other = { merchantId: m.merchant.id, merchantSiteId: m.site.id, merchantSecretKey: m.merchantSecretKey.expose() };
  });
  afterAll(async () => {
    await gw.close();
  });

  const demo = (): MerchantCredentials => ({
    merchantId: gw.demo.merchantId,
    merchantSiteId: gw.demo.merchantSiteId,
    merchantSecretKey: gw.demo.merchantSecretKey,
  });
  /** a [BODY]-signed call */
  const call = async (method: string, fields: object, creds = demo()) =>
    (
      await gw.request('POST', `/ppp/api/withdrawal/${method}.do`, {
        body: buildWithdrawalRequest(creds, fields, { now: new Date(gw.clock.now()) }),
      })
    ).json;
  /** a call signed over `order` (the PHP SDK's [REQ] list), as that SDK does */
  const reqSigned = async (method: string, order: string[], fields: Record<string, unknown>) => {
    const body: Record<string, unknown> = {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      ...fields,
      timeStamp: '20260504080000',
    };
    const text = order
      .map((f) =>
        body[f] === undefined
          ? ''
          : typeof body[f] === 'object'
            ? Object.values(body[f] as object).join('')
            : String(body[f]),
      )
      .join('');
    body.checksum = createHash('sha256')
      .update(text + gw.demo.merchantSecretKey)
      .digest('hex');
    return (await gw.request('POST', `/ppp/api/withdrawal/${method}.do`, { body })).json;
  };

  const submit = async (u: string, upo: string, amount = '25.00') =>
    call('submitRequest', {
      userTokenId: u,
      userId: `id-${u}`,
      userPMId: upo,
      amount,
      currency: 'EUR',
      merchantWDRequestId: `mwd-${u}`,
      merchantUniqueId: `mu-${u}`,
    });
  const place = (r: any, upo: string, amount: string, extra: object = {}) =>
    call('placeWithdrawalOrder', {
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: r.merchantWDRequestId,
      userPMId: upo,
      amount,
      currency: 'EUR',
      settlementType: 0,
      ...extra,
    });
  const request = async (id: number) => (await call('getRequests', { wdRequestId: id })).withdrawalRequests[0];

  it('place → settle: the order pays out and is Settled; once the whole amount is settled the request is Approved', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const p1 = await place(r, upo, '10.00');
    expect(p1).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      wdRequestId: r.wdRequestId,
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
      settlementType: 0,
    });
    expect(Number.isInteger(p1.wdOrderId)).toBe(true);
    const p2 = await place(r, upo, '15.00');
    expect(p2).toMatchObject({ status: 'SUCCESS', wdOrderStatus: 'Approved' });
    // nothing left of the request's amount for a third order
    expect(await place(r, upo, '0.01')).toMatchObject({ status: 'ERROR', errCode: 1058 });

    const s1 = await call('settleWithdrawalOrder', { wdOrderId: p1.wdOrderId });
    expect(s1).toMatchObject({
      status: 'SUCCESS',
      wdOrderId: p1.wdOrderId,
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'InProgress',
      approvedAmount: '10.00',
      transactionStatus: 'APPROVED',
    });
    expect(await gw.rt.deps.storage.read.payments.find(s1.transactionId)).toMatchObject({
      type: 'Payout',
      status: 'approved',
      amount: 1000,
      userTokenId: u,
    });
    // a settled order cannot be settled again or deleted
    expect(await call('settleWithdrawalOrder', { wdOrderId: p1.wdOrderId })).toMatchObject({
      status: 'ERROR',
      errCode: 1058,
    });
    expect(await call('deleteWithdrawalOrder', { wdOrderId: p1.wdOrderId })).toMatchObject({
      status: 'ERROR',
      errCode: 1058,
    });

    const s2 = await call('settleWithdrawalOrder', { wdOrderId: String(p2.wdOrderId) });
    expect(s2).toMatchObject({
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      state: 'Closed',
      approvedAmount: '25.00',
    });

    // DMNs in the outbox: the order's and the payout's, with the same transaction
    const dmns = await listDeliveries(gw.rt.deps, { transactionId: s2.transactionId, limit: 10 });
    expect(dmns.map((d) => d.eventType).sort()).toEqual([
      'transaction.approved',
      'withdrawal.approved',
      'withdrawal_order.settled',
    ]);

    const orders = await call('getOrders', { merchantUniqueId: `mu-${u}` });
    expect(orders).toMatchObject({ status: 'SUCCESS', totalCount: '2' });
    expect(orders.withdrawalOrders.map((o: any) => [o.wdOrderId, o.wdOrderStatus, o.amount])).toEqual([
      [p2.wdOrderId, 'Settled', '15.00'],
      [p1.wdOrderId, 'Settled', '10.00'],
    ]);
    expect(orders.withdrawalOrders[0]).toMatchObject({
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: `mwd-${u}`,
      userPMId: upo,
      currency: 'EUR',
      transactionId: s2.transactionId,
    });
    const ids = await call('getOrderIds', { merchantUniqueId: `mu-${u}` });
    expect(ids).toMatchObject({ status: 'SUCCESS', totalCount: '2', wdOrderIds: [p2.wdOrderId, p1.wdOrderId] });
    // an empty merchantUniqueId lists every order of the site
    expect(Number((await call('getOrders', { merchantUniqueId: '' })).totalCount)).toBeGreaterThanOrEqual(2);
  });

  it('approveRequest places an Approved order for the whole amount and pays nothing; settling the order pays and completes the request', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const a = await call('approveRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: `mwd-${u}` });
    expect(a).toMatchObject({
      status: 'SUCCESS',
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: `mwd-${u}`,
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
    });
    expect(a).not.toHaveProperty('transactionId');
    expect(Number.isInteger(a.wdOrderId)).toBe(true);
    const listed = await call('getOrders', { merchantUniqueId: `mu-${u}` });
    expect(listed).toMatchObject({
      totalCount: '1',
      withdrawalOrders: [{ wdOrderId: a.wdOrderId, wdOrderStatus: 'Approved', amount: '25.00' }],
    });
    expect(listed.withdrawalOrders[0]).not.toHaveProperty('transactionId');
    expect(await call('getOrderIds', { merchantUniqueId: `mu-${u}` })).toMatchObject({
      totalCount: '1',
      wdOrderIds: [a.wdOrderId],
    });
    const s = await call('settleWithdrawalOrder', { wdOrderId: a.wdOrderId });
    expect(s).toMatchObject({
      status: 'SUCCESS',
      wdOrderId: a.wdOrderId,
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      transactionStatus: 'APPROVED',
    });
    expect((await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders).toMatchObject([
      { wdOrderId: a.wdOrderId, wdOrderStatus: 'Settled', amount: '25.00', transactionId: s.transactionId },
    ]);
    const dmns = await listDeliveries(gw.rt.deps, { transactionId: s.transactionId, limit: 10 });
    expect(dmns.map((d) => d.eventType).sort()).toEqual([
      'transaction.approved',
      'withdrawal.approved',
      'withdrawal_order.settled',
    ]);
  });

  it('a declined payout leaves the order in Error and the request InProgress; the merchant can then decline it', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4000128449498204');
    const r = await submit(u, upo);
    const p = await place(r, upo, '25.00');
    const s = await call('settleWithdrawalOrder', { wdOrderId: p.wdOrderId });
    expect(s).toMatchObject({
      status: 'SUCCESS',
      wdOrderStatus: 'Error',
      wdRequestStatus: 'InProgress',
      transactionStatus: 'DECLINED',
    });
    // the order keeps the acquirer's reason (for this card's payouts, the simulated acquirer's table)
    expect((await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders[0].reason).toBe(
      `Payout declined: ${s.gwErrorReason}`,
    );
    expect(await call('declineRequest', { wdRequestId: r.wdRequestId })).toMatchObject({
      wdRequestStatus: 'Declined',
      state: 'Closed',
    });
  });

  it('deleteWithdrawalOrder frees the amount; updateOrdersDetails sets executionTime of Approved orders only, all or none', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const a = await place(r, upo, '20.00');
    expect(await place(r, upo, '10.00')).toMatchObject({ errCode: 1058 });
    expect(await call('deleteWithdrawalOrder', { wdOrderId: a.wdOrderId })).toMatchObject({
      status: 'SUCCESS',
      wdOrderStatus: 'Deleted',
    });
    expect(await call('deleteWithdrawalOrder', { wdOrderId: a.wdOrderId })).toMatchObject({
      status: 'ERROR',
      errCode: 1058,
    });
    const b = await place(r, upo, '10.00');
    const c = await place(r, upo, '15.00');
    expect(
      await call('updateOrdersDetails', {
        wdOrderIds: [String(b.wdOrderId), String(c.wdOrderId)],
        details: { executionTime: '202605051200' },
      }),
    ).toMatchObject({ status: 'SUCCESS', errCode: 0 });
    // one deleted order in the list: refused, and nothing changed
    expect(
      await call('updateOrdersDetails', {
        wdOrderIds: [String(b.wdOrderId), String(a.wdOrderId)],
        details: { executionTime: '202606061200' },
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1058 });
    const list = (await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders;
    expect(list.find((o: any) => o.wdOrderId === b.wdOrderId).executionTime).toBe('202605051200');
    expect(
      await call('updateOrdersDetails', { wdOrderIds: [String(b.wdOrderId)], details: { executionTime: '2026' } }),
    ).toMatchObject({ status: 'ERROR', errCode: 1019 });
  });

  it('settleOrdersInBatch reports each order: SUCCESS, or ERROR with its reason', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const a = await place(r, upo, '5.00');
    const b = await place(r, upo, '20.00');
    const res = await call('settleOrdersInBatch', { wdOrderIds: [a.wdOrderId, String(b.wdOrderId), '99999999'] });
    expect(res.status).toBe('SUCCESS');
    expect(res.orders).toMatchObject([
      { wdOrderId: a.wdOrderId, operationStatus: 'SUCCESS', wdOrderStatus: 'Settled' },
      { wdOrderId: b.wdOrderId, operationStatus: 'SUCCESS', wdOrderStatus: 'Settled' },
      { wdOrderId: 99999999, operationStatus: 'ERROR', errCode: 1019 },
    ]);
    expect(await request(r.wdRequestId)).toMatchObject({ wdRequestStatus: 'Approved', approvedAmount: '25.00' });
  });

  it('sealRequest moves a Pending request to InProgress; a request with Approved orders can still be cancelled or declined', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const s = await call('sealRequest', {
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: `mwd-${u}`,
      operatorName: 'olga',
    });
    expect(s).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'InProgress', state: 'Open', operatorName: 'olga' });
    // merchantWDRequestId is the merchant's reference, built from the clock: another value is accepted
    expect(await call('sealRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: 'another' })).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'InProgress',
    });
    const p = await place(r, upo, '25.00', { merchantWDRequestId: `wd-${T0 / 1000 + 1}` });
    expect(p).toMatchObject({ status: 'SUCCESS', wdOrderStatus: 'Approved', merchantWDRequestId: `mwd-${u}` });
    const c = await call('cancelRequest', { userTokenId: u, wdRequestId: r.wdRequestId });
    expect(c).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Canceled', state: 'Closed' });
    expect((await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders[0]).toMatchObject({
      wdOrderId: p.wdOrderId,
      wdOrderStatus: 'Deleted',
    });
    expect(await call('settleWithdrawalOrder', { wdOrderId: p.wdOrderId })).toMatchObject({ errCode: 1058 });

    // declined with part of it settled: Partially Approved for what was paid
    const u2 = user();
    const upo2 = await cardUpo(gw, u2, '4761344136141390');
    const r2 = await submit(u2, upo2);
    const a = await place(r2, upo2, '10.00');
    await place(r2, upo2, '5.00');
    await call('settleWithdrawalOrder', { wdOrderId: a.wdOrderId });
    expect(await call('cancelRequest', { userTokenId: u2, wdRequestId: r2.wdRequestId })).toMatchObject({
      errCode: 1058,
    });
    const d = await call('declineRequest', { wdRequestId: r2.wdRequestId });
    expect(d).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'Partially Approved',
      approvedAmount: '10.00',
      state: 'Closed',
    });
  });

  it('getCandidatesForRefund lists the deposits made with the request card; net deposits count them, payouts and manual movements', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const sc = sessionClient(gw);
    const { sessionToken } = await sc.openOrder({ userTokenId: u } as Record<string, unknown>);
    const pay = (
      await sc.send('payment', {
        sessionToken,
        clientRequestId: `p-${u}`,
        userTokenId: u,
        amount: '10.00',
        currency: 'EUR',
        paymentOption: { userPaymentOptionId: upo },
      })
    ).json;
    expect(pay.transactionStatus).toBe('APPROVED');
    const r = await submit(u, upo, '4.00');
    const cands = await call('getCandidatesForRefund', { wdRequestId: r.wdRequestId });
    expect(cands).toMatchObject({
      status: 'SUCCESS',
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
    });
    expect(cands.transactionsDetailList).toEqual([
      expect.objectContaining({
        transactionId: pay.transactionId,
        amount: '10.00',
        refundedAmount: '0.00',
        availableAmount: '10.00',
        currency: 'EUR',
      }),
    ]);

    const net = () => call('getNetDeposits', { userTokenId: u, currency: 'EUR', userPMId: upo });
    expect((await net()).netDeposits).toEqual({
      userTokenId: u,
      userPMId: upo,
      currency: 'EUR',
      totalDeposits: '10.00',
      totalWithdrawals: '0.00',
      manualAdjustments: '0.00',
      netDeposit: '10.00',
    });
    const p = await place(r, upo, '4.00');
    await call('settleWithdrawalOrder', { wdOrderId: p.wdOrderId });
    expect((await net()).netDeposits).toMatchObject({ totalWithdrawals: '4.00', netDeposit: '6.00' });
    const up = await call('updateNetDepositValue', {
      userTokenId: u,
      userPMId: upo,
      amount: '2.50',
      movementType: 3,
      currency: 'EUR',
    });
    expect(up).toMatchObject({ status: 'SUCCESS', netDeposits: { manualAdjustments: '-2.50', netDeposit: '3.50' } });
    await call('updateNetDepositValue', {
      userTokenId: u,
      userPMId: upo,
      amount: '1.00',
      movementType: '2',
      currency: 'EUR',
    });
    const pm = await call('getUserPaymentMethodNetDeposits', {
      userTokenId: u,
      currency: 'EUR',
      userPMId: upo,
      country: 'GB',
    });
    expect(pm).toMatchObject({ status: 'SUCCESS', netDeposits: { manualAdjustments: '-1.50', netDeposit: '4.50' } });
    expect(
      await call('updateNetDepositValue', {
        userTokenId: u,
        userPMId: upo,
        amount: '1.00',
        movementType: 4,
        currency: 'EUR',
      }),
    ).toMatchObject({ status: 'ERROR', errCode: 1019 });
  });

  it('[REQ] methods accept the PHP SDK checksum over the required fields as well as [BODY]', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const p = await reqSigned(
      'placeWithdrawalOrder',
      [
        'merchantId',
        'merchantSiteId',
        'wdRequestId',
        'merchantWDRequestId',
        'userPMId',
        'amount',
        'currency',
        'settlementType',
        'timeStamp',
      ],
      {
        wdRequestId: String(r.wdRequestId),
        merchantWDRequestId: `mwd-${u}`,
        userPMId: upo,
        amount: '25.00',
        currency: 'EUR',
        settlementType: '0',
        userUPOId: upo,
      },
    );
    expect(p).toMatchObject({ status: 'SUCCESS', wdOrderStatus: 'Approved' });
    expect(
      await reqSigned('getOrders', ['merchantId', 'merchantSiteId', 'merchantUniqueId', 'timeStamp'], {
        merchantUniqueId: `mu-${u}`,
      }),
    ).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
    expect(
      await reqSigned('getRequests', ['merchantId', 'merchantSiteId', 'timeStamp'], { userTokenId: u }),
    ).toMatchObject({ status: 'SUCCESS', totalCount: '1' });
    expect(
      await reqSigned('updateOrdersDetails', ['merchantId', 'merchantSiteId', 'wdOrderIds', 'details', 'timeStamp'], {
        wdOrderIds: [String(p.wdOrderId)],
        details: { executionTime: '202605051200' },
      }),
    ).toMatchObject({ status: 'SUCCESS' });
    expect(
      await reqSigned('settleWithdrawalOrder', ['merchantId', 'merchantSiteId', 'wdOrderId', 'timeStamp'], {
        wdOrderId: String(p.wdOrderId),
      }),
    ).toMatchObject({ status: 'SUCCESS', wdOrderStatus: 'Settled' });
    // the list key under both names clients read
    const list = await call('getRequests', { userTokenId: u });
    expect(list.withdrawalRequest).toEqual(list.withdrawalRequests);
  });

  const SAMPLE: Record<string, Record<string, unknown>> = {
    placeWithdrawalOrder: {
      wdRequestId: '1',
      merchantWDRequestId: 'x',
      userPMId: '1',
      amount: '1.00',
      currency: 'EUR',
      settlementType: 0,
    },
    sealRequest: { wdRequestId: '1', merchantWDRequestId: 'x' },
    getOrders: { merchantUniqueId: '' },
    getOrderIds: { merchantUniqueId: '' },
    settleWithdrawalOrder: { wdOrderId: '1' },
    settleOrdersInBatch: { wdOrderIds: ['1'] },
    deleteWithdrawalOrder: { wdOrderId: '1' },
    updateOrdersDetails: { wdOrderIds: ['1'], details: { executionTime: '202605051200' } },
    getCandidatesForRefund: { wdRequestId: '1' },
    getNetDeposits: { userTokenId: 'u', currency: 'EUR', userPMId: '1' },
    updateNetDepositValue: { userTokenId: 'u', userPMId: '1', amount: '1.00', movementType: 2, currency: 'EUR' },
    getUserPaymentMethodNetDeposits: { userTokenId: 'u', currency: 'EUR', userPMId: '1' },
  };
  const REQUIRED: Record<string, [string, number]> = {
    placeWithdrawalOrder: ['settlementType', 1019],
    sealRequest: ['merchantWDRequestId', 1019],
    getOrders: ['merchantUniqueId', 1019],
    getOrderIds: ['merchantUniqueId', 1019],
    settleWithdrawalOrder: ['wdOrderId', 1019],
    settleOrdersInBatch: ['wdOrderIds', 1019],
    deleteWithdrawalOrder: ['wdOrderId', 1019],
    updateOrdersDetails: ['details', 1019],
    getCandidatesForRefund: ['wdRequestId', 1019],
    getNetDeposits: ['userTokenId', 1019],
    updateNetDepositValue: ['movementType', 1019],
    getUserPaymentMethodNetDeposits: ['userPMId', 1011],
  };

  it.each(Object.keys(SAMPLE))(
    '%s: a wrong checksum is 1001; a missing required field is refused naming it',
    async (method) => {
      const signed = buildWithdrawalRequest(demo(), SAMPLE[method]!, { now: new Date(gw.clock.now()) });
      const bad = await gw.request('POST', `/ppp/api/withdrawal/${method}.do`, {
        body: { ...signed, checksum: '0'.repeat(64) },
      });
      expect(bad.json).toMatchObject({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });
      const [field, errCode] = REQUIRED[method]!;
      const { [field]: _, ...rest } = SAMPLE[method]!;
      const missing = await call(method, rest);
      expect(missing).toMatchObject({ status: 'ERROR', errCode });
      expect(missing.reason).toContain(`[${field}] must not be null`);
    },
  );

  it("another merchant's requests, orders and UPOs are refused, and nothing changes", async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const p = await place(r, upo, '10.00');
    const as = (method: string, fields: object) => call(method, fields, other);
    expect(
      await as('placeWithdrawalOrder', {
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: `mwd-${u}`,
        userPMId: upo,
        amount: '1.00',
        currency: 'EUR',
        settlementType: 0,
      }),
    ).toMatchObject({ errCode: 1019, reason: expect.stringContaining('[wdRequestId]') });
    expect(await as('sealRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: `mwd-${u}` })).toMatchObject({
      errCode: 1019,
    });
    expect(await as('settleWithdrawalOrder', { wdOrderId: p.wdOrderId })).toMatchObject({
      errCode: 1019,
      reason: expect.stringContaining('[wdOrderId]'),
    });
    expect((await as('settleOrdersInBatch', { wdOrderIds: [p.wdOrderId] })).orders[0]).toMatchObject({
      operationStatus: 'ERROR',
      errCode: 1019,
    });
    expect(await as('deleteWithdrawalOrder', { wdOrderId: p.wdOrderId })).toMatchObject({ errCode: 1019 });
    expect(
      await as('updateOrdersDetails', {
        wdOrderIds: [String(p.wdOrderId)],
        details: { executionTime: '202605051200' },
      }),
    ).toMatchObject({ errCode: 1019 });
    expect(await as('getCandidatesForRefund', { wdRequestId: r.wdRequestId })).toMatchObject({ errCode: 1019 });
    expect(await as('getNetDeposits', { userTokenId: u, currency: 'EUR', userPMId: upo })).toMatchObject({
      errCode: 1011,
    });
    expect(
      await as('updateNetDepositValue', {
        userTokenId: u,
        userPMId: upo,
        amount: '1.00',
        movementType: 2,
        currency: 'EUR',
      }),
    ).toMatchObject({ errCode: 1011 });
    expect((await as('getOrders', { merchantUniqueId: `mu-${u}` })).totalCount).toBe('0');
    expect((await as('getOrderIds', { merchantUniqueId: '' })).wdOrderIds).toEqual([]);
    // unchanged
    expect((await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders).toMatchObject([
      { wdOrderId: p.wdOrderId, wdOrderStatus: 'Approved' },
    ]);
    expect(
      (await call('getOrders', { merchantUniqueId: `mu-${u}` })).withdrawalOrders[0].executionTime,
    ).toBeUndefined();
    expect(await request(r.wdRequestId)).toMatchObject({ wdRequestStatus: 'InProgress' });
    expect(
      (await call('getNetDeposits', { userTokenId: u, currency: 'EUR', userPMId: upo })).netDeposits.manualAdjustments,
    ).toBe('0.00');
  });
});
