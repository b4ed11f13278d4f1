import type { Minor } from '../../lib/money.js';
import { Invalid, TransactionRefused } from '../errors.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import type { OrderGuard } from './origin.js';
import { settleOutcome } from './outcome.write.js';
import { paidOrPaying, type Transaction } from './transaction.types.js';

/** The checks of a payment on an order: its amount, its lock, and that it is not paid or being paid. */

/**
 * An order guard (`OrderGuard`) as data, for the planned pending write (ADR 0817): the session it
 * touches, the order it locks and refuses while its last payment is approved or pending.
 */
export interface GuardPlan {
  sessionToken?: string;
  orderId?: number;
}

/** A plan's checks as the closure runs them: the session's last use, then the order's lock and refusal. */
export function guardOfPlan(deps: DomainDeps, plan: GuardPlan): OrderGuard | undefined {
  const { sessionToken, orderId } = plan;
  if (sessionToken === undefined && orderId === undefined) return undefined;
  return async (repos) => {
    const now = deps.clock.now();
    if (sessionToken !== undefined) await repos.sessions.touch(sessionToken, now);
    if (orderId !== undefined) await guardOrderPayment(repos, deps.render, orderId, now);
  };
}

/** The amount of an order payment must be the order's, or lie within its openAmount. */
export function checkOrderAmount(
  order: { amount: Minor; currency: string; openAmount: { min: Minor; max: Minor } | null },
  amount: Minor,
  currency: string,
): void {
  if (currency !== order.currency)
    throw new Invalid('currency', `must be the order's currency ${order.currency}`, 'currency');
  if (order.openAmount) {
    if (amount < order.openAmount.min || amount > order.openAmount.max) {
      throw new Invalid('amount', 'must lie within the order openAmount', 'amount');
    }
  } else if (amount !== order.amount) {
    throw new Invalid('amount', 'must be the order amount', 'amount');
  }
}

/** A redirect APM payment the shopper has not answered within this window is declined (ADR 0360). */
export const APM_REDIRECT_TTL_MS = 30 * 60 * 1000;

/** Whether `tx` is a redirect APM payment still waiting on a shopper who let its window pass. */
export function isExpiredRedirect(tx: Transaction, now: number): boolean {
  return tx.status === 'pending' && tx.awaiting === 'shopper' && now >= tx.createdAt + APM_REDIRECT_TTL_MS;
}

/**
 * Declines an expired redirect APM payment in the caller's write, as an operator's decline would
 * (order freed, DMN and webhook): code 68, the ISO 8583 "response received too late".
 */
export function expireRedirect(repos: Repos, render: Renderers, tx: Transaction, now: number): Promise<Transaction> {
  return settleOutcome(
    repos,
    render,
    tx,
    {
      status: 'declined',
      errorCode: '68',
      errorReason: 'Expired: the shopper did not answer the payment page in time',
      ...(tx.apm ? { apm: { ...tx.apm, completedBy: 'expiry' as const } } : {}),
    },
    now,
  );
}

/**
 * Refuses a second payment on an order already paid or being paid. A redirect APM payment whose
 * window has passed is declined first, so the order can be paid again.
 */
export async function guardOrderPayment(repos: Repos, render: Renderers, orderId: number, now: number): Promise<void> {
  await repos.orders.lock(orderId, now);
  let last = await repos.payments.lastPaymentOfOrder(orderId);
  if (last && isExpiredRedirect(last, now)) last = await expireRedirect(repos, render, last, now);
  if (last && paidOrPaying(last.status)) {
    throw new TransactionRefused(
      `${last.status} ${last.type}`,
      last.status === 'pending'
        ? 'Cannot pay this order: a payment is in progress'
        : `Cannot pay this order: transaction ${last.id} already paid it`,
    );
  }
}
