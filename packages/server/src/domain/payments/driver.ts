import { attachKey, claimKey, completeKey, type IdempotencyClaim } from '../idempotency/transaction-keys.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { Run } from './origin.js';
import type { OutcomeHook } from './outcome-effects.js';
import { finish } from './outcome.write.js';
import type { Transaction, TransactionResult } from './transaction.types.js';

/**
 * The payment driver (docs/architecture.md, docs/decisions/0641): every money operation (card, APM and
 * UPO payments, the 3-D Secure payments, settle, refund, void, payout, a withdrawal's payout, a
 * rebilling charge) declares its stages; the driver runs them in one order and owns what they share:
 *
 *   validate, load, decide   the operation, before and inside its pending write
 *   write pending            one write ahead (`WRITE_AHEAD`): the idempotency key claimed, the row
 *                            inserted `pending`, the key named its transaction; or the operation's
 *                            planned write (ADR 0817) when it has one
 *   call the acquirer        once the pending row is committed; a throw is answered "Acquirer
 *                            unavailable" (-1100) and its cause logged with the request id
 *   write the outcome        one durable write: the result, the reservations it frees, its
 *                            notifications, the operation's outcome hook and the key's answer
 *
 * A crash between the two writes leaves a pending row that `recoverPendingTransactions` (recovery.ts)
 * closes without calling the acquirer again, so money never moves twice.
 */

/**
 * The pending write of an operation is written ahead (docs/decisions/0616): committed, not waited on
 * the disk. The acquirer is called once it is committed, so a kill -9 after the call finds the
 * pending row (recovery closes it); the outcome's durable write makes both durable, in WAL order.
 */
export const WRITE_AHEAD = { durable: false } as const;

/** What an acquirer that could not be reached (it threw) is taken to have answered. */
export const ACQUIRER_UNAVAILABLE = { status: 'error', reason: 'Acquirer unavailable', code: '-1100' } as const;
export type AcquirerUnavailable = typeof ACQUIRER_UNAVAILABLE;

/** The stages of one money operation. `S` is what its pending write leaves (at least the transaction). */
export interface MoneyOperation<S extends { tx: Transaction }, O> {
  /** names the operation in the log line of a failed acquirer call */
  name: string;
  /** the request that started it, named in that log line */
  requestId?: string | undefined;
  idempotency?: IdempotencyClaim | undefined;
  /**
   * The pending write as one planned write (ADR 0817), when the operation can say it as data: what it
   * left, or undefined when the store has none or a guard stopped it (nothing written): `pending` then runs.
   */
  plannedPending?: () => Promise<S | undefined>;
  /** load, decide and insert the pending row, in the write-ahead transaction (the key is claimed first) */
  pending(repos: Repos, now: number): Promise<S>;
  /** the acquirer call */
  call(staged: S): Promise<O>;
  /**
   * The outcome: `result` maps the acquirer's answer to the transaction's, which the driver writes
   * (planned when it can, ADR 0814); `write` writes it the operation's own way in the driver's write.
   */
  outcome:
    | { result(answer: O | AcquirerUnavailable, staged: S): TransactionResult }
    | { write(repos: Repos, staged: S, answer: O | AcquirerUnavailable, now: number): Promise<Transaction> };
  /** what the outcome changes beside the transaction (a session's decline, a saved UPO), in its write */
  onOutcome?: OutcomeHook | undefined;
}

/** Runs a money operation's stages: pending write, acquirer call, outcome write. */
export async function drive<S extends { tx: Transaction }, O>(
  deps: DomainDeps,
  op: MoneyOperation<S, O>,
): Promise<Run & { staged?: S }> {
  const now = deps.clock.now();
  const planned = op.plannedPending ? await op.plannedPending() : undefined;
  const first =
    planned ??
    (await deps.storage.write(async (repos): Promise<S | { replay: NonNullable<Run['replay']> }> => {
      const replay = await claimKey(repos, op.idempotency, now);
      if (replay) return { replay };
      const staged = await op.pending(repos, now);
      await attachKey(repos, op.idempotency, staged.tx);
      return staged;
    }, WRITE_AHEAD));
  if ('replay' in first) return { replay: first.replay };
  const staged = first;
  const answer = await callAcquirer(deps, op, staged);
  const outcome = op.outcome;
  if ('result' in outcome) {
    return { tx: await finish(deps, staged.tx, outcome.result(answer, staged), op.idempotency, op.onOutcome), staged };
  }
  const tx = await deps.storage.write(async (repos) => {
    const at = deps.clock.now();
    const done = await outcome.write(repos, staged, answer, at);
    await op.onOutcome?.(repos, done, at);
    await completeKey(repos, op.idempotency, done);
    return done;
  });
  return { tx, staged };
}

/**
 * Calls the acquirer for `staged`. A throw is the acquirer unreachable: answered -1100 "Acquirer
 * unavailable" (the transaction is closed as an error, docs/decisions/0303), its cause logged with
 * the request id and the transaction.
 */
export async function callAcquirer<S extends { tx: Transaction }, O>(
  deps: DomainDeps,
  op: Pick<MoneyOperation<S, O>, 'name' | 'requestId' | 'call'>,
  staged: S,
): Promise<O | AcquirerUnavailable> {
  try {
    return await op.call(staged);
  } catch (err) {
    logUnavailable(deps, op.name, staged.tx.id, op.requestId, err);
    return ACQUIRER_UNAVAILABLE;
  }
}

/** The log line of an acquirer call answered "Acquirer unavailable": the cause, the request, the transaction. */
export function logUnavailable(
  deps: DomainDeps,
  operation: string,
  transactionId: string,
  requestId: string | undefined,
  err: unknown,
): void {
  deps.log?.warn(
    { err, operation, transactionId, reqId: requestId },
    'acquirer call failed: answered Acquirer unavailable',
  );
}
