import { realNow } from '../../lib/clock.js';
import { exponentOf, formatDecimal, type Minor, parseDecimal, parseDecimalRounded } from '../../lib/money.js';
import { Forbidden, Invalid, NotFound } from '../errors.js';
import { followUp } from '../payments/follow-up.js';
import type { Origin, Run } from '../payments/origin.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import { panelKeyOf } from './panel-keys.js';
import { decideFollowUp } from '../payments/transaction.machine.js';
import type { FollowUpType, Transaction } from '../payments/transaction.types.js';
import type { DomainDeps } from '../ports.js';
import { appendAudit } from './audit.js';
import type { AmountBound, DashboardUser, TransactionFilter } from './ports.js';
import { can, type Permission } from './roles.js';

/** Currencies by their exponent: an amount in major units is a different minor count in each group. */
const BY_EXPONENT: ReadonlyMap<number, string[]> = (() => {
  const map = new Map<number, string[]>();
  for (const code of Intl.supportedValuesOf('currency')) {
    const e = exponentOf(code);
    map.set(e, [...(map.get(e) ?? []), code]);
  }
  return map;
})();

/** `text` (major units) as a bound per currency exponent; the exponent 2 group takes every other currency. */
export function amountBounds(text: string, field: string): AmountBound[] {
  const bounds: AmountBound[] = [];
  for (const [e, currencies] of BY_EXPONENT) {
    // more decimals than the currency has: the bound rounded half up to the currency's exponent
    const parsed = parseDecimalRounded(text, currencies[0]!);
    if (!parsed.ok) throw new Invalid(field, 'must be an amount such as 12.34');
    bounds.push({ currencies: e === 2 ? undefined : currencies, minor: parsed.minor });
  }
  return bounds;
}

/** The search as a query string has it (the control panel's and the admin API's, docs/dashboard.md). */
export interface TransactionSearchText {
  query?: string;
  status?: string;
  type?: string;
  last4?: string;
  minAmount?: string;
  maxAmount?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: string;
}

/**
 * The filter of `q` for `merchantId`, or null when it can match nothing (a `query` that is not an id).
 * Throws Invalid naming the field of a malformed value.
 */
export function transactionFilterOf(merchantId: string, q: TransactionSearchText): TransactionFilter | null {
  const time = (text: string | undefined, field: string) => {
    if (text === undefined) return undefined;
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw new Invalid(field, 'must be an ISO 8601 time');
    return ms;
  };
  const cursor = q.cursor;
  if (cursor !== undefined && !/^\d{1,20}$/.test(cursor)) throw new Invalid('cursor', 'is not a cursor of this list');
  const query = q.query?.trim();
  if (query !== undefined && query !== '' && !/^\d{1,20}$/.test(query)) return null;
  const limit = q.limit === undefined ? 25 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Invalid('limit', 'must be from 1 to 100');
  const from = time(q.from, 'from');
  const to = time(q.to, 'to');
  return {
    merchantId,
    ...(query ? { query } : {}),
    ...(q.status !== undefined ? { status: q.status.toLowerCase() } : {}),
    ...(q.type !== undefined && q.type !== '' ? { type: q.type } : {}),
    ...(q.last4 !== undefined ? { last4: q.last4 } : {}),
    ...(q.minAmount !== undefined ? { min: amountBounds(q.minAmount, 'minAmount') } : {}),
    ...(q.maxAmount !== undefined ? { max: amountBounds(q.maxAmount, 'maxAmount') } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(cursor !== undefined ? { before: cursor } : {}),
    limit,
  };
}

/** One page of the merchant's transactions, newest first, and the cursor of the next. */
export async function searchTransactions(
  deps: DomainDeps,
  filter: TransactionFilter | null,
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  if (filter === null) return { items: [], nextCursor: null };
  const rows = await deps.storage.read.dashboard.searchTransactions({ ...filter, limit: filter.limit + 1 });
  const items = rows.slice(0, filter.limit);
  return { items, nextCursor: rows.length > filter.limit ? items[items.length - 1]!.id : null };
}

/** A transaction of the user's merchant; another merchant's is not found. */
export async function merchantTransaction(deps: DomainDeps, user: DashboardUser, id: string): Promise<Transaction> {
  const tx = /^\d{1,20}$/.test(id) ? await deps.storage.read.payments.find(id) : undefined;
  if (!tx || tx.merchantId !== user.merchantId) throw new NotFound('transaction');
  return tx;
}

/**
 * Every transaction of `tx`'s order (or session), oldest first; for one made without either, the chain
 * it belongs to: the first payment and what was done on it.
 */
export async function timelineOf(deps: DomainDeps, tx: Transaction): Promise<Transaction[]> {
  const read = deps.storage.read;
  if (tx.orderId !== null || tx.sessionId !== null) {
    return read.dashboard.timeline(tx.merchantId, tx.orderId, tx.sessionId);
  }
  let root = tx;
  for (let depth = 0; depth < 3 && root.relatedTransactionId !== null; depth++) {
    const parent = await read.payments.find(root.relatedTransactionId);
    if (!parent || parent.merchantId !== tx.merchantId) break;
    root = parent;
  }
  return read.dashboard.chain(tx.merchantId, root.id);
}

const PERMISSION_OF: Record<FollowUpType, Permission> = {
  Settle: 'transactions.settle',
  Refund: 'transactions.refund',
  Void: 'transactions.void',
};

export interface Actions {
  settle: { max: string } | null;
  refund: { max: string } | null;
  void: boolean;
}

/** What `user` may do to `tx` now: its role and the transaction's state both. */
export function actionsOn(user: DashboardUser, tx: Transaction, now: number): Actions {
  const allowed = (type: FollowUpType, amount: number) =>
    can(user.role, PERMISSION_OF[type]) && decideFollowUp(tx, type, amount as Minor, tx.currency, now).ok;
  const settleMax = tx.amount - tx.settled;
  const refundMax = tx.amount - tx.refunded;
  return {
    settle: allowed('Settle', settleMax) ? { max: formatDecimal(settleMax, tx.currency) } : null,
    refund: allowed('Refund', refundMax) ? { max: formatDecimal(refundMax, tx.currency) } : null,
    void: allowed('Void', tx.amount),
  };
}

/**
 * Settles, refunds or voids a transaction of the user's merchant through the same domain operation as
 * the session and REST APIs (`followUp`: state machine, acquirer, outbox), and writes it to the audit log.
 * With `once` (the `idempotency-key`), a key already answered replays its first answer (panel-keys.ts).
 */
export async function operateTransaction(
  deps: DomainDeps,
  user: DashboardUser,
  id: string,
  type: FollowUpType,
  amountText: string | undefined,
  once?: { key: string; render(tx: Transaction): StoredResponse },
): Promise<Run> {
  if (!can(user.role, PERMISSION_OF[type])) throw new Forbidden(`role ${user.role} may not ${type.toLowerCase()}`);
  const parent = await merchantTransaction(deps, user, id);
  let amount: Minor | undefined;
  if (amountText !== undefined) {
    const parsed = parseDecimal(amountText, parent.currency);
    if (!parsed.ok) throw new Invalid('amount', `must be an amount of ${parent.currency} such as 12.34`);
    amount = parsed.minor;
  }
  const origin: Origin = {
    via: parent.interface,
    merchantId: parent.merchantId,
    siteId: parent.siteId,
    entityId: parent.entityId,
    orderId: null,
    sessionId: null,
  };
  const action = `transaction.${type.toLowerCase()}`;
  const idempotency = once && {
    ...panelKeyOf(deps, user, action, once.key, { id: parent.id, amount: amountText ?? null }),
    render: once.render,
  };
  const run = await followUp(
    deps,
    {
      origin,
      type,
      relatedTransactionId: parent.id,
      ...(amount !== undefined ? { amount, currency: parent.currency } : {}),
      mayReach: async (_repos, tx) => tx.merchantId === user.merchantId,
    },
    idempotency ? { idempotency } : {},
  );
  // a replay did nothing: its first request wrote the audit entry
  if (!run.tx) return run;
  const tx = run.tx;
  await deps.storage.write((repos) =>
    appendAudit(repos, user, realNow(deps.clock), action, parent.id, {
      transactionId: tx.id,
      amount: formatDecimal(tx.amount, tx.currency),
      currency: tx.currency,
      status: tx.status.toUpperCase(),
    }),
  );
  return { tx };
}
