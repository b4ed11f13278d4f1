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
import {
  approveWithdrawal,
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
  const submit = (deps: DomainDeps, userTokenId: string, upoId: string, limit?: number) =>
    submitWithdrawal(deps, caller(), {
      userTokenId,
      userId: 'u',
      upoId,
      upoField: 'userPMId',
      amount: 2500 as Minor,
      currency: 'EUR',
      ...(limit !== undefined ? { wdRequestsLimit: limit } : {}),
    });

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

  it('concurrent approvals of one request pay it out exactly once', async () => {
    const user = `once-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const w = await submit(gw.rt.deps, user, upo);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => approveWithdrawal(gw.rt.deps, caller(), { wdRequestId: w.id })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WithdrawalRefused);
    const payouts = await gw.rt.store.db.selectFrom('transactions').select(['id', 'status']).where('type', '=', 'Payout').where('user_token_id', '=', user).execute();
    expect(payouts).toHaveLength(1);
    expect((await gw.rt.deps.storage.read.withdrawals.find(w.id))?.status).toBe('Approved');
  });

  it('a request whose payout was cut off by a crash is closed in Error by recovery; the money moves at most once', async () => {
    const held = heldPayouts(gw.rt.acquirer);
    const deps: DomainDeps = { ...gw.rt.deps, acquirer: held.acquirer };
    const user = `crash-${++seq}`;
    const upo = await cardUpo(gw, user, '4761344136141390');
    const w = await submit(deps, user, upo);
    const inFlight = approveWithdrawal(deps, caller(), { wdRequestId: w.id });
    await expect.poll(() => held.calls.length, { timeout: 20_000 }).toBe(1);
    // Being paid out: still Pending on the wire, but the user can no longer cancel it.
    expect((await gw.rt.deps.storage.read.withdrawals.find(w.id))?.status).toBe('Processing');
    await expect(cancelWithdrawal(gw.rt.deps, caller(), { userTokenId: user, wdRequestId: w.id })).rejects.toBeInstanceOf(WithdrawalRefused);
    // Nothing to recover while the payout may still be answered ...
    expect(await recoverProcessingWithdrawals(gw.rt.deps)).toBe(0);
    // ... after the grace period the transaction is closed as an error, then the request follows it.
    clock.advance(PENDING_GRACE_MS + 1);
    expect(await recoverPendingTransactions(gw.rt.deps)).toBeGreaterThanOrEqual(1);
    expect(await recoverProcessingWithdrawals(gw.rt.deps)).toBe(1);
    const closed = await gw.rt.deps.storage.read.withdrawals.find(w.id);
    expect(closed).toMatchObject({ status: 'Error', comment: 'Payout error: recovered' });
    // The late answer changes nothing: the recovered outcome stands.
    held.release();
    const late = await inFlight;
    if (late.replay) throw new Error('no replay was asked for');
    expect(late.withdrawal.status).toBe('Error');
    expect(late.payout).toMatchObject({ status: 'error', errorReason: 'recovered' });
    expect(held.calls).toHaveLength(1);
    // and the user's slot is free again
    expect((await submit(gw.rt.deps, user, upo)).status).toBe('Pending');
  });
});
