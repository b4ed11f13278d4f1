import type { TransactionOutcome } from '../notifications/notification.types.js';
import {
  notificationId,
  notifyTransactionOutcome,
  outcomeNotifications,
  type OutcomeNotificationTargets,
} from '../notifications/notification.service.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { completeKey, type IdempotencyClaim } from '../idempotency/transaction-keys.js';
import type { OutcomeHook } from './outcome-effects.js';
import { outcomeOf } from './transaction.facts.js';
import type { Transaction, TransactionResult } from './transaction.types.js';
import { transactionObject } from './transaction.object.js';

/**
 * The second write: the outcome, the reservations it frees, its notifications and the idempotency
 * record's response, all in one transaction.
 */
export async function finish(
  deps: DomainDeps,
  pending: Transaction,
  result: TransactionResult,
  idempotency?: IdempotencyClaim,
  onOutcome?: OutcomeHook,
): Promise<Transaction> {
  const now = deps.clock.now();
  // A payment whose outcome touches nothing else (no reservation to free, no hook that writes) is
  // written as one planned write, on the writer thread on SQLite (ADR 0814).
  const hookWrites = onOutcome ? (onOutcome.writesFor?.(result) ?? true) : false;
  const planned =
    pending.relatedTransactionId === null && !hookWrites
      ? await finishPlanned(deps, pending, result, now, idempotency)
      : undefined;
  if (planned) return planned;
  return deps.storage.write(async (repos) => {
    const tx = await settleOutcome(repos, deps.render, pending, result, now);
    await onOutcome?.(repos, tx, now);
    await completeKey(repos, idempotency, tx);
    return tx;
  });
}

/**
 * The outcome's write as data (ADR 0814): the transaction as `complete` leaves it, its notifications
 * and its idempotency answer, rendered before the write; the site's webhook and DMN addresses read
 * just before it. Undefined when the store has no such write or the transaction is no longer pending
 * (recovered meanwhile): the caller's closure then answers the stored outcome.
 */
async function finishPlanned(
  deps: DomainDeps,
  pending: Transaction,
  result: TransactionResult,
  now: number,
  idempotency: IdempotencyClaim | undefined,
): Promise<Transaction | undefined> {
  const writeOutcome = deps.storage.writeOutcome;
  if (!writeOutcome) return undefined;
  const tx = completedTransaction(pending, result, now);
  const events = await outcomeNotifications(
    deps.storage.read,
    deps.render,
    await notificationTargets(deps.storage.read, deps.render, tx, now),
  );
  const answer = idempotency?.render(tx);
  const written = await writeOutcome.call(deps.storage, {
    transactionId: pending.id,
    result,
    at: now,
    notifications: events.map((event) => ({ id: notificationId(event, now), event })),
    ...(idempotency && answer
      ? { idempotency: { entityId: idempotency.entityId, scope: idempotency.scope, key: idempotency.key, ...answer } }
      : {}),
  });
  return written ? tx : undefined;
}

/** A pending transaction as `PaymentRepo.complete` leaves its row, read back. */
function completedTransaction(p: Transaction, r: TransactionResult, now: number): Transaction {
  return transactionObject(p, p, {
    status: r.status,
    amount: r.amount,
    partialApproval: r.partialApproval,
    authCode: r.authCode,
    cvv2Code: r.cvv2Code,
    avsCode: r.avsCode,
    externalTransactionId: r.externalTransactionId,
    threeD: r.threeD,
    errorCode: r.errorCode,
    errorReason: r.errorReason,
    apm: r.apm,
    awaiting: null,
    updatedAt: now,
  });
}

/** Records the outcome of a pending transaction, frees what it no longer holds, and queues its notifications. */
export async function settleOutcome(
  repos: Repos,
  render: Renderers,
  pending: Transaction,
  result: TransactionResult,
  now: number,
): Promise<Transaction> {
  if (!(await repos.payments.complete(pending.id, result, now))) {
    // Already closed (recovered meanwhile): the stored outcome stands.
    return (await repos.payments.find(pending.id))!;
  }
  const tx = (await repos.payments.find(pending.id))!;
  const related = tx.relatedTransactionId;
  if (related !== null) {
    if (tx.status !== 'approved') {
      if (tx.type === 'Settle') await repos.payments.release(related, 'settle', tx.amount, now);
      if (tx.type === 'Refund') await repos.payments.release(related, 'refund', tx.amount, now);
      if (tx.type === 'Void') await repos.payments.releaseVoid(related, tx.id, now);
    } else if (tx.type === 'Void') {
      // A voided settle gives its amount back to the authorisation; a voided refund, to what it refunded.
      const target = await repos.payments.find(related);
      if (target?.relatedTransactionId) {
        if (target.type === 'Settle')
          await repos.payments.release(target.relatedTransactionId, 'settle', target.amount, now);
        if (target.type === 'Refund')
          await repos.payments.release(target.relatedTransactionId, 'refund', target.amount, now);
      }
    }
  }
  await notifyTransaction(repos, render, tx, now);
  return tx;
}

/**
 * Queues the DMN and the webhook of a transaction's state, in the caller's write; `extra` adds to the
 * outcome what only the caller knows (a payout's method and UPO).
 */
export async function notifyTransaction(
  repos: Repos,
  render: Renderers,
  tx: Transaction,
  now: number,
  extra: Partial<TransactionOutcome> = {},
): Promise<void> {
  await notifyTransactionOutcome(repos, render, await notificationTargets(repos, render, tx, now, extra), now);
}

/** Whom a transaction's state is told, and what: the webhook's and the DMN's addresses and data. */
async function notificationTargets(
  repos: Pick<Repos, 'platform'>,
  render: Renderers,
  tx: Transaction,
  now: number,
  extra: Partial<TransactionOutcome> = {},
): Promise<OutcomeNotificationTargets> {
  return {
    outcome: { ...outcomeOf(tx, now), ...extra },
    // A REST transaction without urlDetails.webhookUrl: the site's webhook URL (docs/decisions/0907).
    webhookUrl: tx.webhookUrl ?? (tx.interface === 'rest' ? await repos.platform.siteWebhookUrl(tx.siteId) : null),
    webhookFromSite: !tx.webhookUrl,
    notificationUrl: tx.notificationUrl,
    webhookData: render.webhookData(tx),
  };
}
