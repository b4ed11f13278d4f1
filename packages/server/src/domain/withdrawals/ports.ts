import type { Minor } from '../../lib/money.js';
import type {
  NetDepositMovement,
  NewWithdrawalOrder,
  RefundCandidate,
  WithdrawalOrder,
  WithdrawalOrderChanges,
  WithdrawalOrderStatus,
} from './order.types.js';
import type {
  NewWithdrawal,
  Withdrawal,
  WithdrawalChanges,
  WithdrawalFilter,
  WithdrawalStatus,
} from './withdrawal.types.js';

/** Storage of withdrawal requests (migration 0007); implemented in store/withdrawals.repo.ts. */
export interface WithdrawalRepo {
  insert(w: NewWithdrawal): Promise<Withdrawal>;
  find(id: string): Promise<Withdrawal | undefined>;
  /** requests matching the filter, newest first, and how many match in all */
  list(filter: WithdrawalFilter): Promise<{ rows: Withdrawal[]; total: number }>;
  /** compare-and-set: moves `id` from `from` to `to` with `changes`; false when it was not in `from` */
  move(
    id: string,
    from: WithdrawalStatus,
    to: WithdrawalStatus,
    changes: WithdrawalChanges,
    at: number,
  ): Promise<boolean>;
  /**
   * counts one more open request of the user: always without a `limit` (the session API), only while
   * fewer than `limit` are open with one (the Web SDK's wdRequestsLimit); false when it did not count
   */
  takeOpenSlot(siteId: string, userTokenId: string, limit: number | undefined, at: number): Promise<boolean>;
  /** gives a slot back (a request closed) */
  releaseOpenSlot(siteId: string, userTokenId: string, at: number): Promise<void>;
}

/** Storage of withdrawal orders and manual net-deposit movements (migration 0015); store/withdrawal-orders.repo.ts. */
export interface WithdrawalOrderRepo {
  insert(o: NewWithdrawalOrder): Promise<WithdrawalOrder>;
  find(id: string): Promise<WithdrawalOrder | undefined>;
  /** the orders of a request, oldest first */
  ofRequest(wdRequestId: string): Promise<WithdrawalOrder[]>;
  /** the site's orders (of the requests with that merchantUniqueId when given), newest first */
  list(siteId: string, merchantUniqueId?: string): Promise<WithdrawalOrder[]>;
  /** compare-and-set: moves `id` from `from` to `to` with `changes`; false when it was not in `from` */
  move(
    id: string,
    from: WithdrawalOrderStatus,
    to: WithdrawalOrderStatus,
    changes: WithdrawalOrderChanges,
    at: number,
  ): Promise<boolean>;
  addMovement(m: NetDepositMovement): Promise<void>;
  /** the sum of the manual movements of a user's UPO in a currency */
  movementsTotal(siteId: string, userTokenId: string, upoId: string, currency: string): Promise<Minor>;
  /**
   * Approved transactions of the user on the site paid with the card in `cardVaultId`, in `currency`:
   * deposits (Sale, Settle) as refund candidates, and the sum of approved payouts.
   */
  cardMovements(
    siteId: string,
    userTokenId: string,
    cardVaultId: number,
    currency: string,
  ): Promise<{ deposits: RefundCandidate[]; payouts: Minor }>;
}
