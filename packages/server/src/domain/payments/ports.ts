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

/** A ccTempToken as stored: the vaulted card (sealed number), never a CVV. */
export interface CardToken {
  token: string;
  sessionToken: string;
  siteId: string;
  cardVaultId: number;
  holderName: string;
  expMonth: number;
  expYear: number;
  createdAt: number;
  usedAt: number | null;
}

/** ccTempTokens (migration 0005); implemented in store/card-tokens.repo.ts. */
export interface CardTokenRepo {
  insert(token: Omit<CardToken, 'usedAt'>): Promise<void>;
  /** the token with its vaulted, sealed card number */
  find(token: string): Promise<(CardToken & { numberSealed: string }) | undefined>;
  /** marks the token used when it was not yet; false when it already was */
  consume(token: string, at: number): Promise<boolean>;
}

/** A stored payment option (DECISIONS.md 8): masked card fields and a vault reference, or an APM. */
export interface Upo {
  /** numeric string */
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  paymentMethod: string;
  cardVaultId: number | null;
  apmData: Record<string, string> | null;
  maskedNumber: string | null;
  bin: string | null;
  last4: string | null;
  brand: string | null;
  cardType: string | null;
  expMonth: number | null;
  expYear: number | null;
  holderName: string | null;
  createdAt: number;
  deletedAt: number | null;
}

/** UPOs (migration 0005); implemented in store/upos.repo.ts. */
export interface UpoRepo {
  insert(upo: Omit<Upo, 'id' | 'deletedAt'>): Promise<Upo>;
  find(id: string): Promise<Upo | undefined>;
  /** the live card UPO of this user with this vaulted card, if any */
  findCard(siteId: string, userTokenId: string, cardVaultId: number): Promise<Upo | undefined>;
  /** live UPOs of a user of a site, oldest first */
  list(siteId: string, userTokenId: string): Promise<Upo[]>;
  /** false when it was already deleted */
  markDeleted(id: string, at: number): Promise<boolean>;
  /** the sealed number of a vaulted card */
  sealedNumber(cardVaultId: number): Promise<string | undefined>;
}
