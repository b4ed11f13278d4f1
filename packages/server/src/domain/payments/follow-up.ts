import { TransactionRefused, UnknownRelatedTransaction } from '../errors.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import type { DomainDeps, Repos } from '../ports.js';
import { drive } from './driver.js';
import { type FollowUpCommand, type Origin, type Run, transactionRowOf } from './origin.js';
import type { OutcomeHook } from './outcome-effects.js';
import { decideFollowUp } from './transaction.machine.js';
import type { Transaction, TransactionResult } from './transaction.types.js';

/** What a settle, refund or void may add to its stages. */
export interface FollowUpOptions {
  idempotency?: IdempotencyClaim;
  /** runs in the first write, after the pending transaction is reserved (a withdrawal order claims itself) */
  onPending?: (repos: Repos, tx: Transaction) => Promise<void>;
  /** runs in the second write, with the final transaction */
  onOutcome?: OutcomeHook;
}

/**
 * Settles, refunds or voids a transaction: the state checks and the reservation of the related
 * transaction in the pending write, then the acquirer, then the outcome (which frees the reservation
 * unless approved), run by the payment driver.
 */
export async function followUp(deps: DomainDeps, cmd: FollowUpCommand, options: FollowUpOptions = {}): Promise<Run> {
  if (!/^\d{1,20}$/.test(cmd.relatedTransactionId)) throw new UnknownRelatedTransaction();
  const run = await drive(deps, {
    name: cmd.type,
    requestId: cmd.origin.requestId,
    idempotency: options.idempotency,
    onOutcome: options.onOutcome,
    async pending(repos, now) {
      // load
      const parent = await repos.payments.find(cmd.relatedTransactionId);
      if (!parent || !(await cmd.mayReach(repos, parent))) throw new UnknownRelatedTransaction();
      // decide
      const amount = cmd.amount ?? parent.amount;
      const currency = cmd.currency ?? parent.currency;
      const refuseUnless = (p: Transaction) => {
        const d = decideFollowUp(p, cmd.type, amount, currency, now);
        if (!d.ok) throw new TransactionRefused(d.state, d.reason);
      };
      refuseUnless(parent);
      // write pending
      const origin: Origin = {
        ...cmd.origin,
        orderId: parent.orderId,
        sessionId: parent.sessionId,
        productId: cmd.origin.productId ?? parent.productId,
        userTokenId: cmd.origin.userTokenId ?? parent.userTokenId,
        merchantTransactionId: cmd.origin.merchantTransactionId ?? parent.merchantTransactionId,
        webhookUrl: cmd.origin.webhookUrl ?? parent.webhookUrl,
        notificationUrl: cmd.origin.notificationUrl ?? parent.notificationUrl,
      };
      const tx = await repos.payments.insert({
        ...transactionRowOf(origin, now),
        status: 'pending',
        threeD: null,
        type: cmd.type,
        relatedTransactionId: parent.id,
        amount,
        requestedAmount: amount,
        currency,
        cardVaultId: parent.cardVaultId,
        card: parent.card,
      });
      // The conditional update is the guard against concurrent follow-ups (a row lock on PostgreSQL).
      const reserved =
        cmd.type === 'Void'
          ? await repos.payments.reserveVoid(parent.id, tx.id, now)
          : await repos.payments.reserve(parent.id, cmd.type === 'Settle' ? 'settle' : 'refund', amount, now);
      if (!reserved) {
        const fresh = (await repos.payments.find(parent.id))!;
        refuseUnless(fresh);
        throw new TransactionRefused(
          'busy',
          `Cannot ${cmd.type.toLowerCase()} transaction ${parent.id} now: another operation holds it`,
        );
      }
      await options.onPending?.(repos, tx);
      return { tx, parent };
    },
    call({ tx: pending, parent }) {
      const req = {
        transactionId: pending.id,
        relatedExternalTransactionId: parent.externalTransactionId ?? parent.id,
        amount: pending.amount,
        currency: pending.currency,
      };
      const acquirer = deps.acquirer;
      return cmd.type === 'Settle'
        ? acquirer.capture(req)
        : cmd.type === 'Refund'
          ? acquirer.refund(req)
          : acquirer.void(req);
    },
    outcome: {
      result: (answer): TransactionResult =>
        answer.status === 'approved'
          ? { status: 'approved', authCode: answer.authCode, externalTransactionId: answer.externalTransactionId }
          : { status: answer.status, errorCode: answer.code, errorReason: answer.reason },
    },
  });
  return run.tx ? { tx: run.tx } : { replay: run.replay! };
}
