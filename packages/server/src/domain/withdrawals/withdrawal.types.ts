import type { Minor } from '../../lib/money.js';

/**
 * Withdrawal requests (docs/withdrawals.md, docs/decisions/0503, 0508): a user asks for money back to one
 * of their stored payment options; the merchant approves all or part of it (a withdrawal order,
 * paid out when settled) or declines it; the user may cancel it until an order is settled.
 */

/**
 * The statuses of docs/withdrawals.md, plus `InProgress`: approved, sealed, or with withdrawal orders placed
 * (docs/decisions/0130, 0508), and `Processing` (shown as Pending): approved and being paid out in one
 * step by an earlier version, no longer entered (docs/decisions/0508).
 */
export type WithdrawalStatus =
  'Pending' | 'Processing' | 'InProgress' | 'Approved' | 'Partially Approved' | 'Declined' | 'Canceled' | 'Error';

/** The wire values of `wdRequestStatus` (docs/withdrawals.md, and `InProgress`, docs/gateway-facts.md). */
export const WD_REQUEST_STATUSES = [
  'Pending',
  'InProgress',
  'Approved',
  'Declined',
  'Canceled',
  'Partially Approved',
  'Error',
] as const;
export type WdRequestStatus = (typeof WD_REQUEST_STATUSES)[number];

/** The list field `state`: `Open` while pending, `Closed` after. */
export type WithdrawalState = 'Open' | 'Closed';

export interface WithdrawalUserDetails {
  firstName?: string;
  lastName?: string;
  address?: string;
  phone?: string;
  zip?: string;
  city?: string;
  country?: string;
  state?: string;
  email?: string;
}

export interface Withdrawal {
  /** wdRequestId: numeric string from the store's sequence */
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  userId: string;
  userAccountId: string | null;
  merchantWDRequestId: string | null;
  merchantUniqueId: string | null;
  /** the UPO the money goes to (`userPMId`) */
  upoId: string;
  amount: Minor;
  currency: string;
  approvedAmount: Minor | null;
  status: WithdrawalStatus;
  payoutTransactionId: string | null;
  userDetails: WithdrawalUserDetails | null;
  /** customField1 .. customField15 as sent */
  customFields: Record<string, string> | null;
  notificationUrl: string | null;
  operatorName: string | null;
  /** why it was declined, or why its payout failed */
  comment: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewWithdrawal = Omit<Withdrawal, 'id' | 'updatedAt'>;

export interface WithdrawalFilter {
  /** absent: every site (recovery only) */
  siteId?: string;
  /** every site of this merchant (the control panel) */
  merchantId?: string;
  userTokenId?: string;
  /** only ids below this one (the control panel's keyset cursor) */
  before?: string;
  statuses?: readonly WithdrawalStatus[];
  limit: number;
  offset: number;
}

/** What a move sets beside the status. */
export interface WithdrawalChanges {
  approvedAmount?: Minor;
  payoutTransactionId?: string;
  operatorName?: string | null;
  comment?: string | null;
}
