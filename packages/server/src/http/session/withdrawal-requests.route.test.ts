import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardNumbersAtRest } from '../../../test/card-scan.js';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { apmUpo, cardUpo, wdCall } from '../../../test/withdrawals.js';
import { listDeliveries, setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { deleteUpo } from '../../domain/payment-methods/upos.service.js';

/**
 * The merchant's withdrawal management calls (`/ppp/api/withdrawal/*.do`) through the real server:
 * checksums in body order, validation, shared merchant references, no cap on open requests, the
 * user's cancel, the merchant's approve (an order, nothing paid; full or partial), settlement (paid,
 * declined, failed), cancel and decline after approval, and the DMN of each change.
 */

const T0 = Date.UTC(2026, 4, 4, 8, 0);
const USED = ['4761344136141390', '4000128449498204', '4000000000000119'];

describe.each(dialects())('withdrawal requests (session API) on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let seq = 0;
  const user = () => `wd-user-${++seq}`;

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
  });
  afterAll(async () => {
    try {
      expect(await cardNumbersAtRest(gw, USED)).toEqual([]);
    } finally {
      await gw.close();
    }
  });

  const submit = async (userTokenId: string, userPMId: string, extra: Record<string, unknown> = {}) =>
    (
      await wdCall(gw, 'submitRequest', {
        userTokenId,
        userId: `id-${userTokenId}`,
        userPMId,
        amount: '25.00',
        currency: 'EUR',
        ...extra,
      })
    ).json;

  it('submitRequest creates a Pending (Open) request; getRequests lists it with every field of docs/withdrawals.md', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo, {
      merchantWDRequestId: `mwd-${u}`,
      merchantUniqueId: `mu-${u}`,
      userAccountId: 'acc-1',
      userDetails: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB', email: 'ada@example.com' },
      merchantDetails: { customField1: 'c1' },
    });
    expect(r).toMatchObject({
      status: 'SUCCESS',
      errCode: 0,
      version: '1.0',
      wdRequestStatus: 'Pending',
      state: 'Open',
      merchantWDRequestId: `mwd-${u}`,
      userAccountId: 'acc-1',
      userId: `id-${u}`,
      userTokenId: u,
      requestedAmount: '25.00',
      currency: 'EUR',
    });
    expect(Number.isInteger(r.wdRequestId)).toBe(true);

    const list = (await wdCall(gw, 'getRequests', { userTokenId: u })).json;
    expect(list).toMatchObject({ status: 'SUCCESS', totalCount: '1', merchantSiteName: expect.any(String) });
    expect(list.withdrawalRequests).toEqual([
      {
        appId: gw.demo.merchantSiteId,
        userTokenId: u,
        userId: `id-${u}`,
        userDetails: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB', email: 'ada@example.com' },
        userAccountId: 'acc-1',
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: `mwd-${u}`,
        userPMId: upo,
        requestedAmount: '25.00',
        requestedCurrency: 'EUR',
        state: 'Open',
        wdRequestStatus: 'Pending',
        creationDate: '2026-05-04 08:00:00',
        lastModifiedDate: '2026-05-04 08:00:00',
        dueDate: '2026-05-07 08:00:00',
        pendingKyc: 'false',
        wdRequestOrderCount: '0',
        pmName: 'cc_card',
        pmIssuer: 'Visa',
        pmDisplayName: '1390',
        approvedAmount: '0.00',
        merchantUniqueId: `mu-${u}`,
        feeAmount: '0.00',
        merchantSiteInfo: { merchantSiteName: list.merchantSiteName, merchantSiteId: gw.demo.merchantSiteId },
      },
    ]);
  });

  it('the checksum covers every field in body order: the same fields reordered, or a wrong checksum, are 1001', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const good = (await wdCall(gw, 'getRequests', { userTokenId: u, maxNumOfRecords: '5' })).json;
    expect(good.status).toBe('SUCCESS');
    const { buildWithdrawalRequest } = await import('@gatehouse/client');
    const creds = {
      merchantId: gw.demo.merchantId,
      merchantSiteId: gw.demo.merchantSiteId,
      merchantSecretKey: gw.demo.merchantSecretKey,
    };
    const signed = buildWithdrawalRequest(
      creds,
      { userTokenId: u, userId: 'x', userPMId: upo, amount: '1.00', currency: 'EUR' },
      { now: new Date(T0) },
    );
    const { userTokenId, userId, ...rest } = signed as Record<string, unknown>;
    const reordered = { userId, userTokenId, ...rest };
    const r1 = await gw.request('POST', '/ppp/api/withdrawal/submitRequest.do', { body: reordered });
    expect(r1.json).toMatchObject({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });
    const r2 = await gw.request('POST', '/ppp/api/withdrawal/submitRequest.do', {
      body: { ...signed, checksum: '0'.repeat(64) },
    });
    expect(r2.json).toMatchObject({ status: 'ERROR', errCode: 1001 });
    const r3 = await gw.request('POST', '/ppp/api/withdrawal/submitRequest.do', {
      body: { ...signed, amount: '2.00' },
    });
    expect(r3.json).toMatchObject({ status: 'ERROR', errCode: 1001 });
    // the signed body as built passes
    const ok = await gw.request('POST', '/ppp/api/withdrawal/submitRequest.do', { body: signed });
    expect(ok.json).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending' });
  });

  it.each([
    [{ userPMId: undefined }, 1011, '[userPMId] must not be null'],
    [{ amount: '1.234' }, 1040, '[amount]'],
    [{ currency: 'XXQ' }, 1041, '[currency]'],
    [{ userDetails: { firstName: 'A' } }, 1019, '[userDetails.email] must not be null'],
    [{ userPMId: '999999' }, 1011, '[userPMId] is not a payment option of this user'],
  ])('submitRequest with %j is refused with errCode %i naming the field', async (extra, errCode, reason) => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo, extra);
    expect(r).toMatchObject({ status: 'ERROR', errCode });
    expect(r.reason).toContain(reason);
  });

  it('two requests sharing merchantWDRequestId and merchantUniqueId (built from the clock in one second) are both Pending', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const refs = { merchantWDRequestId: `wd-${T0 / 1000}`, merchantUniqueId: `mu-${T0 / 1000}` };
    const a = await submit(u, upo, refs);
    const b = await submit(u, upo, refs);
    for (const r of [a, b]) expect(r).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending', ...refs });
    expect(b.wdRequestId).not.toBe(a.wdRequestId);
    // another user of the site may use them too
    const v = user();
    expect(await submit(v, await cardUpo(gw, v, '4761344136141390'), refs)).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'Pending',
    });
    expect((await wdCall(gw, 'getRequests', { userTokenId: u })).json).toMatchObject({ totalCount: '2' });
  });

  it('submitRequest as the server SDKs send it, without userId: accepted, userId is the userTokenId (decision 0147)', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = (
      await wdCall(gw, 'submitRequest', {
        userTokenId: u,
        userPMId: upo,
        amount: '5.00',
        currency: 'EUR',
        merchantWDRequestId: `no-uid-${u}`,
      })
    ).json;
    expect(r).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending', userId: u });
    const list = (await wdCall(gw, 'getRequests', { userTokenId: u })).json;
    expect(list.withdrawalRequests).toEqual([
      expect.objectContaining({ wdRequestId: r.wdRequestId, userId: u, userTokenId: u }),
    ]);
  });

  it('a UPO of another user is refused (1011)', async () => {
    const owner = user();
    const upo = await cardUpo(gw, owner, '4761344136141390');
    expect(await submit(user(), upo)).toMatchObject({ status: 'ERROR', errCode: 1011 });
  });

  it("submitRequest applies no cap on the user's open requests; a wdRequestsLimit member is ignored", async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    for (let i = 0; i < 3; i++)
      expect(await submit(u, upo)).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending' });
    const r = await submit(u, upo, { wdRequestsLimit: '1' });
    expect(r).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Pending' });
    expect(r).not.toHaveProperty('wdRequestsLimitReached');
    expect((await wdCall(gw, 'getRequests', { userTokenId: u, wdRequestStatus: ['Pending'] })).json.totalCount).toBe(
      '4',
    );
  });

  it('cancelRequest cancels a Pending request of the user; a second cancel, or another user, is refused', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo, { merchantWDRequestId: `c-${u}` });
    expect(
      (await wdCall(gw, 'cancelRequest', { userTokenId: 'someone-else', wdRequestId: r.wdRequestId })).json,
    ).toMatchObject({
      status: 'ERROR',
      errCode: 1019,
      reason: '[wdRequestId] names no withdrawal request of this user',
    });
    const c = (await wdCall(gw, 'cancelRequest', { userTokenId: u, wdRequestId: String(r.wdRequestId) })).json;
    expect(c).toMatchObject({
      status: 'SUCCESS',
      wdRequestId: r.wdRequestId,
      wdRequestStatus: 'Canceled',
      state: 'Closed',
      merchantWDRequestId: `c-${u}`,
    });
    const again = (await wdCall(gw, 'cancelRequest', { userTokenId: u, wdRequestId: r.wdRequestId })).json;
    expect(again).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(again.reason).toContain('in status Canceled');
    // nor can the merchant approve or decline it now
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json.errCode).toBe(1058);
    expect((await wdCall(gw, 'declineRequest', { wdRequestId: r.wdRequestId })).json.errCode).toBe(1058);
  });

  it('approveRequest: InProgress with an Approved order, nothing paid; settleWithdrawalOrder pays it: Settled, the request Approved', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo, { merchantWDRequestId: `wd-${u}` });
    const a = (
      await wdCall(gw, 'approveRequest', {
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: `wd-${u}`,
        operatorName: 'olga',
      })
    ).json;
    // the keys clients read
    expect(a).toMatchObject({
      status: 'SUCCESS',
      wdRequestId: r.wdRequestId,
      merchantWDRequestId: `wd-${u}`,
      wdOrderId: expect.any(Number),
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
      state: 'Open',
    });
    expect(a).not.toHaveProperty('transactionId');
    const payouts = () =>
      gw.rt.store.db
        .selectFrom('transactions')
        .select('id')
        .where('type', '=', 'Payout')
        .where('user_token_id', '=', u)
        .execute();
    expect(await payouts()).toHaveLength(0);
    const entry = (await wdCall(gw, 'getRequests', { userTokenId: u })).json.withdrawalRequests[0];
    expect(entry).toMatchObject({
      wdRequestStatus: 'InProgress',
      state: 'Open',
      approvedAmount: '0.00',
      operatorName: 'olga',
      wdRequestOrderCount: '1',
    });
    // a second approval is refused: the order holds the whole amount (another body: the same signed body
    // again would be a replay of the first answer, docs/decisions/0805)
    const again = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, operatorName: 'oleg' })).json;
    expect(again).toMatchObject({ status: 'ERROR', errCode: 1058 });
    expect(again.reason).toContain('hold the whole requested amount');
    // the DMNs of the approval: the request InProgress, its order Approved
    const events = async () =>
      (await listDeliveries(gw.rt.deps, { limit: 200 }))
        .filter((d) => d.payload.includes(`user_token_id=${u}&`))
        .map((d) => d.eventType);
    expect((await events()).sort()).toEqual([
      'withdrawal.inprogress',
      'withdrawal.pending',
      'withdrawal_order.approved',
    ]);

    const s = (await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json;
    expect(s).toMatchObject({
      status: 'SUCCESS',
      wdOrderId: a.wdOrderId,
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      state: 'Closed',
      approvedAmount: '25.00',
    });
    expect(await gw.rt.deps.storage.read.payments.find(s.transactionId)).toMatchObject({
      type: 'Payout',
      status: 'approved',
      amount: 2500,
      currency: 'EUR',
      userTokenId: u,
    });
    expect(await payouts()).toHaveLength(1);
    expect((await events()).sort()).toEqual([
      'transaction.approved',
      'withdrawal.approved',
      'withdrawal.inprogress',
      'withdrawal.pending',
      'withdrawal_order.approved',
      'withdrawal_order.settled',
    ]);
    // nothing is left to approve, settle or cancel
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, amount: '1.00' })).json.errCode).toBe(
      1058,
    );
    expect((await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json.errCode).toBe(1058);
    expect((await wdCall(gw, 'cancelRequest', { userTokenId: u, wdRequestId: r.wdRequestId })).json.errCode).toBe(1058);
  });

  it('approveRequest for part places an order of that amount; a second approval takes what is left; more, or 0, is refused', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, amount: '25.01' })).json).toMatchObject({
      errCode: 1058,
    });
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, amount: '0.00' })).json).toMatchObject({
      errCode: 1058,
    });
    const a = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, amount: '10.00' })).json;
    expect(a).toMatchObject({
      status: 'SUCCESS',
      wdRequestStatus: 'InProgress',
      wdOrderStatus: 'Approved',
      requestedAmount: '25.00',
    });
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, amount: '15.01' })).json).toMatchObject({
      errCode: 1058,
    });
    const b = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json;
    expect(b).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
    const orders = (await wdCall(gw, 'getOrders', { merchantUniqueId: '' })).json.withdrawalOrders.filter(
      (o: { wdRequestId: number }) => o.wdRequestId === r.wdRequestId,
    );
    expect(orders.map((o: { wdOrderId: number; amount: string }) => [o.wdOrderId, o.amount])).toEqual([
      [b.wdOrderId, '15.00'],
      [a.wdOrderId, '10.00'],
    ]);
    // settled one by one: InProgress with 10.00 paid, then Approved with all of it
    expect((await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json).toMatchObject({
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'InProgress',
      approvedAmount: '10.00',
    });
    expect((await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: b.wdOrderId })).json).toMatchObject({
      wdOrderStatus: 'Settled',
      wdRequestStatus: 'Approved',
      approvedAmount: '25.00',
    });
  });

  it('a settlement whose payout is declined, or fails, leaves the order in Error; the request stays InProgress', async () => {
    for (const [number, txStatus] of [
      ['4000128449498204', 'DECLINED'],
      ['4000000000000119', 'ERROR'],
    ] as const) {
      const u = user();
      const upo = await cardUpo(gw, u, number);
      const r = await submit(u, upo);
      const a = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json;
      expect(a).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
      const s = (await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json;
      expect(s).toMatchObject({
        status: 'SUCCESS',
        wdOrderStatus: 'Error',
        wdRequestStatus: 'InProgress',
        state: 'Open',
        transactionStatus: txStatus,
      });
      expect(s.gwErrorCode).not.toBe(0);
      expect(s.gwErrorReason).toEqual(expect.any(String));
      const batch = (await wdCall(gw, 'settleOrdersInBatch', { wdOrderIds: [String(a.wdOrderId)] })).json;
      expect(batch).toMatchObject({
        status: 'SUCCESS',
        orders: [{ wdOrderId: a.wdOrderId, operationStatus: 'ERROR', errCode: 1058 }],
      });
      // the merchant closes it: nothing was paid
      expect((await wdCall(gw, 'declineRequest', { wdRequestId: r.wdRequestId })).json).toMatchObject({
        wdRequestStatus: 'Declined',
        state: 'Closed',
      });
    }
  });

  it('after approval the request can still be cancelled or declined: its Approved order is deleted and never paid', async () => {
    for (const close of ['cancelRequest', 'declineRequest'] as const) {
      const u = user();
      const upo = await cardUpo(gw, u, '4761344136141390');
      const r = await submit(u, upo, { merchantWDRequestId: `wd-${u}` });
      const a = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId, merchantWDRequestId: `wd-${u}` }))
        .json;
      // the merchant's reference as the client builds it again, a second later: accepted
      const fields = {
        ...(close === 'cancelRequest' ? { userTokenId: u } : {}),
        wdRequestId: r.wdRequestId,
        merchantWDRequestId: `wd-${u}-later`,
      };
      const c = (await wdCall(gw, close, fields)).json;
      expect(c).toMatchObject({
        status: 'SUCCESS',
        wdRequestStatus: close === 'cancelRequest' ? 'Canceled' : 'Declined',
        state: 'Closed',
      });
      const order = (await wdCall(gw, 'getOrders', { merchantUniqueId: '' })).json.withdrawalOrders.find(
        (o: { wdOrderId: number }) => o.wdOrderId === a.wdOrderId,
      );
      expect(order).toMatchObject({ wdOrderStatus: 'Deleted' });
      expect((await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json).toMatchObject({
        status: 'ERROR',
        errCode: 1058,
      });
      const payouts = await gw.rt.store.db
        .selectFrom('transactions')
        .select('id')
        .where('type', '=', 'Payout')
        .where('user_token_id', '=', u)
        .execute();
      expect(payouts).toHaveLength(0);
      const events = (await listDeliveries(gw.rt.deps, { limit: 200 }))
        .filter((d) => d.payload.includes(`user_token_id=${u}&`))
        .map((d) => d.eventType);
      expect(events).toEqual(
        expect.arrayContaining([
          `withdrawal.${close === 'cancelRequest' ? 'canceled' : 'declined'}`,
          'withdrawal_order.deleted',
        ]),
      );
    }
  });

  it('approving a request whose UPO was deleted meanwhile is refused (1011); the request stays Pending', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    await deleteUpo(gw.rt.deps, { siteId: gw.demo.merchantSiteId, userTokenId: u }, upo);
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
      reason: '[userPMId] is not a payment option of this user',
    });
    expect((await wdCall(gw, 'getRequests', { wdRequestId: r.wdRequestId })).json.withdrawalRequests[0]).toMatchObject({
      wdRequestStatus: 'Pending',
    });
    expect((await wdCall(gw, 'declineRequest', { wdRequestId: r.wdRequestId })).json.wdRequestStatus).toBe('Declined');
  });

  it('declineRequest declines a Pending request; it can then neither be approved nor cancelled', async () => {
    const u = user();
    const upo = await cardUpo(gw, u, '4761344136141390');
    const r = await submit(u, upo);
    const d = (
      await wdCall(gw, 'declineRequest', { wdRequestId: r.wdRequestId, operatorName: 'olga', comment: 'KYC missing' })
    ).json;
    expect(d).toMatchObject({ status: 'SUCCESS', wdRequestStatus: 'Declined', state: 'Closed' });
    expect((await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json.errCode).toBe(1058);
    expect((await wdCall(gw, 'cancelRequest', { userTokenId: u, wdRequestId: r.wdRequestId })).json.errCode).toBe(1058);
    const declined = (await wdCall(gw, 'getRequests', { userTokenId: u, wdRequestStatus: ['Declined'] })).json;
    expect(declined).toMatchObject({ totalCount: '1' });
    expect((await wdCall(gw, 'getRequests', { userTokenId: u, wdRequestStatus: ['Pending'] })).json.totalCount).toBe(
      '0',
    );
  });

  it('a withdrawal to a payout-capable APM UPO is approved and settled; a deposit-only APM UPO is refused at submission', async () => {
    const u = user();
    const bank = await apmUpo(gw, u, 'apmgw_BankPayout', {
      account_holder_name: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    });
    const r = await submit(u, bank);
    expect(r.status).toBe('SUCCESS');
    const a = (await wdCall(gw, 'approveRequest', { wdRequestId: r.wdRequestId })).json;
    expect(a).toMatchObject({ wdRequestStatus: 'InProgress', wdOrderStatus: 'Approved' });
    const s = (await wdCall(gw, 'settleWithdrawalOrder', { wdOrderId: a.wdOrderId })).json;
    expect(s).toMatchObject({ wdOrderStatus: 'Settled', wdRequestStatus: 'Approved', transactionStatus: 'APPROVED' });
    const entry = (await wdCall(gw, 'getRequests', { userTokenId: u })).json.withdrawalRequests[0];
    expect(entry).toMatchObject({ pmName: 'apmgw_BankPayout', pmDisplayName: 'Ada Lovelace' });
    const debit = await apmUpo(gw, u, 'apmgw_DirectDebit', {
      account_holder_name: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
    });
    const refused = await submit(u, debit);
    expect(refused).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(refused.reason).toContain('cannot receive payouts');
  });

  it('answers unknown methods and other HTTP methods with the envelope', async () => {
    expect((await gw.request('POST', '/ppp/api/withdrawal/nope.do', { body: {} })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1066,
    });
    expect((await gw.request('GET', '/ppp/api/withdrawal/getRequests.do')).json).toMatchObject({
      status: 'ERROR',
      errCode: 1066,
    });
  });
});
