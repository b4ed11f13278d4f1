import { WithdrawalRefused } from '../errors.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { payout } from '../payments/payout.service.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { ordersSummaryOf } from './order.close.js';
import { decideOrder } from './order.machine.js';
import { moveOrder, orderOf } from './order.move.js';
import { settleByRefund } from './order.refund.js';
import type { WithdrawalOrder } from './order.types.js';
import { payoutOriginOf } from './payout-origin.js';
import { applyMove, type KeyedRequest, type WithdrawalCaller } from './withdrawal.service.js';

/**
 * Settling withdrawal orders (docs/decisions/0130, 0508): an Approved order is paid out to its UPO
 * through the acquirer, claimed `Processing` in the payout's first write and closed `Settled` or
 * `Error` in its second, with its DMN; settlementType 1 is a Refund of a deposit the same way
 * (order.refund.ts, docs/decisions/0136). When the settled orders cover the request's whole amount,
 * the request is Approved in the same write. Orders a crash left Processing take their payout's outcome.
 */

/** After an order settled: the request records what is paid, and is Approved once all of it is. */
async function afterSettled(
  repos: Repos,
  render: Renderers,
  wdRequestId: string,
  payoutTransactionId: string,
  now: number,
): Promise<void> {
  const w = (await repos.withdrawals.find(wdRequestId))!;
  const { settled } = await ordersSummaryOf(repos, w.id);
  if (w.status !== 'InProgress') return;
  // the request's payoutTransactionId is its latest settled payout (its DMN's TransactionID)
  const changes = { approvedAmount: settled, payoutTransactionId };
  if (settled >= w.amount) await applyMove(repos, render, w, 'complete', changes, now);
  else await repos.withdrawals.move(w.id, 'InProgress', 'InProgress', changes, now);
}

/**
 * settleWithdrawalOrder: pays an Approved order out to its UPO. An approved payout settles it (and
 * may complete the request); a declined or failed one leaves it in Error with the gateway's reason.
 * With `once` (the control panel's idempotency key, docs/decisions/1020) the key is claimed in the
 * payout's first write: a key answered before replays its first answer and pays nothing.
 */
export async function settleWithdrawalOrder(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: {
    wdOrderId: string;
    clientRequestId?: string;
    /** a key: its first answer (the closed order and its payout) stored in the outcome's write */
    once?: KeyedRequest<{ order: WithdrawalOrder; payout: Transaction }>;
  },
): Promise<{ order: WithdrawalOrder; payout: Transaction; replay?: StoredResponse }> {
  const o = await orderOf(deps.storage.read, caller, cmd.wdOrderId);
  const w = (await deps.storage.read.withdrawals.find(o.wdRequestId))!;
  // with a key, the checks run in the claiming write only: a retry of a settled order replays its answer
  if (!cmd.once) {
    const first = decideOrder(o, 'settle');
    if (!first.ok) throw new WithdrawalRefused(first.reason);
    if (w.status !== 'InProgress') {
      throw new WithdrawalRefused(`Cannot settle withdrawal order ${o.id}: its request ${w.id} is ${w.status}`);
    }
  }
  let closed: WithdrawalOrder | undefined;
  const hooks = {
    onPending: async (repos: Repos, tx: Transaction) => {
      const current = await orderOf(repos, caller, o.id);
      const req = (await repos.withdrawals.find(current.wdRequestId))!;
      if (req.status !== 'InProgress') {
        throw new WithdrawalRefused(`Cannot settle withdrawal order ${o.id}: its request ${req.id} is ${req.status}`);
      }
      await moveOrder(repos, deps.render, current, 'settle', { payoutTransactionId: tx.id }, deps.clock.now(), false);
    },
    onOutcome: async (repos: Repos, tx: Transaction, now: number) => {
      closed = await closeOrderWithPayout(repos, deps.render, o.id, tx, now);
    },
  };
  const once = cmd.once;
  // the outcome hook closes the order before the key's answer is rendered, in the same write
  const claim: IdempotencyClaim | undefined = once && {
    ...once,
    render: (tx) => once.render({ order: closed ?? { ...o, payoutTransactionId: tx.id }, payout: tx }),
  };
  let run: { tx?: Transaction | undefined; replay?: StoredResponse | undefined };
  if (o.settlementType === 1) {
    // a Refund of a deposit, not a payout (docs/decisions/0136)
    run = await settleByRefund(deps, o, w, cmd.clientRequestId, { ...hooks, ...(claim ? { idempotency: claim } : {}) });
  } else {
    const origin = payoutOriginOf(w, `wdo-${o.id}`, cmd.clientRequestId);
    const destination = { kind: 'upo' as const, userPaymentOptionId: o.upoId, field: 'userPMId' };
    const keyed = claim ? { ...hooks, idempotency: () => claim } : hooks;
    run = await payout(deps, { origin, amount: o.amount, currency: o.currency, destination }, keyed);
  }
  const order = closed ?? (await deps.storage.read.withdrawalOrders.find(o.id))!;
  if (run.tx) return { order, payout: run.tx };
  // a replay (only with a key): the order as it is now, with the payout its first request made
  const paid =
    order.payoutTransactionId === null ? undefined : await deps.storage.read.payments.find(order.payoutTransactionId);
  if (!paid) throw new WithdrawalRefused(`Withdrawal order ${o.id} changed meanwhile; try again`);
  return { order, payout: paid, replay: run.replay! };
}

async function closeOrderWithPayout(
  repos: Repos,
  render: Renderers,
  id: string,
  tx: Transaction,
  now: number,
): Promise<WithdrawalOrder> {
  const o = (await repos.withdrawalOrders.find(id))!;
  if (o.status !== 'Processing') return o;
  if (tx.status === 'approved') {
    const settled = await moveOrder(repos, render, o, 'payoutApproved', {}, now);
    await afterSettled(repos, render, o.wdRequestId, tx.id, now);
    return settled;
  }
  const reason = tx.errorReason ? `Payout ${tx.status}: ${tx.errorReason}` : `Payout ${tx.status}`;
  return moveOrder(repos, render, o, 'payoutFailed', { comment: reason }, now);
}

/** Orders left Processing by a crash between their payout's two writes take the payout's outcome. */
export async function recoverProcessingOrders(deps: DomainDeps, siteId: string): Promise<void> {
  for (const o of await deps.storage.read.withdrawalOrders.list(siteId)) {
    if (o.status !== 'Processing' || o.payoutTransactionId === null) continue;
    const tx = await deps.storage.read.payments.find(o.payoutTransactionId);
    if (!tx || tx.status === 'pending') continue;
    await deps.storage.write((repos) => closeOrderWithPayout(repos, deps.render, o.id, tx, deps.clock.now()));
  }
}
