import { Invalid, WithdrawalRefused } from '../errors.js';
import type { Renderers, Repos } from '../ports.js';
import { notifyOrder } from './order.close.js';
import { decideOrder, type WithdrawalOrderAction } from './order.machine.js';
import type { WithdrawalOrder, WithdrawalOrderChanges } from './order.types.js';
import type { WithdrawalCaller } from './withdrawal.service.js';

/**
 * One withdrawal order of the caller's site, and its moves (docs/decisions/0130): every change of an
 * order is a decided move of its machine, written with a compare-and-set on its status, and queues the
 * DMN of its new status. Used by the order operations (order.service.ts) and their settlement
 * (order.settle.ts).
 */

/** An order of the caller's site, else `Invalid(field)`. */
export async function orderOf(
  repos: Repos,
  caller: WithdrawalCaller,
  id: string,
  field = 'wdOrderId',
): Promise<WithdrawalOrder> {
  const o = /^\d{1,15}$/.test(id) ? await repos.withdrawalOrders.find(id) : undefined;
  if (!o || o.siteId !== caller.siteId) throw new Invalid(field, 'names no withdrawal order of this site');
  return o;
}

/** Applies a decided order move (compare-and-set) and queues its DMN. */
export async function moveOrder(
  repos: Repos,
  render: Renderers,
  o: WithdrawalOrder,
  action: WithdrawalOrderAction,
  changes: WithdrawalOrderChanges,
  now: number,
  notify = true,
): Promise<WithdrawalOrder> {
  const d = decideOrder(o, action);
  if (!d.ok) throw new WithdrawalRefused(d.reason);
  if (!(await repos.withdrawalOrders.move(o.id, o.status, d.next, changes, now))) {
    const fresh = (await repos.withdrawalOrders.find(o.id))!;
    const again = decideOrder(fresh, action);
    throw new WithdrawalRefused(again.ok ? `Withdrawal order ${o.id} changed meanwhile; try again` : again.reason);
  }
  const moved = (await repos.withdrawalOrders.find(o.id))!;
  if (notify && d.next !== o.status) {
    await notifyOrder(repos, render, moved, (await repos.withdrawals.find(o.wdRequestId))!, now);
  }
  return moved;
}
