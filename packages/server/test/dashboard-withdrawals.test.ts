import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../src/domain/merchants/merchant.service.js';
import { listDeliveries, setSiteNotificationUrl } from '../src/domain/notifications/notification.service.js';
import { addCardUpo } from '../src/domain/payment-methods/upos.service.js';
import { submitWithdrawal } from '../src/domain/withdrawals/withdrawal.service.js';
import { Secret } from '../src/lib/secret.js';
import { type DashboardBrowser, signInDemo, userWithRole } from './dashboard-client.js';
import { dialects } from './dialects.js';
import { apiKey, type Gateway, startGateway } from './harness.js';
import { wireCard } from './payment-cards.js';
import { cardUpo, wdCall } from './withdrawals.js';

/**
 * The control panel's withdrawals and pending APM payments (docs/dashboard.md): the session API's
 * operations behind the panel's routes (states, DMNs), the audit log, the refusals, the idempotency key.
 */

const T0 = Date.UTC(2026, 4, 4, 8, 0);

describe.each(dialects())('dashboard withdrawals on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  let finance: DashboardBrowser;
  let seq = 0;
  let otherRequestId: string;

  /** a Pending request of a new user through the session API's submitRequest */
  const submit = async (amount = '25.00', card = '4761344136141390') => {
    const user = `dash-wd-${++seq}`;
    const upo = await cardUpo(gw, user, card);
    const r = await wdCall(gw, 'submitRequest', { userTokenId: user, userPMId: upo, amount, currency: 'EUR' });
    expect(r.json.status, r.text).toBe('SUCCESS');
    return { id: String(r.json.wdRequestId), user, upo };
  };
  const audit = async () => (await admin.call('GET', '/audit')).json.items as Array<Record<string, any>>;
  const dmnsOf = async (wdRequestId: string) =>
    (await listDeliveries(gw.rt.deps, { limit: 100 }))
      .filter((d) => d.kind === 'dmn' && d.payload.includes(`wdRequestId=${wdRequestId}&`))
      .map((d) => d.eventType);

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
    admin = await signInDemo(gw);
    finance = (await userWithRole(gw, admin, 'finance')).browser;
    // another merchant's request, made through the domain as its server would
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    const owner = { merchantId: m.merchant.id, siteId: m.site.id, userTokenId: 'theirs' };
    const upo = await addCardUpo(gw.rt.deps, owner, {
      number: new Secret('4761344136141390'),
      holderName: 'Jane Doe',
      expMonth: 12,
      expYear: 2030,
    });
    const w = await submitWithdrawal(gw.rt.deps, owner, {
      userTokenId: 'theirs',
      userId: 'theirs',
      upoId: upo.id,
      upoField: 'userPMId',
      amount: 1000 as never,
      currency: 'EUR',
    });
    otherRequestId = w.id;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('lists the requests newest first with user, UPO and orders, filtered by status and paged', async () => {
    const a = await submit('10.00');
    const b = await submit('20.00');
    const list = await admin.call('GET', '/withdrawals?limit=1');
    expect(list.status, list.text).toBe(200);
    expect(list.json.items).toHaveLength(1);
    expect(list.json.items[0]).toMatchObject({
      id: b.id,
      userTokenId: b.user,
      amount: '20.00',
      currency: 'EUR',
      status: 'Pending',
      state: 'Open',
      upo: { id: b.upo, method: 'cc_card', last4: '1390' },
      orders: [],
      remaining: '20.00',
    });
    const next = await admin.call('GET', `/withdrawals?limit=1&cursor=${list.json.nextCursor}`);
    expect(next.json.items[0].id).toBe(a.id);
    const pending = await admin.call('GET', '/withdrawals?status=Pending&limit=100');
    const ids = pending.json.items.map((w: { id: string }) => w.id);
    expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids).not.toContain(otherRequestId);
    expect((await admin.call('GET', '/withdrawals?status=Declined')).json.items).toEqual([]);
    expect((await admin.call('GET', '/withdrawals?cursor=x')).status).toBe(400);
  });

  it('approves part of a request, then settles the order: states, DMNs and audit as through the session API', async () => {
    const r = await submit('25.00');
    const approved = await finance.call('POST', `/withdrawals/${r.id}/approve`, { amount: '10.00' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({
      withdrawal: { id: r.id, status: 'InProgress', state: 'Open' },
      order: { amount: '10.00', status: 'Approved', settlementType: 'payout' },
    });
    const orderId = approved.json.order.id as string;
    // what the panel offers to approve next is what the server will approve
    const listed = (await admin.call('GET', '/withdrawals?limit=100')).json.items.find((w: any) => w.id === r.id);
    expect(listed.remaining).toBe('15.00');
    // the session API sees what the panel did
    const seen = await wdCall(gw, 'getRequests', { wdRequestId: Number(r.id) });
    expect(seen.json.withdrawalRequests[0]).toMatchObject({ wdRequestStatus: 'InProgress' });

    const settled = await finance.call('POST', `/withdrawals/orders/${orderId}/settle`);
    expect(settled.status, settled.text).toBe(200);
    expect(settled.json).toMatchObject({
      order: { id: orderId, status: 'Settled' },
      transaction: { type: 'Payout', status: 'APPROVED', amount: '10.00' },
    });
    const rest = await admin.call('POST', `/withdrawals/${r.id}/approve`, {});
    expect(rest.json.order.amount).toBe('15.00');
    await admin.call('POST', `/withdrawals/orders/${rest.json.order.id}/settle`);
    const item = (await admin.call('GET', '/withdrawals?limit=100')).json.items.find((w: any) => w.id === r.id);
    expect(item).toMatchObject({ status: 'Approved', state: 'Closed', approvedAmount: '25.00', remaining: '0.00' });
    expect(item.orders.map((o: any) => [o.amount, o.status])).toEqual([
      ['10.00', 'Settled'],
      ['15.00', 'Settled'],
    ]);
    expect((await dmnsOf(r.id)).sort()).toEqual(
      [
        'withdrawal.pending',
        // the second approval leaves the request InProgress: no second DMN of the request
        'withdrawal.inprogress',
        'withdrawal_order.approved',
        'withdrawal_order.settled',
        'withdrawal_order.approved',
        'withdrawal_order.settled',
        'withdrawal.approved',
      ].sort(),
    );
    const log = await audit();
    expect(log.filter((e) => e.target === r.id).map((e) => e.action)).toEqual([
      'withdrawal.settle',
      'withdrawal.approve',
      'withdrawal.settle',
      'withdrawal.approve',
    ]);
    expect(
      log.find((e) => e.action === 'withdrawal.approve' && e.target === r.id && e.detail.amount === '10.00'),
    ).toBeTruthy();
  });

  it('declines a request: its unpaid order deleted, DMN sent, audit written', async () => {
    const r = await submit('30.00');
    const approved = await admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '5.00' });
    const declined = await admin.call('POST', `/withdrawals/${r.id}/decline`, { comment: 'KYC missing' });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.withdrawal).toMatchObject({ status: 'Declined', state: 'Closed', comment: 'KYC missing' });
    const item = (await admin.call('GET', '/withdrawals?status=Declined')).json.items.find((w: any) => w.id === r.id);
    expect(item.orders).toMatchObject([{ id: approved.json.order.id, status: 'Deleted' }]);
    expect(await dmnsOf(r.id)).toContain('withdrawal.declined');
    expect((await audit())[0]).toMatchObject({ action: 'withdrawal.decline', target: r.id });
  });

  it('a declined payout leaves the order in Error', async () => {
    const r = await submit('12.00', '4000128449498204');
    const approved = await admin.call('POST', `/withdrawals/${r.id}/approve`, {});
    const settled = await admin.call('POST', `/withdrawals/orders/${approved.json.order.id}/settle`);
    expect(settled.json).toMatchObject({ order: { status: 'Error' }, transaction: { status: 'DECLINED' } });
    expect(settled.json.order.comment).toContain('Payout declined');
  });

  it('refuses a wrong state, an amount over the request and another merchant’s ids, changing nothing', async () => {
    const r = await submit('10.00');
    const over = await admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '10.01' });
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({ code: 'conflict' });
    expect((await admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: 'ten' })).status).toBe(400);
    await admin.call('POST', `/withdrawals/${r.id}/decline`, {});
    const again = await admin.call('POST', `/withdrawals/${r.id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('Declined');
    expect((await admin.call('POST', `/withdrawals/${r.id}/decline`, {})).status).toBe(409);
    for (const path of [`/withdrawals/${otherRequestId}/approve`, `/withdrawals/${otherRequestId}/decline`]) {
      const theirs = await admin.call('POST', path, {});
      expect(theirs.status, path).toBe(404);
      expect(theirs.json.error.code).toBe('not_found');
    }
    expect((await admin.call('POST', '/withdrawals/orders/999999/settle')).status).toBe(404);
    const settledTwice = await submit('5.00');
    const o = (await admin.call('POST', `/withdrawals/${settledTwice.id}/approve`, {})).json.order.id;
    expect((await admin.call('POST', `/withdrawals/orders/${o}/settle`)).status).toBe(200);
    const second = await admin.call('POST', `/withdrawals/orders/${o}/settle`);
    expect(second.status).toBe(409);
  });

  it('replays an action sent twice with one idempotency-key: one order, one payout', async () => {
    const r = await submit('20.00');
    const key = { 'idempotency-key': `approve-${r.id}` };
    const [a, b] = await Promise.all([
      admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '5.00' }, key),
      admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '5.00' }, key),
    ]);
    expect([a.status, b.status]).toContain(200);
    for (const x of [a, b]) expect([200, 409]).toContain(x.status);
    const retry = await admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '5.00' }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const item = (await admin.call('GET', '/withdrawals?limit=100')).json.items.find((w: any) => w.id === r.id);
    expect(item.orders).toHaveLength(1);
    expect(retry.json.order.id).toBe(item.orders[0].id);
    // another body under the key is a conflict
    expect((await admin.call('POST', `/withdrawals/${r.id}/approve`, { amount: '6.00' }, key)).status).toBe(409);

    const settleKey = { 'idempotency-key': `settle-${r.id}` };
    const s1 = await admin.call('POST', `/withdrawals/orders/${item.orders[0].id}/settle`, undefined, settleKey);
    const s2 = await admin.call('POST', `/withdrawals/orders/${item.orders[0].id}/settle`, undefined, settleKey);
    expect(s1.status, s1.text).toBe(200);
    expect(s2.status, s2.text).toBe(200);
    expect(s2.headers.get('idempotent-replayed')).toBe('true');
    expect(s2.json.transaction.id).toBe(s1.json.transaction.id);
    // the stored answer is the first one: the order as its payout closed it
    expect(s2.json).toEqual(s1.json);
    expect(s1.json.order.status).toBe('Settled');

    const declineKey = { 'idempotency-key': `decline-${r.id}` };
    const d1 = await admin.call('POST', `/withdrawals/${r.id}/decline`, {}, declineKey);
    const d2 = await admin.call('POST', `/withdrawals/${r.id}/decline`, {}, declineKey);
    expect(d1.json.withdrawal.status).toBe('Partially Approved');
    expect(d2.status).toBe(200);
    expect(d2.json).toEqual(d1.json);
    expect((await audit()).filter((e) => e.target === r.id && e.action === 'withdrawal.decline')).toHaveLength(1);
  });

  it('two racing refunds with one idempotency-key refund once', async () => {
    const sale = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        currency: 'EUR',
        amount: 10,
        transactionType: 'Sale',
        paymentOption: { card: wireCard('5555555555554444') },
      },
    });
    const id = sale.json.transactionId as string;
    const key = { 'idempotency-key': `refund-${id}` };
    const runs = await Promise.all(
      [1, 2, 3].map(() => finance.call('POST', `/transactions/${id}/refund`, { amount: '4.00' }, key)),
    );
    for (const x of runs) expect([200, 409], x.text).toContain(x.status);
    const ok = runs.filter((x) => x.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((x) => x.json.transaction.id)).size).toBe(1);
    const replay = await finance.call('POST', `/transactions/${id}/refund`, { amount: '4.00' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const detail = await admin.call('GET', `/transactions/${id}`);
    expect(detail.json.timeline.filter((t: any) => t.type === 'Refund')).toHaveLength(1);
    expect(detail.json.actions.refund).toEqual({ max: '6.00' });
    expect((await audit()).filter((e) => e.action === 'transaction.refund' && e.target === id)).toHaveLength(1);
    // without a key, a second refund is a second refund
    expect((await finance.call('POST', `/transactions/${id}/refund`, { amount: '1.00' })).status).toBe(200);
  });

  it('lists pending APM payments and completes one in sandbox mode', async () => {
    const pay = await gw.request('POST', '/payment-api/payments', {
      headers: apiKey(gw),
      body: {
        processingEntityId: gw.demo.processingEntityId,
        transactionType: 'Sale',
        amount: 10,
        currency: 'EUR',
        billingAddress: { country: 'DE' },
        paymentOption: {
          alternativePaymentMethod: { name: 'apmgw_BankTransfer', data: { email: 'jane@example.com' } },
        },
      },
    });
    expect(pay.json.result.status, pay.text).toBe('pending');
    const id = pay.json.transactionId as string;
    const list = await finance.call('GET', '/apm-payments');
    expect(list.status, list.text).toBe(200);
    expect(list.json.completable).toBe(true);
    expect(list.json.items[0]).toMatchObject({
      transaction: { id, status: 'PENDING' },
      method: 'apmgw_BankTransfer',
      awaiting: 'operator',
    });
    const done = await finance.call('POST', `/apm-payments/${id}/complete`, { outcome: 'approved' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.transaction).toMatchObject({ id, status: 'APPROVED' });
    expect((await finance.call('GET', '/apm-payments')).json.items.map((x: any) => x.transaction.id)).not.toContain(id);
    const again = await finance.call('POST', `/apm-payments/${id}/complete`, { outcome: 'declined' });
    expect(again.status).toBe(409);
    expect((await audit())[0]).toMatchObject({ action: 'apm.complete', target: id, detail: { outcome: 'approved' } });
    const dmns = await listDeliveries(gw.rt.deps, { transactionId: id, limit: 10 });
    expect(dmns.map((d) => d.eventType)).toContain('transaction.approved');
  });
});

describe.each(dialects())('dashboard APM completion in production mode on %s', (dialect) => {
  let gw: Gateway;
  let admin: DashboardBrowser;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0, env: { GATEHOUSE_MODE: 'production' } });
    admin = await signInDemo(gw);
  });
  afterAll(async () => {
    await gw.close();
  });

  it('is the operator’s alone: the list says so and completing answers 403 with the reason', async () => {
    const list = await admin.call('GET', '/apm-payments');
    expect(list.status, list.text).toBe(200);
    expect(list.json.completable).toBe(false);
    const r = await admin.call('POST', '/apm-payments/1/complete', { outcome: 'approved' });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('forbidden');
    expect(r.json.error.message).toContain('operator');
  });
});
