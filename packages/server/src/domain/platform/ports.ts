import type { Minor } from '../../lib/money.js';
import type { Delivery } from '../notifications/notification.types.js';
import type {
  AccountOwner,
  EmailConfiguration,
  EmailNotificationType,
  KycStatus,
  Payout,
  PayoutStatus,
  SettledPayment,
  SplitStatus,
  SplitTransaction,
} from './platform.types.js';

/** A status change written only if the resource is still at `version` (a concurrent move loses). */
export interface StatusWrite<S extends string> {
  code: string;
  version: number;
  status: S;
  reason: string | null;
  now: number;
}

/** Storage of the platform's resources; implemented in store/platform.repo.ts. */
export interface PlatformRepo {
  insertAccountOwner(o: AccountOwner): Promise<void>;
  /** `platformId` null: whichever platform owns it (the operator's CLI) */
  findAccountOwner(platformId: string | null, code: string): Promise<AccountOwner | undefined>;
  listAccountOwners(platformId: string, limit: number): Promise<AccountOwner[]>;
  setKycStatus(w: StatusWrite<KycStatus>): Promise<boolean>;

  insertPayout(p: Payout): Promise<void>;
  /** `platformId` null: whichever platform owns it (the operator's CLI) */
  findPayout(platformId: string | null, code: string): Promise<Payout | undefined>;
  listPayouts(platformId: string, limit: number): Promise<Payout[]>;
  setPayoutStatus(w: StatusWrite<PayoutStatus>): Promise<boolean>;

  insertSplit(s: SplitTransaction): Promise<void>;
  /** `platformId` null: whichever platform owns it (the operator's CLI) */
  findSplit(platformId: string | null, code: string): Promise<SplitTransaction | undefined>;
  listSplits(platformId: string, limit: number): Promise<SplitTransaction[]>;
  setSplitStatus(w: StatusWrite<SplitStatus>): Promise<boolean>;

  /** A payment transaction as the platform reads it (its settled amount), whoever owns it. */
  settledPayment(transactionId: string): Promise<SettledPayment | undefined>;
  /**
   * Atomically adds `amount` to what splits consume of the payment when the total stays within
   * `settled`; answers whether it did (concurrent splits: one conditional UPDATE on one row).
   */
  consume(transactionId: string, amount: Minor, settled: Minor, now: number): Promise<boolean>;
  /** What the splits of the payment consume now. */
  consumed(transactionId: string): Promise<Minor>;
  /** Gives back what a cancelled split consumed. */
  release(transactionId: string, amount: Minor, now: number): Promise<void>;

  insertEmailConfiguration(c: EmailConfiguration): Promise<void>;
  findEmailConfiguration(platformId: string, id: string): Promise<EmailConfiguration | undefined>;
  listEmailConfigurations(platformId: string, type?: EmailNotificationType): Promise<EmailConfiguration[]>;
  updateEmailConfiguration(c: EmailConfiguration): Promise<void>;

  /** The platform's e-mails (outbox rows of kind `email`), newest first; `platformId` null: every platform's. */
  listEmails(platformId: string | null, limit: number): Promise<Delivery[]>;

  /** `webhookUrl` in the site's settings: where the platform's events go when the seller has none. */
  siteWebhookUrl(siteId: string): Promise<string | null>;
  setSiteWebhookUrl(siteId: string, url: string | null): Promise<void>;
}
