import type { Minor } from '../../lib/money.js';
import type { ThreeDResult } from './acquirer.port.js';

/** Transactions (ADR 0301): every acquirer operation of a payment, with its outcome. */

export type PaymentType = 'Auth' | 'PreAuth' | 'Sale';
export type FollowUpType = 'Settle' | 'Void' | 'Refund';
/**
 * InitAuth3D: the 3-D Secure method step; Auth3D / Sale3D: a 3-D Secure challenge step (no money moves);
 * Payout: a credit to a card or APM (docs/decisions/0501); Credit: a refund without a related
 * transaction, to a card or a stored payment option (docs/decisions/0371)
 */
export type TransactionType = PaymentType | FollowUpType | 'InitAuth3D' | 'Auth3D' | 'Sale3D' | 'Payout' | 'Credit';
export type TransactionStatus = 'pending' | 'approved' | 'declined' | 'error';

/**
 * The "already paid" rule, once: an order whose last payment has one of these statuses (paid, or being
 * paid) takes no other payment. The closure's guard (`order-guard.ts`) and the planned pending write's
 * guard (`store/payments.write.ts`, ADR 0817) both read it.
 */
export const ORDER_PAID_OR_PAYING = ['approved', 'pending'] as const satisfies readonly TransactionStatus[];

/** Does a last payment with `status` keep its order from being paid again? */
export function paidOrPaying(status: TransactionStatus): boolean {
  return (ORDER_PAID_OR_PAYING as readonly TransactionStatus[]).includes(status);
}

/** What the card output of a response shows: never the full number. */
export interface CardOutput {
  maskedCardNumber: string;
  bin: string;
  last4Digits: string;
  expirationMonth: string;
  expirationYear: string;
  cardHolderName: string;
  cardBrand: string;
  /** the co-badged card's second brand (docs/decisions/0413) */
  secondaryBrand?: string;
  /** the brand the payment was processed with: the cardholder's `selectedBrand`, else `cardBrand`; absent on rows older than it */
  processedBrand?: string;
  cardType: string;
  issuerCountry: string;
  issuerBankName?: string;
}

export interface Transaction {
  /** numeric string from the store's sequence, at most 20 digits */
  id: string;
  merchantId: string;
  siteId: string;
  entityId: string | null;
  interface: 'rest' | 'session';
  orderId: number | null;
  /** the REST order's sessionId, or the session API's sessionToken */
  sessionId: string | null;
  type: TransactionType;
  relatedTransactionId: string | null;
  /** approved amount (the requested one unless partially approved) */
  amount: Minor;
  requestedAmount: Minor;
  currency: string;
  status: TransactionStatus;
  partialApproval: boolean;
  authCode: string | null;
  cvv2Code: string | null;
  avsCode: string | null;
  externalTransactionId: string | null;
  cardVaultId: number | null;
  card: CardOutput | null;
  threeD: ThreeDResult | null;
  errorCode: string | null;
  errorReason: string | null;
  clientUniqueId: string | null;
  clientRequestId: string | null;
  merchantTransactionId: string | null;
  productId: string | null;
  userTokenId: string | null;
  webhookUrl: string | null;
  notificationUrl: string | null;
  /** settles drawing on this authorisation, approved or pending */
  settled: Minor;
  /** refunds drawing on this sale or settle, approved or pending */
  refunded: Minor;
  /** the void that cancels this transaction (approved or pending) */
  voidedBy: string | null;
  createdAt: number;
  updatedAt: number;
  /** an alternative-payment-method payment (docs/decisions/0360); absent or null for cards */
  apm?: ApmRecord | null;
  /** a pending APM payment waiting on the shopper's page or on an operator (docs/decisions/0360) */
  awaiting?: 'shopper' | 'operator' | null;
  /** what the request asked the acquirer for beyond the card (docs/decisions/0362) */
  options?: ProcessingOptions | null;
}

/** What an APM payment keeps (docs/decisions/0360): masked data only. */
export interface ApmRecord {
  /** the catalogue name, e.g. `apmgw_RedirectPay` */
  method: string;
  flow: 'redirect' | 'direct' | 'async';
  /** the submitted fields, masked (the last 4 characters of an IBAN or a phone number kept) */
  data: Record<string, string>;
  /** the UPO paid with, or stored by this payment */
  userPaymentOptionId?: string;
  /** store a UPO for the payment's userTokenId once approved */
  storeUpo?: boolean;
  /** redirect: the key of the page `/apm/redirect/<transactionId>-<key>` */
  pageKey?: string;
  /** redirect: the page's full URL, as the payment call answered it */
  redirectUrl?: string;
  /** where the shopper goes after the page: the order's or the request's urlDetails */
  successUrl?: string;
  failureUrl?: string;
  pendingUrl?: string;
  /** who or what decided the outcome: `acquirer`, `shopper`, `operator`, or `expiry` (ADR 0360) */
  completedBy?: 'acquirer' | 'shopper' | 'operator' | 'expiry';
}

/** Processing options passed through to the acquirer and recorded (docs/decisions/0362). */
export interface ProcessingOptions {
  rebill?: { step: string; expiry?: string; frequency?: number };
  isRebilling?: boolean;
  zeroAmountReason?: string;
  authenticationOnlyType?: string;
  /** MCP: the merchant priced in `originalCurrency`; the charge is the transaction's amount and currency */
  currencyConversion?: { type: 'MCP'; originalAmount: Minor; originalCurrency: string };
}

export type NewTransaction = Omit<Transaction, 'id' | 'settled' | 'refunded' | 'voidedBy' | 'updatedAt'>;

/** What an outcome sets on a pending transaction. */
export interface TransactionResult {
  status: Exclude<TransactionStatus, 'pending'>;
  amount?: Minor;
  partialApproval?: boolean;
  authCode?: string | null;
  cvv2Code?: string | null;
  avsCode?: string | null;
  externalTransactionId?: string | null;
  threeD?: ThreeDResult | null;
  errorCode?: string | null;
  errorReason?: string | null;
  /** an APM payment's record after the outcome (its UPO, who completed it) */
  apm?: ApmRecord | null;
}

/** A reservation taken on the related transaction when a follow-up is persisted as pending. */
export type Reservation = { kind: 'settle' | 'refund'; amount: Minor } | { kind: 'void' };
