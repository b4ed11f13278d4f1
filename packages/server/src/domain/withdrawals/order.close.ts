import type { Minor } from '../../lib/money.js';
import { WithdrawalRefused } from '../errors.js';
import { enqueueNotification } from '../notifications/notification.service.js';
import type { Renderers, Repos } from '../ports.js';
import { decideOrder, holdsAmount } from './order.machine.js';
import type { WithdrawalOrder } from './order.types.js';
import type { Withdrawal } from './withdrawal.types.js';

/**
 * What a request's orders mean for the request (docs/decisions/0130): the amount they hold and have
 * settled, and the deletion of its Approved orders when the request is cancelled or declined.
 */

export interface OrdersSummary {
  orders: WithdrawalOrder[];
  /** placed and not deleted or failed */
  held: Minor;
  settled: Minor;
  /** an order's payout is running */
  processing: boolean;
}

/** What `orders` hold of their request: placed and not deleted or failed. */
export function heldBy(orders: readonly WithdrawalOrder[]): Minor {
  let held = 0;
  for (const o of orders) if (holdsAmount(o.status)) held += o.amount;
  return held as Minor;
}

/** What no order of `w` holds yet: what an approval without an amount approves (never below 0). */
export function unheldOf(w: Withdrawal, orders: readonly WithdrawalOrder[]): Minor {
  return Math.max(0, w.amount - heldBy(orders)) as Minor;
}

export async function ordersSummaryOf(repos: Repos, wdRequestId: string): Promise<OrdersSummary> {
  const orders = await repos.withdrawalOrders.ofRequest(wdRequestId);
  let settled = 0;
  for (const o of orders) if (o.status === 'Settled') settled += o.amount;
  return {
    orders,
    held: heldBy(orders),
    settled: settled as Minor,
    processing: orders.some((o) => o.status === 'Processing'),
  };
}

/** Queues the DMN of an order's new status: to its request's notificationUrl, else the site's. */
export async function notifyOrder(
  repos: Repos,
  render: Renderers,
  o: WithdrawalOrder,
  w: Withdrawal,
  now: number,
): Promise<void> {
  const url = w.notificationUrl || (await repos.notifications.siteNotificationUrl(w.siteId));
  if (url)
    await enqueueNotification(
      repos,
      { ...render.withdrawalOrderDmn(o, w, url, now), targetFromSite: !w.notificationUrl },
      now,
    );
}

/**
 * Before a cancel or decline of `w`: refused while an order is being settled; answers the amount
 * settled already (a decline then closes the request Partially Approved).
 */
export async function settledBeforeClose(repos: Repos, w: Withdrawal): Promise<Minor> {
  const s = await ordersSummaryOf(repos, w.id);
  if (s.processing)
    throw new WithdrawalRefused(`Cannot close withdrawal request ${w.id}: one of its orders is being settled`);
  return s.settled;
}

/** After `w` closed: its Approved orders are deleted, each with its DMN. */
export async function deleteOpenOrders(repos: Repos, render: Renderers, w: Withdrawal, now: number): Promise<void> {
  for (const o of await repos.withdrawalOrders.ofRequest(w.id)) {
    const d = decideOrder(o, 'delete');
    if (!d.ok || !(await repos.withdrawalOrders.move(o.id, o.status, d.next, {}, now))) continue;
    await notifyOrder(repos, render, { ...o, status: d.next, updatedAt: now }, w, now);
  }
}
