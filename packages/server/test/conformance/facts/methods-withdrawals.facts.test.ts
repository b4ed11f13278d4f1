import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Facts, ok, startFacts } from '../clients.js';

/**
 * docs/gateway-facts.md, "Withdrawals": all sent by P, to `/ppp/api/v1/../withdrawal/<method>.do`
 * literally, signed over [BODY] or P's [REQ] list.
 */

describe('gateway facts: withdrawal methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  /** a Pending request of a user with a card UPO, submitted by P */
  const submit = async (amount = '5.00') => {
    const c = await f.fx.card();
    const n = f.seq();
    const fields = {
      userTokenId: c.userTokenId,
      userPMId: c.upo,
      amount,
      currency: 'EUR',
      merchantWDRequestId: `mwd-${n}`,
      merchantUniqueId: `mu-${n}`,
    };
    const r = ok(await f.P.send('submitRequest', fields), 'submitRequest');
    return { ...fields, wdRequestId: r.wdRequestId, r };
  };
  /** a request placed as an Approved order */
  const place = async () => {
    const s = await submit();
    const o = ok(
      await f.P.send('placeWithdrawalOrder', {
        wdRequestId: s.wdRequestId,
        merchantWDRequestId: s.merchantWDRequestId,
        userPMId: s.userPMId,
        amount: s.amount,
        currency: 'EUR',
        settlementType: 0,
      }),
      'placeWithdrawalOrder',
    );
    return { ...s, wdOrderId: o.wdOrderId, o };
  };

  it('F-2.8.1 submitRequest: BODY, answers wdRequestId and Pending', async () => {
    const { r } = await submit();
    expect(r.wdRequestId).toBeDefined();
    expect(r.wdRequestStatus).toBe('Pending');
  });

  it('F-2.8.2 getRequests: REQ, answers totalCount and the requests', async () => {
    await submit();
    const j = ok(await f.P.send('getRequests', {}));
    expect(Number(j.totalCount)).toBeGreaterThan(0);
    expect(j.withdrawalRequests ?? j.withdrawalRequest).toEqual(expect.any(Array));
  });

  it('F-2.8.3 getCandidatesForRefund: REQ, answers transactionsDetailList', async () => {
    const s = await submit();
    const j = ok(await f.P.send('getCandidatesForRefund', { wdRequestId: s.wdRequestId }));
    expect(String(j.merchantId)).toBe(f.gw.demo.merchantId);
    expect(String(j.merchantSiteId)).toBe(f.gw.demo.merchantSiteId);
    expect(j.transactionsDetailList).toEqual(expect.any(Array));
  });

  it('F-2.8.4 approveRequest: request InProgress, order Approved', async () => {
    const s = await submit();
    const j = ok(
      await f.P.send('approveRequest', { wdRequestId: s.wdRequestId, merchantWDRequestId: s.merchantWDRequestId }),
    );
    expect(j).toMatchObject({
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
      merchantWDRequestId: s.merchantWDRequestId,
    });
    expect(String(j.wdRequestId)).toBe(String(s.wdRequestId));
    expect(j.wdOrderId).toBeDefined();
  });

  it('F-2.8.5 cancelRequest: answers Canceled', async () => {
    const s = await submit();
    const j = ok(
      await f.P.send('cancelRequest', {
        userTokenId: s.userTokenId,
        wdRequestId: s.wdRequestId,
        merchantWDRequestId: s.merchantWDRequestId,
      }),
    );
    expect(j.wdRequestStatus).toBe('Canceled');
  });

  it('F-2.8.6 declineRequest: answers Declined', async () => {
    const s = await submit();
    const j = ok(
      await f.P.send('declineRequest', { wdRequestId: s.wdRequestId, merchantWDRequestId: s.merchantWDRequestId }),
    );
    expect(j.wdRequestStatus).toBe('Declined');
  });

  it('F-2.8.7 sealRequest: answers InProgress', async () => {
    const s = await submit();
    const j = ok(
      await f.P.send('sealRequest', {
        wdRequestId: s.wdRequestId,
        merchantWDRequestId: s.merchantWDRequestId,
        userAccountId: 'acct-1',
        operatorName: 'ops',
      }),
    );
    expect(j.wdRequestStatus).toBe('InProgress');
  });

  it('F-2.8.8 placeWithdrawalOrder: request InProgress, order Approved', async () => {
    const { o } = await place();
    expect(o).toMatchObject({ wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
    expect(o.wdOrderId).toBeDefined();
  });

  it('F-2.8.9 getOrders: REQ, answers totalCount and withdrawalOrders', async () => {
    const p = await place();
    const j = ok(await f.P.send('getOrders', { merchantUniqueId: p.merchantUniqueId }));
    expect(Number(j.totalCount)).toBe(1);
    expect(j.withdrawalOrders).toHaveLength(1);
    const all = ok(await f.P.send('getOrders', { merchantUniqueId: '' }));
    expect(Number(all.totalCount)).toBeGreaterThan(0);
  });

  it('F-2.8.10 getOrderIds: BODY, answers totalCount and wdOrderIds', async () => {
    const p = await place();
    const j = ok(await f.P.send('getOrderIds', { merchantUniqueId: p.merchantUniqueId }));
    expect(Number(j.totalCount)).toBe(1);
    expect(j.wdOrderIds.map(String)).toEqual([String(p.wdOrderId)]);
  });

  it('F-2.8.11 settleWithdrawalOrder: REQ, answers Settled', async () => {
    const p = await place();
    const j = ok(await f.P.send('settleWithdrawalOrder', { wdOrderId: p.wdOrderId }));
    expect(String(j.wdOrderId)).toBe(String(p.wdOrderId));
    expect(j.wdOrderStatus).toBe('Settled');
  });

  it("F-2.8.12 settleOrdersInBatch: BODY, answers each order's operationStatus", async () => {
    const a = await place();
    const b = await place();
    const j = ok(await f.P.send('settleOrdersInBatch', { wdOrderIds: [a.wdOrderId, b.wdOrderId] }));
    expect(j.orders).toHaveLength(2);
    for (const o of j.orders) expect(o.operationStatus).toBe('SUCCESS');
  });

  it('F-2.8.13 deleteWithdrawalOrder: BODY, answers status', async () => {
    const p = await place();
    ok(await f.P.send('deleteWithdrawalOrder', { wdOrderId: p.wdOrderId }));
  });

  it('F-2.8.14 updateOrdersDetails: REQ, answers status', async () => {
    const p = await place();
    ok(
      await f.P.send('updateOrdersDetails', {
        wdOrderIds: [String(p.wdOrderId)],
        details: { executionTime: '202607221800' },
      }),
    );
  });

  it('F-2.8.15 getNetDeposits: REQ, answers netDeposits', async () => {
    const c = await f.fx.card();
    expect(
      ok(await f.P.send('getNetDeposits', { userTokenId: c.userTokenId, currency: 'EUR', userPMId: c.upo })),
    ).toHaveProperty('netDeposits');
  });

  it('F-2.8.16 updateNetDepositValue: REQ, answers status', async () => {
    const c = await f.fx.card();
    for (const movementType of [2, 3]) {
      ok(
        await f.P.send('updateNetDepositValue', {
          userTokenId: c.userTokenId,
          userPMId: c.upo,
          amount: '1.00',
          movementType,
          currency: 'EUR',
        }),
        String(movementType),
      );
    }
  });

  it('F-2.8.17 getUserPaymentMethodNetDeposits: REQ, answers netDeposits', async () => {
    const c = await f.fx.card();
    expect(
      ok(
        await f.P.send('getUserPaymentMethodNetDeposits', {
          userTokenId: c.userTokenId,
          currency: 'EUR',
          userPMId: c.upo,
          country: 'GB',
        }),
      ),
    ).toHaveProperty('netDeposits');
  });
});
