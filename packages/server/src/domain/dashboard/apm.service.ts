import { realNow } from '../../lib/clock.js';
import { formatDecimal } from '../../lib/money.js';
import { completeApmPayment } from '../payments/apm.service.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps } from '../ports.js';
import { appendAudit } from './audit.js';
import type { DashboardUser } from './ports.js';

/**
 * APM payments waiting on the provider, from the control panel (docs/dashboard.md, docs/decisions/1022):
 * the merchant's pending ones, and their completion through the admin API's operation
 * (`completeApmPayment` as an operator, scoped to the merchant). Production mode keeps completing for
 * the operator alone; the HTTP layer refuses it there.
 */

/** One page of the merchant's APM payments still waiting on a person, newest first. */
export async function pendingApmPage(
  deps: DomainDeps,
  user: DashboardUser,
  q: { before?: string; limit: number },
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const rows = await deps.storage.read.dashboard.pendingApmPayments(user.merchantId, q.limit + 1, q.before);
  const items = rows.slice(0, q.limit);
  return { items, nextCursor: rows.length > q.limit ? items[items.length - 1]!.id : null };
}

/** Approves or declines a pending APM payment of the user's merchant; written to the audit log. */
export async function completeApmFromPanel(
  deps: DomainDeps,
  user: DashboardUser,
  id: string,
  outcome: 'approved' | 'declined',
): Promise<Transaction> {
  const tx = await completeApmPayment(deps, id, outcome, 'operator', { merchantId: user.merchantId });
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), 'apm.complete', tx.id, {
      outcome,
      amount: formatDecimal(tx.amount, tx.currency),
      currency: tx.currency,
      status: tx.status.toUpperCase(),
    }),
  );
  return tx;
}
