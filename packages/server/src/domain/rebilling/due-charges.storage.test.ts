import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../lib/clock.js';
import { CATALOGUE_CHECKSUM_FIELDS as F } from '../../security/catalogue-checksum.js';
import { dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { wireClient } from '../../../test/wire-client.js';
import { recoverPendingTransactions } from '../payments/payment.service.js';
import { chargeUpo } from './charge-upo.js';
import { runDueCharges } from './due-charges.service.js';
import { subscribableCard } from './subscription.service.js';

/**
 * A crash between a rebilling charge's two writes (docs/decisions/0126): the pending transaction is
 * closed by recovery without a second acquirer call, and the next run applies that outcome to the
 * cycle and the schedule instead of leaving the cycle claimed for ever.
 */

const START = Date.UTC(2026, 10, 25, 10, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe.each(dialects())('rebilling charges after a crash, on %s', (dialect) => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: START });
  });
  afterAll(async () => {
    await gw.close();
  });

  it('a cycle left pending is closed by the next run once its transaction was recovered, and retried', async () => {
    const w = wireClient(gw);
    const ok = async (m: keyof typeof F, fields: Record<string, unknown>) => {
      const r = await w.call(m, F[m], fields);
      expect(r.json, r.text).toMatchObject({ status: 'SUCCESS' });
      return r.json;
    };
    const userTokenId = 'crash-user';
    await ok('createUser', {
      userTokenId,
      firstName: 'Ada',
      lastName: 'Byron',
      countryCode: 'GB',
      email: 'ada@example.com',
    });
    const { userPaymentOptionId } = await ok('addUPOCreditCard', {
      userTokenId,
      ccCardNumber: '4761344136141390',
      ccExpMonth: '12',
      ccExpYear: '2035',
      ccNameOnCard: 'Ada',
    });
    const { planId } = await ok('createPlan', {
      name: 'Monthly',
      recurringAmount: '4.00',
      currency: 'EUR',
      endAfter: { day: '0', month: '0', year: '1' },
    });
    const { subscriptionId } = await ok('createSubscription', {
      userTokenId,
      planId,
      userPaymentOptionId,
      endAfter: { day: '0', month: '6', year: '0' },
    });

    // The charge's first write commits (cycle claimed, transaction pending); the process "dies"
    // before the outcome's write commits: that write fails, as a crash would leave it.
    const deps = gw.rt.deps;
    const sub = (await deps.storage.read.subscriptions.find(subscriptionId))!;
    const claim = {
      subscriptionId,
      cycle: 0,
      attempt: 1,
      amount: 400,
      currency: 'EUR',
      dueAt: START,
      createdAt: START,
    };
    const card = await subscribableCard(deps, sub, userPaymentOptionId);
    await expect(
      chargeUpo(
        deps,
        {
          merchantId: sub.merchantId,
          siteId: sub.siteId,
          userTokenId,
          reference: `subscription-${subscriptionId}-0`,
          amount: 400,
          currency: 'EUR',
          card,
        },
        {
          claim: async (repos) => void (await repos.subscriptions.claimCharge(claim)),
          onPending: (repos, tx) =>
            repos.subscriptions.recordCharge(subscriptionId, 0, {
              status: 'pending',
              transactionId: tx.id,
              reason: null,
              at: START,
            }),
          onOutcome: async () => {
            throw new Error('crash');
          },
        },
      ),
    ).rejects.toThrow('crash');
    const [pending] = await deps.storage.read.subscriptions.charges(subscriptionId);
    expect(pending).toMatchObject({ status: 'pending', transactionId: expect.any(String) });
    // while the transaction is pending, runs leave the cycle alone and charge nothing
    expect(await runDueCharges(deps)).toMatchObject({ attempted: 0 });

    (gw.clock as ManualClock).set(START + 10 * 60 * 1000);
    expect(await recoverPendingTransactions(deps)).toBe(1);
    expect((await deps.storage.read.payments.find(pending!.transactionId!))!.status).toBe('error');
    await runDueCharges(deps);
    expect(await deps.storage.read.subscriptions.charges(subscriptionId)).toEqual([
      expect.objectContaining({
        cycle: 0,
        attempt: 1,
        status: 'error',
        transactionId: pending!.transactionId,
        reason: 'recovered',
      }),
    ]);
    expect((await deps.storage.read.subscriptions.find(subscriptionId))!).toMatchObject({
      status: 'ACTIVE',
      nextAttempt: 2,
      nextChargeAt: START + DAY,
    });
    await runDueCharges(deps, { at: START + DAY });
    expect(await deps.storage.read.subscriptions.charges(subscriptionId)).toEqual([
      expect.objectContaining({ cycle: 0, attempt: 2, status: 'approved' }),
    ]);
  });
});
