import { formatDecimal } from '../../lib/money.js';
import { WithdrawalRefused } from '../errors.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import type { Run } from '../payments/origin.js';
import type { OutcomeHook } from '../payments/outcome-effects.js';
import { followUp } from '../payments/follow-up.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { RefundCandidate, WithdrawalOrder } from './order.types.js';
import { payoutOriginOf } from './payout-origin.js';
import type { Withdrawal } from './withdrawal.types.js';

/**
 * Orders of `settlementType` 1 (docs/decisions/0136): settled as a Refund of a deposit of the user with
 * the order's card UPO, through the refund operation of the payments (`followUp`), not as a payout.
 * The deposit is the oldest approved Sale or Settle of that user, card and currency (the refund
 * candidates of getCandidatesForRefund) with the order's whole amount still refundable.
 */

type OrderTarget = Pick<WithdrawalOrder, 'id' | 'siteId' | 'userTokenId' | 'upoId' | 'amount' | 'currency'>;

/** The deposit a refund order refunds, if one has the amount left. */
export async function refundableDepositOf(deps: DomainDeps, o: OrderTarget): Promise<RefundCandidate | undefined> {
  const upo = await deps.storage.read.upos.find(o.upoId);
  if (!upo || upo.cardVaultId === null) return undefined;
  const { deposits } = await deps.storage.read.withdrawalOrders.cardMovements(
    o.siteId,
    o.userTokenId,
    upo.cardVaultId,
    o.currency,
  );
  return deposits.find((d) => d.amount - d.refunded >= o.amount);
}

/** 1058: no deposit to refund the order's amount from; nothing changes. */
export function nothingRefundable(o: Pick<OrderTarget, 'upoId' | 'amount' | 'currency'>): WithdrawalRefused {
  return new WithdrawalRefused(
    `Nothing to refund: no deposit made with userPMId ${o.upoId} has ${formatDecimal(o.amount, o.currency)} ${o.currency} left to refund`,
  );
}

/** Refuses a refund order that no deposit could settle now. */
export async function assertRefundable(deps: DomainDeps, o: OrderTarget): Promise<void> {
  if (!(await refundableDepositOf(deps, o))) throw nothingRefundable(o);
}

/**
 * Settles a refund order: a Refund of its deposit, the order claimed in the refund's first write
 * (`onPending`) and closed with its outcome in the second (`onOutcome`), as a payout settles one.
 */
export async function settleByRefund(
  deps: DomainDeps,
  o: OrderTarget,
  w: Withdrawal,
  clientRequestId: string | undefined,
  hooks: {
    onPending: (repos: Repos, tx: Transaction) => Promise<void>;
    onOutcome: OutcomeHook;
    idempotency?: IdempotencyClaim;
  },
): Promise<Run> {
  const deposit = await refundableDepositOf(deps, o);
  if (!deposit) throw nothingRefundable(o);
  const run = await followUp(
    deps,
    {
      origin: payoutOriginOf(w, `wdo-${o.id}`, clientRequestId),
      type: 'Refund',
      relatedTransactionId: deposit.transactionId,
      amount: o.amount,
      currency: o.currency,
      mayReach: async (_repos, tx) => tx.siteId === o.siteId && tx.userTokenId === o.userTokenId,
    },
    hooks,
  );
  return run;
}
