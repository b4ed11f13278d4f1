import { realNow } from '../../lib/clock.js';
import { formatDecimal, type Minor, parseDecimal } from '../../lib/money.js';
import { Invalid, NotFound } from '../errors.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import type { Upo } from '../payment-methods/ports.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps } from '../ports.js';
import { approveWithdrawal } from '../withdrawals/order.service.js';
import { settleWithdrawalOrder } from '../withdrawals/order.settle.js';
import type { WithdrawalOrder } from '../withdrawals/order.types.js';
import { declineWithdrawal, recoverProcessingWithdrawals } from '../withdrawals/withdrawal.service.js';
import type { Withdrawal, WithdrawalStatus } from '../withdrawals/withdrawal.types.js';
import { appendAudit } from './audit.js';
import { panelKeyOf } from './panel-keys.js';
import type { DashboardUser } from './ports.js';

/**
 * The control panel's withdrawal requests (docs/dashboard.md, docs/decisions/1021): the merchant's
 * requests with their orders, and approve (in full or in part), decline and settle through EXACTLY the
 * operations of the session API's approveRequest, declineRequest and settleWithdrawalOrder, so the
 * states and DMNs are the same. Each change is written to the audit log; each takes an idempotency key.
 */

export interface WithdrawalRow {
  withdrawal: Withdrawal;
  orders: WithdrawalOrder[];
  upo: Upo | undefined;
}

/** What an action's `once` gives: the `idempotency-key` and how its first answer is stored. */
export interface Once<T> {
  key: string;
  render(result: T): StoredResponse;
}

export type Replay = { replay: StoredResponse };

const callerOf = (x: { merchantId: string; siteId: string }) => ({ merchantId: x.merchantId, siteId: x.siteId });

/** A request of the user's merchant; another merchant's is not found. */
export async function merchantWithdrawal(deps: DomainDeps, user: DashboardUser, id: string): Promise<Withdrawal> {
  const w = /^\d{1,20}$/.test(id) ? await deps.storage.read.withdrawals.find(id) : undefined;
  if (!w || w.merchantId !== user.merchantId) throw new NotFound('withdrawal', 'Withdrawal request not found');
  return w;
}

/** An order of the user's merchant; another merchant's is not found. */
export async function merchantOrder(deps: DomainDeps, user: DashboardUser, id: string): Promise<WithdrawalOrder> {
  const o = /^\d{1,15}$/.test(id) ? await deps.storage.read.withdrawalOrders.find(id) : undefined;
  if (!o || o.merchantId !== user.merchantId) throw new NotFound('withdrawal', 'Withdrawal order not found');
  return o;
}

/** One page of the merchant's requests, newest first, each with its orders and UPO, and the next cursor. */
export async function listMerchantWithdrawals(
  deps: DomainDeps,
  user: DashboardUser,
  q: { statuses?: readonly WithdrawalStatus[]; before?: string; limit: number },
): Promise<{ items: WithdrawalRow[]; nextCursor: string | null }> {
  await recoverProcessingWithdrawals(deps);
  const read = deps.storage.read;
  const { rows } = await read.withdrawals.list({
    merchantId: user.merchantId,
    ...(q.statuses ? { statuses: q.statuses } : {}),
    ...(q.before !== undefined ? { before: q.before } : {}),
    limit: q.limit + 1,
    offset: 0,
  });
  const page = rows.slice(0, q.limit);
  const items: WithdrawalRow[] = [];
  for (const w of page) {
    items.push({
      withdrawal: w,
      orders: await read.withdrawalOrders.ofRequest(w.id),
      upo: await read.upos.find(w.upoId),
    });
  }
  return { items, nextCursor: rows.length > q.limit ? page[page.length - 1]!.id : null };
}

function amountOf(text: string, currency: string): Minor {
  const parsed = parseDecimal(text, currency);
  if (!parsed.ok || parsed.minor <= 0) throw new Invalid('amount', `must be an amount of ${currency} such as 12.34`);
  return parsed.minor;
}

async function audit(
  deps: DomainDeps,
  user: DashboardUser,
  action: string,
  target: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await deps.storage.write((repos) => appendAudit(repos, user, realNow(deps.clock), action, target, detail));
}

/**
 * approveRequest from the panel: an Approved order for `amount` (by default all that no order holds
 * yet) and the request InProgress; nothing is paid until the order is settled.
 */
export async function approveFromPanel(
  deps: DomainDeps,
  user: DashboardUser,
  id: string,
  amountText: string | undefined,
  once?: Once<{ withdrawal: Withdrawal; order: WithdrawalOrder }>,
): Promise<{ withdrawal: Withdrawal; order: WithdrawalOrder } | Replay> {
  const w = await merchantWithdrawal(deps, user, id);
  const amount = amountText === undefined ? undefined : amountOf(amountText, w.currency);
  const run = await approveWithdrawal(
    deps,
    callerOf(w),
    { wdRequestId: w.id, ...(amount !== undefined ? { amount } : {}), operatorName: user.email },
    once && {
      ...panelKeyOf(deps, user, 'withdrawal.approve', once.key, { id: w.id, amount: amountText ?? null }),
      render: once.render,
    },
  );
  if (run.replay) return { replay: run.replay };
  await audit(deps, user, 'withdrawal.approve', w.id, {
    wdOrderId: run.order.id,
    amount: formatDecimal(run.order.amount, run.order.currency),
    currency: run.order.currency,
    status: run.withdrawal.status,
  });
  return { withdrawal: run.withdrawal, order: run.order };
}

/** declineRequest from the panel: Declined (Partially Approved with part settled); open orders deleted unpaid. */
export async function declineFromPanel(
  deps: DomainDeps,
  user: DashboardUser,
  id: string,
  comment: string | undefined,
  once?: Once<Withdrawal>,
): Promise<Withdrawal | Replay> {
  const w = await merchantWithdrawal(deps, user, id);
  const cmd = { wdRequestId: w.id, operatorName: user.email, ...(comment ? { comment } : {}) };
  const run = once
    ? await declineWithdrawal(deps, callerOf(w), cmd, {
        ...panelKeyOf(deps, user, 'withdrawal.decline', once.key, { id: w.id, comment: comment ?? null }),
        render: once.render,
      })
    : await declineWithdrawal(deps, callerOf(w), cmd);
  if ('replay' in run) return run;
  await audit(deps, user, 'withdrawal.decline', w.id, { status: run.status, ...(comment ? { comment } : {}) });
  return run;
}

/** settleWithdrawalOrder from the panel: the payout of an Approved order, Settled or Error. */
export async function settleFromPanel(
  deps: DomainDeps,
  user: DashboardUser,
  orderId: string,
  once?: Once<{ order: WithdrawalOrder; payout: Transaction }>,
): Promise<{ order: WithdrawalOrder; payout: Transaction } | Replay> {
  const o = await merchantOrder(deps, user, orderId);
  const run = await settleWithdrawalOrder(deps, callerOf(o), {
    wdOrderId: o.id,
    ...(once
      ? { once: { ...panelKeyOf(deps, user, 'withdrawal.settle', once.key, { id: o.id }), render: once.render } }
      : {}),
  });
  if (run.replay) return { replay: run.replay };
  await audit(deps, user, 'withdrawal.settle', o.wdRequestId, {
    wdOrderId: o.id,
    transactionId: run.payout.id,
    amount: formatDecimal(o.amount, o.currency),
    currency: o.currency,
    status: run.order.status,
  });
  return { order: run.order, payout: run.payout };
}
