import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DialectName, dialects } from '../../../test/dialects.js';
import { type Gateway, startGateway } from '../../../test/harness.js';
import { cardUpo } from '../../../test/withdrawals.js';
import type { ManualClock } from '../../lib/clock.js';
import type { Minor } from '../../lib/money.js';
import type { Acquirer, AuthorizeOutcome } from '../payments/acquirer.port.js';
import { PENDING_GRACE_MS, recoverPendingTransactions } from '../payments/payment.service.js';
import type { DomainDeps } from '../ports.js';
import { WithdrawalLimitReached, WithdrawalRefused } from '../errors.js';
import { approveWithdrawal, listWithdrawalOrders } from './order.service.js';
import { recoverProcessingOrders, settleWithdrawalOrder } from './order.settle.js';
import {
  cancelWithdrawal,
  listWithdrawals,
  recoverProcessingWithdrawals,
  submitWithdrawal,
} from './withdrawal.service.js';

const T0 = Date.UTC(2026, 4, 4, 8, 0);

/** The real acquirer, whose payouts wait until the test lets them go: the gateway "crashes" meanwhile. */
function heldPayouts(real: Acquirer) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  const acquirer: Acquirer = {
    ...real,
    payout: (req) =>
      new Promise<AuthorizeOutcome>((resolve) => {
        calls.push(req.transactionId);
        held.push(() => void real.payout(req).then(resolve));
      }),
  };
  return { acquirer, calls, release: () => held.splice(0).forEach((f) => f()) };
}

describe.each(dialects())('withdrawals storage on %s', (dialect: DialectName) => {
  let gw: Gateway;
  let clock: ManualClock;
  let seq = 0;
  const caller = () => ({ merchantId: gw.demo.merchantId, siteId: gw.demo.merchantSiteId });
  const submit = (
    deps: DomainDeps,
    userTokenId: string,
    upoId: string,
    limit?: number,
    refs: Record<string, string> = {},
  ) =>
    submitWithdrawal(deps, caller(), {
      userTokenId,
      userId: 'u',
      upoId,
      upoField: 'userPMId',
      amount: 2500 as Minor,
      currency: 'EUR',
      ...refs,
      ...(limit !== undefined ? { wdRequestsLimit: limit } : {}),
    });
  const payoutsOf = (user: string) =>
    gw.rt.store.db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('type', '=', 'Payout')
      .where('user_token_id', '=', user)
      .execute();

  beforeAll(async () => {
    gw = await startGateway({ dialect, clockStart: T0 });
    clock = gw.clock as ManualClock;
  });
  afterAll(async () => {
    await gw.close();
  });

  it('concurrent submissions never exceed wdRequestsLimit', async () => {
    const user = `conc-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => submit(gw.rt.deps, user, upo, 3)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WithdrawalLimitReached);
    const { total } = await listWithdrawals(gw.rt.deps, caller(), { userTokenId: user });
    expect(total).toBe(3);
  });

  it('without a limit (the session API) every submission is accepted, references shared or not, and still counted open', async () => {
    const user = `nolimit-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const refs = { merchantWDRequestId: `wd-${T0 / 1000}`, merchantUniqueId: `mu-${T0 / 1000}` };
    const made = await Promise.all(Array.from({ length: 4 }, () => submit(gw.rt.deps, user, upo, undefined, refs)));
    expect(made.map((w) => [w.status, w.merchantWDRequestId, w.merchantUniqueId])).toEqual(
      Array.from({ length: 4 }, () => ['Pending', refs.merchantWDRequestId, refs.merchantUniqueId]),
    );
    expect(new Set(made.map((w) => w.id)).size).toBe(4);
    // the Web SDK's wdRequestsLimit counts them: 4 open, so a limit of 4 is reached and 5 is not
    await expect(submit(gw.rt.deps, user, upo, 4)).rejects.toBeInstanceOf(WithdrawalLimitReached);
    expect((await submit(gw.rt.deps, user, upo, 5)).status).toBe('Pending');
  });

  it('concurrent approvals of one request place exactly one order and pay nothing', async () => {
    const user = `once-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const w = await submit(gw.rt.deps, user, upo);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => approveWithdrawal(gw.rt.deps, caller(), { wdRequestId: w.id })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WithdrawalRefused);
    expect(await payoutsOf(user)).toHaveLength(0);
    expect((await gw.rt.deps.storage.read.withdrawals.find(w.id))?.status).toBe('InProgress');
    const orders = await gw.rt.deps.storage.read.withdrawalOrders.ofRequest(w.id);
    expect(orders.map((o) => [o.status, o.amount])).toEqual([['Approved', 2500]]);
  });

  it('concurrent settlements of one order pay it out exactly once', async () => {
    const user = `settle-once-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const w = await submit(gw.rt.deps, user, upo);
    const approved = await approveWithdrawal(gw.rt.deps, caller(), { wdRequestId: w.id });
    if (approved.replay) throw new Error('no replay was asked for');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => settleWithdrawalOrder(gw.rt.deps, caller(), { wdOrderId: approved.order.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WithdrawalRefused);
    expect(await payoutsOf(user)).toEqual([expect.objectContaining({ status: 'approved' })]);
    expect((await gw.rt.deps.storage.read.withdrawalOrders.find(approved.order.id))?.status).toBe('Settled');
    expect((await gw.rt.deps.storage.read.withdrawals.find(w.id))?.status).toBe('Approved');
  });

  it('an order whose payout was cut off by a crash is closed in Error by recovery; the money moves at most once', async () => {
    const held = heldPayouts(gw.rt.acquirer);
    const deps: DomainDeps = { ...gw.rt.deps, acquirer: held.acquirer };
    const user = `crash-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const w = await submit(deps, user, upo);
    const approved = await approveWithdrawal(deps, caller(), { wdRequestId: w.id });
    if (approved.replay) throw new Error('no replay was asked for');
    const inFlight = settleWithdrawalOrder(deps, caller(), { wdOrderId: approved.order.id });
    await expect.poll(() => held.calls.length, { timeout: 20_000 }).toBe(1);
    // Being settled: the request can no longer be cancelled
    expect((await gw.rt.deps.storage.read.withdrawalOrders.find(approved.order.id))?.status).toBe('Processing');
    await expect(
      cancelWithdrawal(gw.rt.deps, caller(), { userTokenId: user, wdRequestId: w.id }),
    ).rejects.toBeInstanceOf(WithdrawalRefused);
    // Nothing to recover while the payout may still be answered ...
    await recoverProcessingOrders(gw.rt.deps, gw.demo.merchantSiteId);
    expect((await gw.rt.deps.storage.read.withdrawalOrders.find(approved.order.id))?.status).toBe('Processing');
    // ... after the grace period the transaction is closed as an error, then the order follows it (on listing).
    clock.advance(PENDING_GRACE_MS + 1);
    expect(await recoverPendingTransactions(gw.rt.deps)).toBeGreaterThanOrEqual(1);
    const listed = await listWithdrawalOrders(gw.rt.deps, caller());
    expect(listed.find((o) => o.id === approved.order.id)).toMatchObject({
      status: 'Error',
      comment: 'Payout error: recovered',
    });
    // The late answer changes nothing: the recovered outcome stands.
    held.release();
    const late = await inFlight;
    expect(late.order.status).toBe('Error');
    expect(late.payout).toMatchObject({ status: 'error', errorReason: 'recovered' });
    expect(held.calls).toHaveLength(1);
    // the request is still InProgress: the merchant may decline it, or place another order
    expect((await gw.rt.deps.storage.read.withdrawals.find(w.id))?.status).toBe('InProgress');
  });

  it("a request an earlier version left Processing (one-step approve-and-pay) takes its payout's outcome", async () => {
    const user = `legacy-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    // an approved payout to pay it with: a settled order of another request of the user
    const other = await submit(gw.rt.deps, user, upo);
    const approved = await approveWithdrawal(gw.rt.deps, caller(), { wdRequestId: other.id });
    if (approved.replay) throw new Error('no replay was asked for');
    const { payout } = await settleWithdrawalOrder(gw.rt.deps, caller(), { wdOrderId: approved.order.id });
    const legacy = await gw.rt.deps.storage.write((repos) =>
      repos.withdrawals.insert({
        ...other,
        status: 'Processing',
        payoutTransactionId: payout.id,
        approvedAmount: 2500 as Minor,
        createdAt: T0,
      }),
    );
    expect(await recoverProcessingWithdrawals(gw.rt.deps)).toBe(1);
    expect((await gw.rt.deps.storage.read.withdrawals.find(legacy.id))?.status).toBe('Approved');
  });
});
