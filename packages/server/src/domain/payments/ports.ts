import type { Minor } from '../../lib/money.js';
import type { ApmRecord, NewTransaction, Transaction, TransactionResult } from './transaction.types.js';

/** Storage of transactions and the card vault; implemented in store/payments.repo.ts. */
export interface PaymentRepo {
  insert(tx: NewTransaction): Promise<Transaction>;
  find(id: string): Promise<Transaction | undefined>;
  /** Sets the outcome of a pending transaction; false when it was no longer pending. */
  complete(id: string, result: TransactionResult, at: number): Promise<boolean>;
  /** The last payment (Auth, PreAuth, Sale) of an order, any status; undefined when none. */
  lastPaymentOfOrder(orderId: number): Promise<Transaction | undefined>;
  lastPaymentOfSession(sessionId: string): Promise<Transaction | undefined>;
  /**
   * Atomically adds `amount` to the settled (or refunded) total of `id` when the total stays within
   * the transaction's amount and the transaction is approved and not voided; false otherwise.
   */
  reserve(id: string, kind: 'settle' | 'refund', amount: Minor, at: number): Promise<boolean>;
  /** Gives back a reservation (a follow-up declined, failed, or voided). */
  release(id: string, kind: 'settle' | 'refund', amount: Minor, at: number): Promise<void>;
  /** Marks `id` voided by `voidId` when it is approved, not voided, and nothing draws on it; false otherwise. */
  reserveVoid(id: string, voidId: string, at: number): Promise<boolean>;
  releaseVoid(id: string, voidId: string, at: number): Promise<void>;
  /** Transactions still pending that were created before `before`. */
  pendingBefore(before: number, limit: number): Promise<Transaction[]>;
  /** The vault row of a card number by its fingerprint, inserted when new. */
  vaultCard(fingerprint: string, sealed: () => string, at: number): Promise<number>;
  /**
   * Replaces the stored 3-D Secure JSON of `id` when it still equals `expected` (compare-and-set:
   * a 3-D Secure challenge moves once); false otherwise.
   */
  swapThreeD(id: string, expected: string, next: string, at: number): Promise<boolean>;
  /** The stored 3-D Secure JSON of `id`, as written. */
  threeDText(id: string): Promise<string | null>;
  /**
   * A pending APM payment starts (or keeps) waiting on a person: moves `awaiting` from `from` to `to`
   * and stores its APM record, when it is still pending and awaiting `from`; false otherwise.
   */
  awaitPerson(
    id: string,
    from: 'shopper' | 'operator' | null,
    to: 'shopper' | 'operator',
    apm: ApmRecord,
    at: number,
    externalTransactionId?: string,
  ): Promise<boolean>;
}

/** A payment charged in the cardholder's currency: what was converted, at which quoted rate. */
export interface DccConversion {
  transactionId: string;
  originalAmount: Minor;
  originalCurrency: string;
  rateWithMarkup: string;
  markUp: string;
}

/** DCC conversions of payments (migration 0005); implemented in store/dcc.repo.ts. */
export interface DccRepo {
  record(conversion: DccConversion, at: number): Promise<void>;
  find(transactionId: string): Promise<DccConversion | undefined>;
}
