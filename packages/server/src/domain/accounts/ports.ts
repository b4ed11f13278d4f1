import type { BankAccount, KycRecord, KycStatus, NewBankAccount, NewKycRecord } from './account.types.js';
import type { Transaction } from '../payments/transaction.types.js';

/** Storage of KYC records and bank accounts (migration 0015); store/accounts.repo.ts. */
export interface AccountRepo {
  insertKyc(k: NewKycRecord): Promise<KycRecord>;
  kycByKey(uploadKey: string): Promise<KycRecord | undefined>;
  /** compare-and-set of a record's status; false when it was not `from` */
  moveKyc(id: string, from: KycStatus, to: KycStatus, at: number): Promise<boolean>;
  /** inserts, or replaces the bank details of, the user's account for the method; the account */
  upsertBankAccount(a: NewBankAccount, at: number): Promise<BankAccount>;
  /** the user's account for the method, by userTokenId, else by the merchant's userId */
  findBankAccount(
    siteId: string,
    user: { userTokenId?: string; userId: string },
    paymentMethod: string,
  ): Promise<BankAccount | undefined>;
  addFunds(id: string, amount: number, at: number): Promise<void>;
  /** the site's latest Payout transaction sent with that clientRequestId */
  payoutByClientRequestId(siteId: string, clientRequestId: string): Promise<Transaction | undefined>;
}
