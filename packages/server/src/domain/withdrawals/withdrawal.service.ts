import type { Minor } from '../../lib/money.js';
import { Invalid, WithdrawalLimitReached, WithdrawalRefused } from '../errors.js';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.service.js';
import { enqueueNotification } from '../notifications/notification.service.js';
import { ownedPayoutUpo } from '../payments/payout.service.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { deleteOpenOrders, settledBeforeClose } from './order.close.js';
import { decideWithdrawal, isOpen, type WithdrawalAction } from './withdrawal.machine.js';
import type { Withdrawal, WithdrawalChanges, WithdrawalStatus, WithdrawalUserDetails } from './withdrawal.types.js';

/**
 * Withdrawal requests (docs/withdrawals.md, docs/decisions/0503, 0508): every change is one write that
 * moves the request with a compare-and-set on its status, keeps the user's count of open requests
 * (what the Web SDK's `wdRequestsLimit` is checked against), and queues the DMN of the change
 * (docs/decisions/0504). Approval and orders are in order.service.ts: approving pays nothing, the
 * money moves when an order is settled (order.settle.ts).
 */

/** The Web SDK's `wdRequestsLimit` when its call sends none (the session API applies no cap). */
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
  /**
   * how many open requests the user may have: the Web SDK's option (docs/decisions/0506); absent,
   * as from the session API's submitRequest, there is no cap
   */
  wdRequestsLimit?: number;
}

/** Queues the DMN of a request's new status: to its notificationUrl, else the site's default. */
export async function notifyChange(repos: Repos, render: Renderers, w: Withdrawal, now: number): Promise<void> {
  const url = w.notificationUrl || (await repos.notifications.siteNotificationUrl(w.siteId));
  if (url)
    await enqueueNotification(repos, { ...render.withdrawalDmn(w, url, now), targetFromSite: !w.notificationUrl }, now);
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
export async function requestOf(
  repos: Repos,
  caller: WithdrawalCaller,
  id: string,
  userTokenId?: string,
): Promise<Withdrawal> {
  const w = /^\d{1,20}$/.test(id) ? await repos.withdrawals.find(id) : undefined;
  if (!w || w.siteId !== caller.siteId || (userTokenId !== undefined && w.userTokenId !== userTokenId)) {
    throw new Invalid(
      'wdRequestId',
      userTokenId === undefined
        ? 'names no withdrawal request of this site'
        : 'names no withdrawal request of this user',
    );
  }
  return w;
}

/**
 * submitRequest / submitWdRequest: a new Pending request. merchantWDRequestId and merchantUniqueId are
 * the merchant's references, not keys: clients build them from the clock in whole seconds, so two
 * requests may share them (docs/decisions/0508). Only the Web SDK's call carries a wdRequestsLimit.
 */
export async function submitWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: SubmitWithdrawalCommand,
): Promise<Withdrawal> {
  const now = deps.clock.now();
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  const limit = cmd.wdRequestsLimit;
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: caller.siteId, userTokenId: cmd.userTokenId },
    cmd.upoId,
    cmd.upoField,
  );
  if (upo.cardVaultId === null && !deps.acquirer.canPayOut(upo.paymentMethod, cmd.currency)) {
    throw new Invalid(
      cmd.upoField,
      `is a ${upo.paymentMethod} account, which cannot receive payouts in ${cmd.currency}`,
      'stored_option',
    );
  }
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
    const counted = await repos.withdrawals.takeOpenSlot(caller.siteId, cmd.userTokenId, limit, now);
    if (!counted && limit !== undefined) throw new WithdrawalLimitReached(limit);
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
): Promise<Withdrawal>;
/** With `once`: a key already answered replays its first answer and declines nothing (idempotency.service.ts). */
export async function declineWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; operatorName?: string; comment?: string; clientRequestId?: string },
  once: KeyedRequest<Withdrawal>,
): Promise<Withdrawal | { replay: StoredResponse }>;
export async function declineWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; operatorName?: string; comment?: string; clientRequestId?: string },
  once?: KeyedRequest<Withdrawal>,
): Promise<Withdrawal | { replay: StoredResponse }> {
  const now = deps.clock.now();
  if (!once) return deps.storage.write((repos) => declineIn(repos, deps, caller, cmd, now));
  return deps.storage.write(async (repos) => {
    let declined: Withdrawal | undefined;
    const answer = await runIdempotent(repos, { ...once, now }, async () =>
      once.render((declined = await declineIn(repos, deps, caller, cmd, now))),
    );
    return answer.replayed || !declined ? { replay: answer } : declined;
  });
}

async function declineIn(
  repos: Repos,
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; operatorName?: string; comment?: string; clientRequestId?: string },
  now: number,
): Promise<Withdrawal> {
  await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
  const w = await requestOf(repos, caller, cmd.wdRequestId);
  const settled = await settledBeforeClose(repos, w);
  const changes = { operatorName: cmd.operatorName ?? null, comment: cmd.comment ?? null };
  const moved = await applyMove(
    repos,
    deps.render,
    w,
    'decline',
    settled > 0 ? { ...changes, approvedAmount: settled } : changes,
    now,
    settled,
  );
  await deleteOpenOrders(repos, deps.render, moved, now);
  return moved;
}

/** A keyed request of one idempotency rule (idempotency.service.ts) and how its first answer is stored. */
export interface KeyedRequest<T> {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  render(result: T): StoredResponse;
}

/**
 * Closes a Processing request from its payout's outcome: only requests an earlier version's one-step
 * approval left mid-payout are Processing (docs/decisions/0508).
 */
async function closeWithPayout(
  repos: Repos,
  render: Renderers,
  id: string,
  tx: Transaction,
  now: number,
): Promise<Withdrawal> {
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
