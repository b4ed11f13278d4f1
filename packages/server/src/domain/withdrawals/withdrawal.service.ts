import type { Minor } from '../../lib/money.js';
import { Invalid, WithdrawalLimitReached, WithdrawalRefused } from '../errors.js';
import { enqueueNotification } from '../notifications/notification.service.js';
import { ownedPayoutUpo, payout } from '../payments/payout.service.js';
import type { IdempotencyClaim } from '../payments/payment.service.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { deleteOpenOrders, notifyOrder, settledBeforeClose } from './order.close.js';
import type { WithdrawalOrder } from './order.types.js';
import { decideWithdrawal, isOpen, type WithdrawalAction } from './withdrawal.machine.js';
import { payoutOriginOf } from './payout-origin.js';
import type {
  Withdrawal,
  WithdrawalChanges,
  WithdrawalStatus,
  WithdrawalUserDetails,
} from './withdrawal.types.js';

/**
 * Withdrawal requests (DECISIONS.md 9, docs/decisions/0503): every change is one write that moves
 * the request with a compare-and-set on its status, keeps the user's count of open requests (the
 * `wdRequestsLimit` slots), and queues the DMN of the change (docs/decisions/0504). Approval pays
 * out through the payout service: the request is claimed (`Processing`) in the payout's first write
 * and closed in its second, so a request is paid at most once and never left half-moved.
 */

export const DEFAULT_WD_REQUESTS_LIMIT = 1;
/** the field naming the UPO on each interface: `userPMId` (session), `upoId` (client SDK) */
export type UpoField = 'userPMId' | 'upoId';

export interface WithdrawalCaller {
  merchantId: string;
  siteId: string;
}

export interface SubmitWithdrawalCommand {
  userTokenId: string;
  userId: string;
  upoId: string;
  upoField: UpoField;
  amount: Minor;
  currency: string;
  merchantWDRequestId?: string;
  merchantUniqueId?: string;
  userAccountId?: string;
  userDetails?: WithdrawalUserDetails;
  customFields?: Record<string, string>;
  notificationUrl?: string;
  clientRequestId?: string;
  /** how many open requests the user may have (default 1) */
  wdRequestsLimit?: number;
}

/** Queues the DMN of a request's new status: to its notificationUrl, else the site's default. */
export async function notifyChange(repos: Repos, render: Renderers, w: Withdrawal, now: number): Promise<void> {
  const url = w.notificationUrl || (await repos.notifications.siteNotificationUrl(w.siteId));
  if (url) await enqueueNotification(repos, render.withdrawalDmn(w, url, now), now);
}

/** Applies a decided move in `repos`: compare-and-set, the open slot, the DMN. Refuses if it lost a race. */
export async function applyMove(
  repos: Repos,
  render: Renderers,
  w: Withdrawal,
  action: WithdrawalAction,
  changes: WithdrawalChanges,
  now: number,
  amount?: Minor,
): Promise<Withdrawal> {
  const d = decideWithdrawal(w, action, amount);
  if (!d.ok) throw new WithdrawalRefused(d.reason);
  if (!(await repos.withdrawals.move(w.id, w.status, d.next, changes, now))) {
    const fresh = (await repos.withdrawals.find(w.id))!;
    const again = decideWithdrawal(fresh, action, amount);
    throw new WithdrawalRefused(again.ok ? `Withdrawal request ${w.id} changed meanwhile; try again` : again.reason);
  }
  const moved = (await repos.withdrawals.find(w.id))!;
  if (isOpen(w.status) && !isOpen(d.next)) {
    await repos.withdrawals.releaseOpenSlot(w.siteId, w.userTokenId, now);
  }
  if (d.next !== 'Processing') await notifyChange(repos, render, moved, now);
  return moved;
}

/** A request of the caller's site (and, when given, of that user); else `Invalid(wdRequestId)`. */
export async function requestOf(repos: Repos, caller: WithdrawalCaller, id: string, userTokenId?: string): Promise<Withdrawal> {
  const w = /^\d{1,20}$/.test(id) ? await repos.withdrawals.find(id) : undefined;
  if (!w || w.siteId !== caller.siteId || (userTokenId !== undefined && w.userTokenId !== userTokenId)) {
    throw new Invalid('wdRequestId', userTokenId === undefined ? 'names no withdrawal request of this site' : 'names no withdrawal request of this user');
  }
  return w;
}

/** submitRequest / submitWdRequest: a new Pending request, within the user's wdRequestsLimit. */
export async function submitWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: SubmitWithdrawalCommand,
): Promise<Withdrawal> {
  const now = deps.clock.now();
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  const limit = cmd.wdRequestsLimit ?? DEFAULT_WD_REQUESTS_LIMIT;
  const upo = await ownedPayoutUpo(deps, { siteId: caller.siteId, userTokenId: cmd.userTokenId }, cmd.upoId, cmd.upoField);
  if (upo.cardVaultId === null && !deps.acquirer.canPayOut(upo.paymentMethod, cmd.currency)) {
    throw new Invalid(cmd.upoField, `is a ${upo.paymentMethod} account, which cannot receive payouts in ${cmd.currency}`, 'stored_option');
  }
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
    for (const field of ['merchantWDRequestId', 'merchantUniqueId'] as const) {
      const value = cmd[field];
      if (value !== undefined && (await repos.withdrawals.findByMerchantIds(caller.siteId, { [field]: value }))) {
        throw new Invalid(field, 'is already used by another withdrawal request of this site');
      }
    }
    if (!(await repos.withdrawals.takeOpenSlot(caller.siteId, cmd.userTokenId, limit, now))) {
      throw new WithdrawalLimitReached(limit);
    }
    const w = await repos.withdrawals.insert({
      merchantId: caller.merchantId,
      siteId: caller.siteId,
      userTokenId: cmd.userTokenId,
      userId: cmd.userId,
      userAccountId: cmd.userAccountId ?? null,
      merchantWDRequestId: cmd.merchantWDRequestId ?? null,
      merchantUniqueId: cmd.merchantUniqueId ?? null,
      upoId: upo.id,
      amount: cmd.amount,
      currency: cmd.currency,
      approvedAmount: null,
      status: 'Pending',
      payoutTransactionId: null,
      userDetails: cmd.userDetails ?? null,
      customFields: cmd.customFields && Object.keys(cmd.customFields).length > 0 ? cmd.customFields : null,
      notificationUrl: cmd.notificationUrl ?? null,
      operatorName: null,
      comment: null,
      createdAt: now,
    });
    await notifyChange(repos, deps.render, w, now);
    return w;
  });
}

/** cancelRequest / cancelWdRequest: the user cancels a Pending or InProgress request of theirs (nothing settled). */
export async function cancelWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { userTokenId: string; wdRequestId: string; clientRequestId?: string },
): Promise<Withdrawal> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
    const w = await requestOf(repos, caller, cmd.wdRequestId, cmd.userTokenId);
    const settled = await settledBeforeClose(repos, w);
    const moved = await applyMove(repos, deps.render, w, 'cancel', {}, now, settled);
    await deleteOpenOrders(repos, deps.render, moved, now);
    return moved;
  });
}

/** declineRequest: the merchant declines a Pending or InProgress request (Partially Approved if part is settled). */
export async function declineWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; operatorName?: string; comment?: string; clientRequestId?: string },
): Promise<Withdrawal> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
    const w = await requestOf(repos, caller, cmd.wdRequestId);
    const settled = await settledBeforeClose(repos, w);
    const changes = { operatorName: cmd.operatorName ?? null, comment: cmd.comment ?? null };
    const moved = await applyMove(repos, deps.render, w, 'decline', settled > 0 ? { ...changes, approvedAmount: settled } : changes, now, settled);
    await deleteOpenOrders(repos, deps.render, moved, now);
    return moved;
  });
}

/**
 * approveRequest: the merchant approves a Pending request for its amount (Approved) or less
 * (Partially Approved); the approved amount is paid out to the request's UPO. A declined or failed
 * payout leaves the request in Error with the gateway's reason.
 */
export async function approveWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; amount?: Minor; operatorName?: string; comment?: string; clientRequestId?: string },
  /** a signed body already accepted answers its first answer (docs/decisions/0805) */
  replay?: Omit<IdempotencyClaim, 'render'> & {
    renderApproval(w: Withdrawal, payout: Transaction, order: WithdrawalOrder | undefined): StoredResponse;
  },
): Promise<{ withdrawal: Withdrawal; payout: Transaction; order?: WithdrawalOrder; replay?: undefined } | { replay: StoredResponse }> {
  const w = await requestOf(deps.storage.read, caller, cmd.wdRequestId);
  let orderId: string | undefined;
  const amount = cmd.amount ?? w.amount;
  const first = decideWithdrawal(w, 'approve', amount);
  if (!first.ok) throw new WithdrawalRefused(first.reason);
  const origin = payoutOriginOf(w, `wd-${w.id}`, cmd.clientRequestId);
  let closed: Withdrawal | undefined;
  let closedOrder: WithdrawalOrder | undefined;
  const run = await payout(
    deps,
    {
      origin,
      amount,
      currency: w.currency,
      destination: { kind: 'upo', userPaymentOptionId: w.upoId, field: 'userPMId' },
    },
    {
      onPending: async (repos, tx) => {
        const current = await requestOf(repos, caller, w.id);
        await applyMove(
          repos,
          deps.render,
          current,
          'approve',
          { approvedAmount: amount, payoutTransactionId: tx.id, operatorName: cmd.operatorName ?? null, comment: cmd.comment ?? null },
          deps.clock.now(),
          amount,
        );
        // the approval's order (docs/decisions/0130), settled by this payout
        const order = await repos.withdrawalOrders.insert({
          merchantId: w.merchantId,
          siteId: w.siteId,
          wdRequestId: w.id,
          userTokenId: w.userTokenId,
          upoId: w.upoId,
          amount,
          currency: w.currency,
          settlementType: 0,
          status: 'Processing',
          createdAt: deps.clock.now(),
        });
        await repos.withdrawalOrders.move(order.id, 'Processing', 'Processing', { payoutTransactionId: tx.id }, deps.clock.now());
        orderId = order.id;
      },
      onOutcome: async (repos, tx, now) => {
        closed = await closeWithPayout(repos, deps.render, w.id, tx, now);
        if (orderId === undefined) return;
        const to = tx.status === 'approved' ? 'Settled' : 'Error';
        const reason = tx.status === 'approved' ? {} : { comment: closed.comment };
        if (await repos.withdrawalOrders.move(orderId, 'Processing', to, reason, now)) {
          await notifyOrder(repos, deps.render, (await repos.withdrawalOrders.find(orderId))!, closed, now);
        }
        closedOrder = await repos.withdrawalOrders.find(orderId);
      },
      ...(replay
        ? { idempotency: () => ({ ...replay, render: (tx: Transaction) => replay.renderApproval(closed!, tx, closedOrder) }) }
        : {}),
    },
  );
  if (run.replay) return { replay: run.replay };
  const order = orderId === undefined ? undefined : await deps.storage.read.withdrawalOrders.find(orderId);
  return { withdrawal: closed ?? (await deps.storage.read.withdrawals.find(w.id))!, payout: run.tx, ...(order ? { order } : {}) };
}

/** Closes a Processing request from its payout's outcome (in the payout's second write). */
async function closeWithPayout(repos: Repos, render: Renderers, id: string, tx: Transaction, now: number): Promise<Withdrawal> {
  const w = (await repos.withdrawals.find(id))!;
  if (w.status !== 'Processing') return w;
  if (tx.status === 'approved') return applyMove(repos, render, w, 'payoutApproved', {}, now, tx.amount);
  const reason = tx.errorReason ? `Payout ${tx.status}: ${tx.errorReason}` : `Payout ${tx.status}`;
  return applyMove(repos, render, w, 'payoutFailed', { comment: reason }, now);
}

/**
 * Requests left `Processing` by a crash between a payout's two writes: once the payout transaction
 * is final (answered, or closed by `recoverPendingTransactions`), the request takes its outcome.
 * Run after the transactions' recovery; also run before listing, so a reader never waits for it.
 */
export async function recoverProcessingWithdrawals(deps: DomainDeps, siteId?: string): Promise<number> {
  let n = 0;
  const { rows } = await deps.storage.read.withdrawals.list({
    ...(siteId !== undefined ? { siteId } : {}),
    statuses: ['Processing'],
    limit: 100,
    offset: 0,
  });
  for (const w of rows) {
    if (w.payoutTransactionId === null) continue;
    const tx = await deps.storage.read.payments.find(w.payoutTransactionId);
    if (!tx || tx.status === 'pending') continue;
    await deps.storage.write((repos) => closeWithPayout(repos, deps.render, w.id, tx, deps.clock.now()));
    n++;
  }
  return n;
}

export interface ListWithdrawalsQuery {
  userTokenId?: string;
  statuses?: readonly WithdrawalStatus[];
  limit?: number;
  offset?: number;
}

/** The site's requests (a user's, when named), newest first, with the total count. */
export async function listWithdrawals(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  q: ListWithdrawalsQuery,
): Promise<{ rows: Withdrawal[]; total: number }> {
  await recoverProcessingWithdrawals(deps, caller.siteId);
  return deps.storage.read.withdrawals.list({
    siteId: caller.siteId,
    ...(q.userTokenId !== undefined ? { userTokenId: q.userTokenId } : {}),
    ...(q.statuses ? { statuses: q.statuses } : {}),
    limit: q.limit ?? 100,
    offset: q.offset ?? 0,
  });
}
