import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../domain/merchants/merchant.service.js';
import { setSiteNotificationUrl } from '../../domain/notifications/notification.service.js';
import { runDueCharges } from '../../domain/rebilling/due-charges.service.js';
import type { ManualClock } from '../../lib/clock.js';
import { CATALOGUE_CHECKSUM_FIELDS, type CatalogueMethodName } from '../../security/catalogue-checksum.js';
import { dialects } from '../../../test/dialects.js';
import { apiKey, type Gateway, startGateway } from '../../../test/harness.js';
import { type WireClient, wireClient } from '../../../test/wire-client.js';

/**
 * Subscriptions of the real gateway's catalogue (docs/session-methods.md) through the real server: every method's
 * happy path, bad checksum (1001), missing required field and another merchant's ids; the schedule
 * charging the stored card twice with DMNs, cancel, declines and their retries, and two racing runs.
 */

const F = CATALOGUE_CHECKSUM_FIELDS;
const PERIOD = (m: string, y = '0', d = '0') => ({ day: d, month: m, year: y });
const START = Date.UTC(2026, 10, 25, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const APPROVED_CARD = '4761344136141390';
const DECLINED_CARD = '4000128449498204';

describe.each(dialects())('subscriptions on %s', (dialect) => {
  let gw: Gateway;
  let clock: ManualClock;
  let w: WireClient;
  let other: WireClient;
  let n = 0;
  const call = (m: CatalogueMethodName, fields: Record<string, unknown>, as = w) => as.call(m, F[m], fields);
  const ok = (r: { json: any; text: string }) => {
    expect(r.json, r.text).toMatchObject({ status: 'SUCCESS', errCode: 0, reason: '' });
    return r.json;
  };
  const user = async (as = w) => {
    const userTokenId = `sub-user-${++n}`;
    ok(
      await call(
        'createUser',
        {
          userTokenId,
          clientRequestId: 'c',
          firstName: 'Ada',
          lastName: 'Byron',
          countryCode: 'GB',
          email: 'ada@example.com',
        },
        as,
      ),
    );
    return userTokenId;
  };
  const card = async (userTokenId: string, as = w, number = APPROVED_CARD) =>
    ok(
      await call(
        'addUPOCreditCard',
        {
          userTokenId,
          clientRequestId: 'c',
          ccCardNumber: number,
          ccExpMonth: '12',
          ccExpYear: '2035',
          ccNameOnCard: 'Ada Byron',
        },
        as,
      ),
    ).userPaymentOptionId as string;
  const plan = async (extra: Record<string, unknown> = {}, as = w) =>
    ok(
      await call(
        'createPlan',
        {
          name: `Plan ${++n}`,
          initialAmount: '5.00',
          recurringAmount: '9.99',
          currency: 'EUR',
          startAfter: PERIOD('0'),
          recurringPeriod: PERIOD('1'),
          endAfter: PERIOD('0', '1'),
          ...extra,
        },
        as,
      ),
    ).planId as string;
  /** a user with a card subscribed to a new plan: ids and the answer */
  const subscribe = async (
    o: { number?: string; plan?: Record<string, unknown>; endAfter?: object; as?: WireClient } = {},
  ) => {
    const as = o.as ?? w;
    const userTokenId = await user(as);
    const userPaymentOptionId = await card(userTokenId, as, o.number);
    const planId = await plan(o.plan, as);
    const r = ok(
      await call(
        'createSubscription',
        { userTokenId, planId, userPaymentOptionId, endAfter: o.endAfter ?? PERIOD('2'), clientRequestId: 'c' },
        as,
      ),
    );
    return { userTokenId, userPaymentOptionId, planId, subscriptionId: r.subscriptionId as string, answer: r };
  };
  const listed = async (subscriptionId: string, as = w) =>
    ok(await call('getSubscriptionsList', { subscriptionIds: [subscriptionId] }, as)).subscriptions[0] as
      Record<string, any> | undefined;
  const runDue = async (at?: number) => {
    const r = await gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', {
      headers: apiKey(gw),
      body: at === undefined ? {} : { at: new Date(at).toISOString() },
    });
    expect(r.status, r.text).toBe(200);
    return r.json as { at: string; attempted: number; approved: number; declined: number; failed: number };
  };
  const charges = (subscriptionId: string) => gw.rt.deps.storage.read.subscriptions.charges(subscriptionId);
  const dmnsOf = (transactionId: string) => gw.rt.deps.storage.read.notifications.list({ transactionId, limit: 10 });

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: START });
    clock = gw.clock as ManualClock;
    w = wireClient(gw);
    await setSiteNotificationUrl(gw.rt.deps, gw.demo.merchantSiteId, 'http://127.0.0.1:9/dmn');
    const m = await createMerchant(gw.rt.deps, { name: 'Other merchant' });
    other = wireClient(gw, {
      ...gw.demo,
      merchantId: m.merchant.id,
      merchantSiteId: m.site.id,
      merchantSecretKey: m.merchantSecretKey.expose(),
    });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('createSubscription answers a subscriptionId; getSubscriptionsList shows it ACTIVE, due at once', async () => {
    clock.set(START);
    const s = await subscribe();
    expect(s.answer).toMatchObject({ subscriptionId: expect.stringMatching(/^\d+$/), subscriptionStatus: 'ACTIVE' });
    expect(await listed(s.subscriptionId)).toEqual({
      subscriptionId: s.subscriptionId,
      planId: s.planId,
      userTokenId: s.userTokenId,
      userPaymentOptionId: s.userPaymentOptionId,
      subscriptionStatus: 'ACTIVE',
      currency: 'EUR',
      initialAmount: '5.00',
      recurringAmount: '9.99',
      recurringPeriod: PERIOD('1'),
      startDate: new Date(START).toISOString(),
      endDate: '2027-01-25T10:00:00.000Z',
      nextChargeDate: new Date(START).toISOString(),
    });
  });

  it('charges the stored card on schedule: the initial amount, then the recurring one a month later, each a rebilling Sale with a DMN; then COMPLETED', async () => {
    clock.set(START);
    const s = await subscribe();
    const first = await runDue();
    expect(first.approved).toBeGreaterThanOrEqual(1);
    // the same instant again: nothing is charged twice
    expect((await runDue()).attempted).toBe(0);
    expect(await listed(s.subscriptionId)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      nextChargeDate: '2026-12-25T10:00:00.000Z',
    });

    // a month later, by moving the injected clock
    clock.set(Date.UTC(2026, 11, 25, 10, 0, 0));
    await runDue();
    // and by asking for a later instant: the subscription has ended (endAfter 2 months)
    await runDue(Date.UTC(2027, 2, 1));
    expect(await listed(s.subscriptionId)).toMatchObject({ subscriptionStatus: 'COMPLETED', nextChargeDate: '' });

    const cs = await charges(s.subscriptionId);
    expect(cs.map((c) => [c.cycle, c.attempt, c.status, c.amount])).toEqual([
      [0, 1, 'approved', 500],
      [1, 1, 'approved', 999],
    ]);
    for (const [i, c] of cs.entries()) {
      const tx = (await gw.rt.deps.storage.read.payments.find(c.transactionId!))!;
      expect(tx).toMatchObject({
        type: 'Sale',
        status: 'approved',
        amount: i === 0 ? 500 : 999,
        currency: 'EUR',
        userTokenId: s.userTokenId,
        clientUniqueId: `subscription-${s.subscriptionId}-${i}`,
      });
      expect(tx.options).toMatchObject({ isRebilling: true });
      expect(tx.card).toMatchObject({ last4Digits: '1390' });
      const [dmn] = await dmnsOf(tx.id);
      expect(dmn).toMatchObject({
        kind: 'dmn',
        targetUrl: 'http://127.0.0.1:9/dmn',
        eventType: 'transaction.approved',
      });
      const p = new URLSearchParams(dmn!.payload);
      expect(p.get('Status')).toBe('APPROVED');
      expect(p.get('TransactionID')).toBe(tx.id);
      expect(p.get('totalAmount')).toBe(i === 0 ? '5.00' : '9.99');
      expect(p.get('user_token_id')).toBe(s.userTokenId);
      expect(dmn!.payload).not.toContain(APPROVED_CARD);
    }
  });

  it('startAfter delays the first charge; an initialAmount of 0 makes the first period free', async () => {
    clock.set(START);
    const trial = await subscribe({ plan: { initialAmount: '9.99', startAfter: PERIOD('0', '0', '14') } });
    expect(await listed(trial.subscriptionId)).toMatchObject({
      startDate: '2026-12-09T10:00:00.000Z',
      nextChargeDate: '2026-12-09T10:00:00.000Z',
    });
    const free = await subscribe({ plan: { initialAmount: '0' } });
    expect(await listed(free.subscriptionId)).toMatchObject({ nextChargeDate: '2026-12-25T10:00:00.000Z' });
    await runDue(START + 13 * DAY);
    expect(await charges(trial.subscriptionId)).toEqual([]);
    expect(await charges(free.subscriptionId)).toEqual([]);
    await runDue(START + 14 * DAY);
    expect((await charges(trial.subscriptionId)).map((c) => [c.cycle, c.status, c.amount])).toEqual([
      [0, 'approved', 999],
    ]);
    await runDue(Date.UTC(2026, 11, 25, 10, 0, 0));
    expect((await charges(free.subscriptionId)).map((c) => [c.cycle, c.status, c.amount])).toEqual([
      [1, 'approved', 999],
    ]);
  });

  it('cancelSubscription stops the charging; a second cancel is refused (1000)', async () => {
    clock.set(START);
    const s = await subscribe({ endAfter: PERIOD('0', '1') });
    await runDue();
    const c = ok(await call('cancelSubscription', { subscriptionId: s.subscriptionId, clientRequestId: 'c' }));
    expect(c).toMatchObject({ subscriptionId: s.subscriptionId, subscriptionStatus: 'CANCELED' });
    await runDue(Date.UTC(2027, 5, 1));
    expect((await charges(s.subscriptionId)).map((x) => x.cycle)).toEqual([0]);
    expect(await listed(s.subscriptionId)).toMatchObject({ subscriptionStatus: 'CANCELED', nextChargeDate: '' });
    const again = (await call('cancelSubscription', { subscriptionId: s.subscriptionId })).json;
    expect(again).toMatchObject({ status: 'ERROR', errCode: 1000 });
    expect(again.reason).toContain('subscriptionId');
    expect(
      ok(await call('getSubscriptionsList', { userTokenId: s.userTokenId, subscriptionStatus: 'CANCELED' })).total,
    ).toBe(1);
  });

  it('a declined charge is recorded with its DMN and retried after 1 and 3 days; the third decline marks the subscription FAILED', async () => {
    clock.set(START);
    const s = await subscribe({ number: DECLINED_CARD });
    await runDue();
    let [c] = await charges(s.subscriptionId);
    expect(c).toMatchObject({ cycle: 0, attempt: 1, status: 'declined' });
    const [dmn] = await dmnsOf(c!.transactionId!);
    expect(dmn).toMatchObject({ kind: 'dmn', eventType: 'transaction.declined' });
    expect(new URLSearchParams(dmn!.payload).get('Status')).toBe('DECLINED');
    expect(await listed(s.subscriptionId)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      nextChargeDate: new Date(START + DAY).toISOString(),
    });
    await runDue(START + DAY);
    [c] = await charges(s.subscriptionId);
    expect(c).toMatchObject({ attempt: 2, status: 'declined' });
    expect(await listed(s.subscriptionId)).toMatchObject({ nextChargeDate: new Date(START + 4 * DAY).toISOString() });
    await runDue(START + 4 * DAY);
    expect(await charges(s.subscriptionId)).toEqual([
      expect.objectContaining({ cycle: 0, attempt: 3, status: 'declined' }),
    ]);
    expect(await listed(s.subscriptionId)).toMatchObject({ subscriptionStatus: 'FAILED', nextChargeDate: '' });
    expect((await runDue(Date.UTC(2027, 5, 1))).attempted).toBe(0);
  });

  it('a suspended or deleted UPO cannot be subscribed (1011); one suspended later fails its attempt without a charge, and pays again once enabled', async () => {
    clock.set(START);
    const userTokenId = await user();
    const upo = await card(userTokenId);
    const planId = await plan();
    ok(await call('suspendUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: upo }));
    const refused = (
      await call('createSubscription', { userTokenId, planId, userPaymentOptionId: upo, endAfter: PERIOD('2') })
    ).json;
    expect(refused).toMatchObject({ status: 'ERROR', errCode: 1011 });
    expect(refused.reason).toBe('[userPaymentOptionId] is suspended');
    ok(await call('enableUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: upo }));
    const id = ok(
      await call('createSubscription', { userTokenId, planId, userPaymentOptionId: upo, endAfter: PERIOD('2') }),
    ).subscriptionId;
    ok(await call('suspendUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: upo }));
    await runDue();
    expect(await charges(id)).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'error',
        transactionId: null,
        reason: '[userPaymentOptionId] is suspended',
      }),
    ]);
    // nor can a suspended UPO replace the card of a subscription
    const other = await card(userTokenId, w, '5555555555554444');
    ok(await call('suspendUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: other }));
    expect((await call('editSubscription', { subscriptionId: id, userPaymentOptionId: other })).json).toMatchObject({
      errCode: 1011,
      reason: '[userPaymentOptionId] is suspended',
    });
    ok(await call('enableUPO', { userTokenId, clientRequestId: 'c', userPaymentOptionId: upo }));
    await runDue(START + DAY);
    expect(await charges(id)).toEqual([
      expect.objectContaining({ attempt: 2, status: 'approved', transactionId: expect.any(String) }),
    ]);
    // a deleted UPO cannot be subscribed either
    const UP = ['merchantId', 'merchantSiteId', 'userTokenId', 'clientRequestId', 'userPaymentOptionId', 'timeStamp'];
    ok(await w.call('deleteUPO', UP, { userTokenId, clientRequestId: 'c', userPaymentOptionId: upo }));
    const deleted = (
      await call('createSubscription', { userTokenId, planId, userPaymentOptionId: upo, endAfter: PERIOD('2') })
    ).json;
    expect(deleted).toMatchObject({
      status: 'ERROR',
      errCode: 1011,
      reason: '[userPaymentOptionId] is not a payment option of this user',
    });
  });

  it('editSubscription changes the card and the recurring amount of the cycles to come', async () => {
    clock.set(START);
    const s = await subscribe();
    await runDue();
    const second = await card(s.userTokenId, w, '5555555555554444');
    const e = ok(
      await call('editSubscription', {
        subscriptionId: s.subscriptionId,
        userPaymentOptionId: second,
        recurringAmount: '12.50',
        clientRequestId: 'c',
      }),
    );
    expect(e).toMatchObject({ subscriptionId: s.subscriptionId, subscriptionStatus: 'ACTIVE' });
    expect(await listed(s.subscriptionId)).toMatchObject({ userPaymentOptionId: second, recurringAmount: '12.50' });
    await runDue(Date.UTC(2026, 11, 25, 10, 0, 0));
    const [, c1] = await charges(s.subscriptionId);
    expect(c1).toMatchObject({ cycle: 1, amount: 1250, status: 'approved' });
    expect((await gw.rt.deps.storage.read.payments.find(c1!.transactionId!))!.card).toMatchObject({
      last4Digits: '4444',
    });
    // a currency without an amount, another user's UPO: refused, nothing changed
    expect((await call('editSubscription', { subscriptionId: s.subscriptionId, currency: 'USD' })).json).toMatchObject({
      status: 'ERROR',
      errCode: 1040,
    });
    const strangerUpo = await card(await user());
    expect(
      (await call('editSubscription', { subscriptionId: s.subscriptionId, userPaymentOptionId: strangerUpo })).json,
    ).toMatchObject({ errCode: 1011 });
    expect(await listed(s.subscriptionId)).toMatchObject({
      userPaymentOptionId: second,
      currency: 'EUR',
      recurringAmount: '12.50',
    });
  });

  it('getSubscriptionsList filters by user, plans (an array in the checksum) and status', async () => {
    clock.set(START);
    const a = await subscribe();
    const b = await subscribe();
    const all = ok(await call('getSubscriptionsList', {}));
    expect(all.total).toBe(all.subscriptions.length);
    expect(all.subscriptions.map((x: any) => x.subscriptionId)).toEqual(
      expect.arrayContaining([a.subscriptionId, b.subscriptionId]),
    );
    const byPlans = ok(
      await call('getSubscriptionsList', { planIds: [a.planId, b.planId], subscriptionStatus: 'ACTIVE' }),
    );
    expect(byPlans.subscriptions.map((x: any) => x.subscriptionId)).toEqual([a.subscriptionId, b.subscriptionId]);
    expect(
      ok(await call('getSubscriptionsList', { userTokenId: b.userTokenId })).subscriptions.map(
        (x: any) => x.subscriptionId,
      ),
    ).toEqual([b.subscriptionId]);
  });

  it("another merchant's plan, user, UPO and subscription are refused, and nothing changes", async () => {
    clock.set(START);
    const theirs = await subscribe({ as: other });
    const before = ok(await call('getSubscriptionsList', {})).total as number;
    const mine = await user();
    const myUpo = await card(mine);
    const myPlan = await plan();
    const attempts: Array<[Record<string, unknown>, number, string]> = [
      [{ userTokenId: mine, planId: theirs.planId, userPaymentOptionId: myUpo }, 1000, 'planId'],
      [{ userTokenId: theirs.userTokenId, planId: myPlan, userPaymentOptionId: myUpo }, 1010, 'userTokenId'],
      [
        { userTokenId: mine, planId: myPlan, userPaymentOptionId: theirs.userPaymentOptionId },
        1011,
        'userPaymentOptionId',
      ],
    ];
    for (const [fields, errCode, field] of attempts) {
      const r = (await call('createSubscription', { ...fields, endAfter: PERIOD('2') })).json;
      expect(r, field).toMatchObject({ status: 'ERROR', errCode });
      expect(r.reason).toContain(`[${field}]`);
    }
    expect(ok(await call('getSubscriptionsList', {})).total).toBe(before);
    for (const [m, extra] of [
      ['editSubscription', { recurringAmount: '0.01' }],
      ['cancelSubscription', {}],
    ] as const) {
      const r = (await call(m, { subscriptionId: theirs.subscriptionId, ...extra })).json;
      expect(r, m).toMatchObject({ status: 'ERROR', errCode: 1000 });
      expect(r.reason).toContain('[subscriptionId]');
    }
    expect(ok(await call('getSubscriptionsList', { subscriptionIds: [theirs.subscriptionId] })).total).toBe(0);
    // our sandbox run charges only our merchant's subscriptions
    await runDue();
    expect(await charges(theirs.subscriptionId)).toEqual([]);
    expect(await listed(theirs.subscriptionId, other)).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      recurringAmount: '9.99',
    });
  });

  it('two racing runs for the same instant charge each due cycle once', async () => {
    clock.set(START);
    // settle anything due from earlier tests first
    await runDueCharges(gw.rt.deps);
    const subs = await Promise.all([1, 2, 3, 4].map(() => subscribe()));
    const [x, y, z] = await Promise.all([runDue(), runDue(), runDueCharges(gw.rt.deps, { at: START })]);
    expect(x.approved + y.approved + z.approved).toBe(4);
    for (const s of subs) {
      const cs = await charges(s.subscriptionId);
      expect(cs.map((c) => [c.cycle, c.attempt, c.status])).toEqual([[0, 1, 'approved']]);
    }
    // the store's unique key refuses a second claim of a cycle outright
    const claim = {
      subscriptionId: subs[0]!.subscriptionId,
      cycle: 0,
      attempt: 1,
      amount: 500,
      currency: 'EUR',
      dueAt: START,
      createdAt: START,
    };
    expect(await gw.rt.deps.storage.write((repos) => repos.subscriptions.claimCharge(claim))).toBe(false);
  });

  // Every method: a bad checksum is 1001 and changes nothing; a missing required field is named.
  const REQUIRED: Array<[CatalogueMethodName, Record<string, unknown>, string]> = [
    [
      'createSubscription',
      { userTokenId: 'u', planId: '1', userPaymentOptionId: '1', endAfter: PERIOD('1') },
      'planId',
    ],
    [
      'createSubscription',
      { userTokenId: 'u', planId: '1', userPaymentOptionId: '1', endAfter: PERIOD('1') },
      'userTokenId',
    ],
    [
      'createSubscription',
      { userTokenId: 'u', planId: '1', userPaymentOptionId: '1', endAfter: PERIOD('1') },
      'userPaymentOptionId',
    ],
    [
      'createSubscription',
      { userTokenId: 'u', planId: '1', userPaymentOptionId: '1', endAfter: PERIOD('1') },
      'endAfter',
    ],
    ['editSubscription', { subscriptionId: '1', recurringAmount: '1.00' }, 'subscriptionId'],
    ['cancelSubscription', { subscriptionId: '1' }, 'subscriptionId'],
  ];
  it.each(REQUIRED)('%s: a bad checksum is 1001; without %s the reason names it', async (m, fields, required) => {
    const bad = await w.post(m, { ...w.signed(F[m], fields), checksum: 'ab'.repeat(32) });
    expect(bad.json).toMatchObject({ status: 'ERROR', errCode: 1001, reason: 'Invalid checksum' });
    const missing = { ...fields };
    delete missing[required];
    const r = await w.post(m, w.signed(F[m], missing));
    expect(r.json, r.text).toMatchObject({ status: 'ERROR', errCode: 1019, reason: `[${required}] must not be null` });
  });

  it('getSubscriptionsList and getSubscriptionPlans refuse a bad checksum (1001); a checksum over the flattened arrays passes', async () => {
    for (const m of ['getSubscriptionsList', 'getSubscriptionPlans'] as const) {
      const b = w.signed(F[m], m === 'getSubscriptionsList' ? { planIds: ['1', '2'] } : {});
      expect((await w.post(m, { ...b, checksum: 'cd'.repeat(32) })).json).toMatchObject({ errCode: 1001 });
      ok(await w.post(m, b));
    }
  });
});

describe('the sandbox run of due charges', () => {
  it('does not exist in production mode (404)', async () => {
    const gw = await startGateway({ env: { GATEHOUSE_MODE: 'production' } });
    try {
      const r = await gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', { headers: apiKey(gw), body: {} });
      expect(r.status).toBe(404);
    } finally {
      await gw.close();
    }
  });

  it('refuses a call without an API key, and an `at` that is no date', async () => {
    const gw = await startGateway();
    try {
      expect((await gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', { body: {} })).status).toBe(401);
      const r = await gw.request('POST', '/admin/v1/sandbox/rebilling/run-due', {
        headers: apiKey(gw),
        body: { at: 'tomorrow' },
      });
      expect(r.status).toBe(400);
    } finally {
      await gw.close();
    }
  });
});
