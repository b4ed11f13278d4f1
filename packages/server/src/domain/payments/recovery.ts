import { finishRecoveredKeys } from '../idempotency/transaction-keys.js';
import type { DomainDeps } from '../ports.js';
import { settleOutcome } from './outcome.write.js';

/** How long a pending transaction may wait for its acquirer call before recovery may close it. */
export const PENDING_GRACE_MS = 5 * 60 * 1000;

/**
 * Closes transactions left `pending` by a crash between the two writes: each becomes `error` with
 * reason `recovered`, its reservations are freed and its outcome notified. The acquirer is not
 * called again, so money never moves twice (docs/decisions/0303). Only transactions older than
 * `graceMs` are touched, so another node's call in flight is left alone.
 */
export async function recoverPendingTransactions(
  deps: DomainDeps,
  options: { graceMs?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const before = now - (options.graceMs ?? PENDING_GRACE_MS);
  let total = 0;
  for (;;) {
    const batch = await deps.storage.read.payments.pendingBefore(before, 100);
    if (batch.length === 0) return total;
    await deps.storage.write(async (repos) => {
      for (const tx of batch) {
        const closed = await settleOutcome(
          repos,
          deps.render,
          tx,
          { status: 'error', errorCode: '-1100', errorReason: 'recovered' },
          now,
        );
        // a retry with the request's key now replays this final answer, not 5300.1003 (0805)
        await finishRecoveredKeys(repos, deps.render, closed);
      }
    });
    total += batch.length;
    if (batch.length < 100) return total;
  }
}
