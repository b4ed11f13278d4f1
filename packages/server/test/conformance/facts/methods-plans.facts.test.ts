import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Facts, ok, startFacts } from '../clients.js';

/** docs/gateway-facts.md, "Plans and subscriptions" (all sent by P). */

const PERIOD = (day: string, month: string, year: string) => ({ day, month, year });

describe('gateway facts: plan and subscription methods', () => {
  let f: Facts;
  beforeAll(async () => {
    f = await startFacts();
  });
  afterAll(async () => {
    await f?.gw.close();
  });

  const plan = async (extra: Record<string, unknown> = {}) =>
    ok(
      await f.P.send('createPlan', {
        name: `Plan ${f.seq()}`,
        description: 'Monthly box',
        planStatus: 'ACTIVE',
        initialAmount: '9.99',
        recurringAmount: '9.99',
        currency: 'EUR',
        startAfter: PERIOD('0', '0', '0'),
        recurringPeriod: PERIOD('0', '1', '0'),
        endAfter: PERIOD('0', '0', '1'),
        ...extra,
      }),
    ).planId as string;

  const subscription = async () => {
    const c = await f.fx.card();
    return ok(
      await f.P.send('createSubscription', {
        planId: await plan(),
        userTokenId: c.userTokenId,
        userPaymentOptionId: c.upo,
        endAfter: PERIOD('0', '2', '0'),
      }),
    );
  };

  it('F-2.7.1 getPlansList: answers total and plans', async () => {
    await plan();
    const j = ok(await f.P.send('getPlansList', {}));
    expect(Number(j.total)).toBeGreaterThan(0);
    expect(Array.isArray(j.plans)).toBe(true);
  });

  it('F-2.7.2 createPlan: answers planId', async () => {
    expect(await plan()).toBeTruthy();
    // P copies recurringAmount into initialAmount when the caller gives none
    expect(
      ok(
        await f.P.send('createPlan', {
          name: `Plan ${f.seq()}`,
          initialAmount: '5.00',
          recurringAmount: '5.00',
          currency: 'EUR',
          endAfter: PERIOD('0', '6', '0'),
        }),
      ).planId,
    ).toBeTruthy();
  });

  it('F-2.7.3 editPlan: answers status', async () => {
    const planId = await plan();
    ok(
      await f.P.send('editPlan', {
        planId,
        name: 'Renamed',
        planStatus: 'INACTIVE',
        currency: 'EUR',
        initialAmount: '1.00',
        recurringAmount: '12.50',
      }),
    );
  });

  it('F-2.7.4 createSubscription: answers subscriptionId', async () => {
    expect((await subscription()).subscriptionId).toBeTruthy();
  });

  it('F-2.7.5 editSubscription: answers status', async () => {
    const s = await subscription();
    ok(
      await f.P.send('editSubscription', {
        subscriptionId: s.subscriptionId,
        recurringAmount: '12.50',
        currency: 'EUR',
      }),
    );
  });

  it('F-2.7.6 cancelSubscription: answers status', async () => {
    const s = await subscription();
    ok(await f.P.send('cancelSubscription', { subscriptionId: s.subscriptionId }));
  });

  it('F-2.7.7 getSubscriptionsList: answers total and subscriptions', async () => {
    const s = await subscription();
    const j = ok(await f.P.send('getSubscriptionsList', { subscriptionIds: [String(s.subscriptionId)] }));
    expect(Number(j.total)).toBe(1);
    expect(j.subscriptions).toHaveLength(1);
    expect(ok(await f.P.send('getSubscriptionsList', {})).subscriptions.length).toBeGreaterThan(0);
  });

  it('F-2.7.8 getSubscriptionPlans: S, answers status', async () => {
    ok(await f.P.send('getSubscriptionPlans', { clientRequestId: 'plans-1' }));
  });
});
