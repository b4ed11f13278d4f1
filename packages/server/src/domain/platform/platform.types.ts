import type { Minor } from '../../lib/money.js';

/** The marketplace platform (docs/platform.md, docs/decisions/0700): sellers, payouts, split transactions. */

export const KYC_STATUSES = ['MISSING_DATA', 'IN_PROGRESS', 'ACTIVE', 'FAILED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const PAYOUT_STATUSES = ['WAITING', 'ACCEPTED', 'PROCESSED', 'RETURNED', 'CANCELLED', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const SPLIT_STATUSES = ['PENDING_SPLIT', 'PENDING_SETTLEMENT', 'RECONCILED', 'CANCELLED'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

export const EMAIL_NOTIFICATION_TYPES = [
  'KYC_STATUS_UPDATE',
  'PAYOUT_STATUS_UPDATE',
  'TRANSACTION_STATUS_UPDATE',
] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];

/** A seller of the platform. `platformId` is the merchant whose key created it. */
export interface AccountOwner {
  code: string;
  platformId: string;
  siteId: string;
  extRef: string;
  name: string;
  email: string;
  country: string;
  webhookUrl: string | null;
  /** the seller's virtual account, credited by splits and debited by payouts */
  virtualAccountCode: string;
  kycStatus: KycStatus;
  kycReason: string | null;
  /** how many status changes it went through; names each change's notifications */
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface Payout {
  code: string;
  platformId: string;
  siteId: string;
  accountOwnerCode: string;
  amount: Minor;
  currency: string;
  status: PayoutStatus;
  reason: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface SplitPart {
  accountOwnerCode: string;
  virtualAccountCode: string;
  amount: Minor;
}

export interface SplitTransaction {
  code: string;
  platformId: string;
  siteId: string;
  /** the approved payment transaction of the platform whose settled amount is split */
  transactionId: string;
  /** the payment's type (Sale, Auth, PreAuth) */
  transactionType: string;
  extRef: string;
  currency: string;
  total: Minor;
  splits: SplitPart[];
  status: SplitStatus;
  reason: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
}

export interface EmailConfiguration {
  id: string;
  platformId: string;
  notificationType: EmailNotificationType;
  /** validated addresses, in the order given */
  emails: string[];
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A payment as the platform reads it (store/payments.row.ts columns, read only). */
export interface SettledPayment {
  id: string;
  merchantId: string;
  type: string;
  status: string;
  currency: string;
  voided: boolean;
  /** Sale: its amount less refunds; Auth/PreAuth: the settled total; otherwise 0 */
  settled: Minor;
}

/** One kept or sent e-mail (an outbox row of kind `email`). */
export interface EmailMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}
