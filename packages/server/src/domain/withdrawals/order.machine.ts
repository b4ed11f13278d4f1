import type { WithdrawalOrderStatus } from './order.types.js';

/**
 * The withdrawal order state machine (docs/decisions/0130), pure:
 *
 * | from | action | to |
 * |---|---|---|
 * | Approved | settle (settleWithdrawalOrder, settleOrdersInBatch) | Processing, while the payout runs |
 * | Processing | payout approved | Settled |
 * | Processing | payout declined or failed | Error |
 * | Approved | delete (deleteWithdrawalOrder; the request cancelled or declined) | Deleted |
 * | Approved | update (updateOrdersDetails) | Approved |
 *
 * Settled, Deleted and Error are final; every other move is refused with a reason naming the state.
 */

export type WithdrawalOrderAction = 'settle' | 'payoutApproved' | 'payoutFailed' | 'delete' | 'update';

export type OrderDecision = { ok: true; next: WithdrawalOrderStatus } | { ok: false; reason: string };

const TABLE: Record<WithdrawalOrderAction, Partial<Record<WithdrawalOrderStatus, WithdrawalOrderStatus>>> = {
  settle: { Approved: 'Processing' },
  payoutApproved: { Processing: 'Settled' },
  payoutFailed: { Processing: 'Error' },
  delete: { Approved: 'Deleted' },
  update: { Approved: 'Approved' },
};

const VERB: Record<WithdrawalOrderAction, string> = {
  settle: 'settle',
  payoutApproved: 'complete',
  payoutFailed: 'fail',
  delete: 'delete',
  update: 'update',
};

/** How an order's status reads on the wire: `Processing` is a settlement under way, still Approved. */
export function wireOrderStatusOf(status: WithdrawalOrderStatus): Exclude<WithdrawalOrderStatus, 'Processing'> {
  return status === 'Processing' ? 'Approved' : status;
}

/** Whether `action` may move an order in `status`. */
export function decideOrder(
  order: { id: string; status: WithdrawalOrderStatus },
  action: WithdrawalOrderAction,
): OrderDecision {
  const next = TABLE[action][order.status];
  if (next !== undefined) return { ok: true, next };
  const why =
    order.status === 'Processing'
      ? 'its settlement is in progress'
      : action === 'payoutApproved' || action === 'payoutFailed'
        ? 'no settlement is in progress'
        : `only an Approved order can be moved; it is ${order.status}`;
  return {
    ok: false,
    reason: `Cannot ${VERB[action]} withdrawal order ${order.id} in status ${wireOrderStatusOf(order.status)}: ${why}`,
  };
}

/** Orders that hold part of their request's amount (placed and not deleted or failed). */
export function holdsAmount(status: WithdrawalOrderStatus): boolean {
  return status === 'Approved' || status === 'Processing' || status === 'Settled';
}
