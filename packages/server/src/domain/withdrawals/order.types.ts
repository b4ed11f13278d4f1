import type { Minor } from '../../lib/money.js';

/**
 * Withdrawal orders (docs/withdrawals.md, docs/decisions/0130): the merchant's instruction to pay
 * part or all of a withdrawal request out. An order is placed `Approved`, settled (the payout runs
 * through the simulated acquirer) or deleted; `Processing` is internal while its payout runs.
 */
export type WithdrawalOrderStatus = 'Approved' | 'Processing' | 'Settled' | 'Deleted' | 'Error';

/** settlementType of placeWithdrawalOrder: 0 = a withdrawal (payout), 1 = a refund of a deposit. */
export type SettlementType = 0 | 1;

export interface WithdrawalOrder {
  /** wdOrderId: numeric string from the store's sequence */
  id: string;
  merchantId: string;
  siteId: string;
  wdRequestId: string;
  userTokenId: string;
  /** the UPO the money goes to (`userPMId`) */
  upoId: string;
  amount: Minor;
  currency: string;
  settlementType: SettlementType;
  status: WithdrawalOrderStatus;
  payoutTransactionId: string | null;
  /** updateOrdersDetails: `YYYYMMDDHHmm` as sent */
  executionTime: string | null;
  /** why its payout failed */
  comment: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewWithdrawalOrder = Omit<
  WithdrawalOrder,
  'id' | 'updatedAt' | 'payoutTransactionId' | 'executionTime' | 'comment'
>;

export interface WithdrawalOrderChanges {
  payoutTransactionId?: string;
  executionTime?: string;
  comment?: string | null;
}

/** A manual net-deposit movement of updateNetDepositValue: 2 = deposit, 3 = withdrawal. */
export interface NetDepositMovement {
  siteId: string;
  userTokenId: string;
  upoId: string;
  currency: string;
  /** signed: deposits positive, withdrawals negative */
  amount: Minor;
  movementType: 2 | 3;
  createdAt: number;
}

/** A transaction that a withdrawal could refund (getCandidatesForRefund). */
export interface RefundCandidate {
  transactionId: string;
  type: string;
  amount: Minor;
  refunded: Minor;
  currency: string;
  createdAt: number;
}
