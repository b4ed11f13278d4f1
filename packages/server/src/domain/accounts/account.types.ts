/**
 * KYC records and bank accounts of a site's users (server facts 2.9, docs/decisions/0132): an eKYC
 * or document check with a status the sandbox moves, and an APM bank account a user enrolled.
 */
export type KycKind = 'eKYC' | 'document';
export type KycStatus = 'Pending' | 'Approved' | 'Declined';

export interface KycRecord {
  /** kycId: numeric string from the store's sequence */
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  userId: string;
  kind: KycKind;
  status: KycStatus;
  /** the key of its sandbox page (`/sandbox/kyc/<key>`) */
  uploadKey: string;
  details: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export type NewKycRecord = Omit<KycRecord, 'id' | 'updatedAt'>;

export type BankAccountStatus = 'Enrolled' | 'Funded';

export interface BankAccount {
  id: string;
  merchantId: string;
  siteId: string;
  userTokenId: string;
  userId: string;
  paymentMethod: string;
  bankName: string | null;
  /** last 4 digits of the account number; the number itself is never kept */
  accountLast4: string | null;
  routingNumber: string | null;
  status: BankAccountStatus;
  funded: number;
  createdAt: number;
  updatedAt: number;
}

export type NewBankAccount = Omit<BankAccount, 'id' | 'updatedAt' | 'funded' | 'status'>;
