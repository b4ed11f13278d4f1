import { Invalid } from '../errors.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Repos } from '../ports.js';
import { chargeUpo } from './charge-upo.js';
import type { ChargeStatus, Subscription } from './ports.js';
import { afterCharge, cycleAmount, isDue } from './subscription.machine.js';
import { subscribableCard } from './subscription.service.js';

/**
 * Runs the subscription charges due at an instant (docs/decisions/0124-0126): each due
 * cycle of an ACTIVE subscription becomes one Sale of its card UPO through the payment pipeline, with
 * its DMN. The cycle is claimed in the write that persists the pending transaction (unique key
 * subscription + cycle), so two runs for the same instant, even racing ones, charge it once. The
 * outcome, the cycle's row and the next schedule are written with the transaction's outcome.
 */

export interface RunDueOptions {
  /** the instant charges are due at (default: the clock's now) */
  at?: number;
  /** only this merchant's subscriptions (the sandbox call); all when absent (the CLI) */
  merchantId?: string;
}

export interface RunDueSummary {
  at: number;
  /** attempts made in this run */
  attempted: number;
  approved: number;
  declined: number;
  /** gateway errors, and cycles whose UPO could not pay (suspended, deleted, expired) */
  failed: number;
}

/** A cycle another run holds already: nothing was written. */
class CycleTaken extends Error {}

const BATCH = 100;
/** a pending cycle older than this, whose transaction has ended, is brought up to date */
const STALE_MS = 5 * 60 * 1000;

const chargeStatusOf = (tx: Transaction): ChargeStatus =>
  tx.status === 'approved' ? 'approved' : tx.status === 'declined' ? 'declined' : 'error';

/** Records a cycle's outcome and moves the schedule on, in the caller's write. */
async function closeCycle(
  repos: Repos,
  subscriptionId: string,
  cycle: number,
  outcome: { status: ChargeStatus; transactionId: string | null; reason: string | null },
  now: number,
): Promise<void> {
  await repos.subscriptions.recordCharge(subscriptionId, cycle, { ...outcome, at: now });
  const s = await repos.subscriptions.find(subscriptionId);
  if (!s || s.nextCycle !== cycle) return;
  await repos.subscriptions.update({ ...s, ...afterCharge(s, outcome.status === 'approved'), updatedAt: now });
}

/** One attempt of the subscription's current cycle; 'taken' when another run holds it. */
async function chargeCycle(deps: DomainDeps, sub: Subscription): Promise<ChargeStatus | 'taken'> {
  const now = deps.clock.now();
  const cycle = sub.nextCycle;
  const claim = {
    subscriptionId: sub.id,
    cycle,
    attempt: sub.nextAttempt,
    amount: cycleAmount(sub, cycle),
    currency: sub.currency,
    dueAt: sub.nextChargeAt!,
    createdAt: now,
  };
  const claimIn = async (repos: Repos) => {
    const fresh = await repos.subscriptions.find(sub.id);
    const same = fresh && isDue(fresh, claim.dueAt) && fresh.nextCycle === cycle && fresh.nextAttempt === claim.attempt;
    if (!same || !(await repos.subscriptions.claimCharge(claim))) throw new CycleTaken();
  };
  try {
    const card = await subscribableCard(deps, sub, sub.userPaymentOptionId);
    const tx = await chargeUpo(
      deps,
      {
        merchantId: sub.merchantId,
        siteId: sub.siteId,
        userTokenId: sub.userTokenId,
        reference: `subscription-${sub.id}-${cycle}`,
        amount: claim.amount,
        currency: sub.currency,
        card,
      },
      {
        claim: claimIn,
        onPending: (repos, pending) =>
          repos.subscriptions.recordCharge(sub.id, cycle, {
            status: 'pending',
            transactionId: pending.id,
            reason: null,
            at: now,
          }),
        onOutcome: (repos, done, at) =>
          closeCycle(
            repos,
            sub.id,
            cycle,
            { status: chargeStatusOf(done), transactionId: done.id, reason: done.errorReason },
            at,
          ),
      },
    );
    return chargeStatusOf(tx);
  } catch (err) {
    if (err instanceof CycleTaken) return 'taken';
    // The UPO cannot pay (suspended, deleted, expired card): a failed attempt without a transaction.
    if (!(err instanceof Invalid)) throw err;
    return deps.storage
      .write(async (repos) => {
        await claimIn(repos);
        await closeCycle(repos, sub.id, cycle, { status: 'error', transactionId: null, reason: err.message }, now);
        return 'error' as const;
      })
      .catch((e: unknown) => {
        if (e instanceof CycleTaken) return 'taken' as const;
        throw e;
      });
  }
}

/**
 * Cycles left pending by a crash between the payment's writes: once the transaction has ended
 * (recoverPendingTransactions closes it as an error), its outcome is applied to the schedule.
 */
async function reconcileStale(deps: DomainDeps, now: number): Promise<void> {
  for (const c of await deps.storage.read.subscriptions.stalePending(now - STALE_MS, BATCH)) {
    const tx = c.transactionId === null ? undefined : await deps.storage.read.payments.find(c.transactionId);
    if (!tx || tx.status === 'pending') continue;
    await deps.storage.write((repos) =>
      closeCycle(
        repos,
        c.subscriptionId,
        c.cycle,
        { status: chargeStatusOf(tx), transactionId: tx.id, reason: tx.errorReason },
        now,
      ),
    );
  }
}

export async function runDueCharges(deps: DomainDeps, options: RunDueOptions = {}): Promise<RunDueSummary> {
  const at = options.at ?? deps.clock.now();
  const summary: RunDueSummary = { at, attempted: 0, approved: 0, declined: 0, failed: 0 };
  await reconcileStale(deps, deps.clock.now());
  // Every claimed attempt moves its subscription's schedule on, so the loop ends; a batch where
  // another run held every cycle ends it too.
  for (;;) {
    const due = await deps.storage.read.subscriptions.due(at, BATCH, options.merchantId);
    let progressed = false;
    for (const sub of due) {
      const r = await chargeCycle(deps, sub);
      if (r === 'taken') continue;
      progressed = true;
      summary.attempted++;
      if (r === 'approved') summary.approved++;
      else if (r === 'declined') summary.declined++;
      else summary.failed++;
    }
    if (!progressed || due.length === 0) return summary;
  }
}
