import type { NewWithdrawal, Withdrawal, WithdrawalChanges, WithdrawalFilter, WithdrawalStatus } from './withdrawal.types.js';

/** Storage of withdrawal requests (migration 0007); implemented in store/withdrawals.repo.ts. */
export interface WithdrawalRepo {
  insert(w: NewWithdrawal): Promise<Withdrawal>;
  find(id: string): Promise<Withdrawal | undefined>;
  /** a request of the site by the merchant's merchantWDRequestId or merchantUniqueId */
  findByMerchantIds(siteId: string, ids: { merchantWDRequestId?: string; merchantUniqueId?: string }): Promise<Withdrawal | undefined>;
  /** requests matching the filter, newest first, and how many match in all */
  list(filter: WithdrawalFilter): Promise<{ rows: Withdrawal[]; total: number }>;
  /** compare-and-set: moves `id` from `from` to `to` with `changes`; false when it was not in `from` */
  move(id: string, from: WithdrawalStatus, to: WithdrawalStatus, changes: WithdrawalChanges, at: number): Promise<boolean>;
  /** takes one of the user's open-request slots when fewer than `limit` are taken; false otherwise */
  takeOpenSlot(siteId: string, userTokenId: string, limit: number, at: number): Promise<boolean>;
  /** gives a slot back (a request closed) */
  releaseOpenSlot(siteId: string, userTokenId: string, at: number): Promise<void>;
}
