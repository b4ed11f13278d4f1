import type { Minor } from '../../lib/money.js';
import { Invalid, WithdrawalRefused } from '../errors.js';
import { ownedPayoutUpo, payout } from '../payments/payout.service.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { notifyOrder, ordersSummaryOf } from './order.close.js';
import { decideOrder, type WithdrawalOrderAction } from './order.machine.js';
import type { RefundCandidate, SettlementType, WithdrawalOrder, WithdrawalOrderChanges } from './order.types.js';
import { applyMove, type KeyedRequest, requestOf, type WithdrawalCaller } from './withdrawal.service.js';
import type { Withdrawal, WithdrawalChanges } from './withdrawal.types.js';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.service.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { payoutOriginOf } from './payout-origin.js';
import { assertRefundable, settleByRefund } from './order.refund.js';

/**
 * Withdrawal orders (docs/decisions/0130, 0508): placed on a Pending or InProgress request (which
 * becomes InProgress) by placeWithdrawalOrder, or by approveRequest for what is left of the request;
 * nothing is paid then. An order is settled by a payout through the acquirer (claimed `Processing` in
 * the payout's first write and closed `Settled` or `Error` in its second, with its DMN), or —
 * settlementType 1 — by a Refund of a deposit the same way (order.refund.ts, docs/decisions/0136), or
 * deleted. When the settled orders cover the request's whole amount, the request is Approved in the
 * same write.
 */

export interface PlaceOrderCommand {
  wdRequestId: string;
  upoId: string;
  amount: Minor;
  currency: string;
  settlementType: SettlementType;
  clientRequestId?: string;
}

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
async function moveOrder(
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

/** placeWithdrawalOrder: an Approved order for part or all of what is left of the request. */
export async function placeWithdrawalOrder(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: PlaceOrderCommand,
): Promise<{ order: WithdrawalOrder; withdrawal: Withdrawal }> {
  const now = deps.clock.now();
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  // the request is named by wdRequestId; its merchantWDRequestId is the merchant's reference (0508)
  const first = await requestOf(deps.storage.read, caller, cmd.wdRequestId);
  if (cmd.currency !== first.currency)
    throw new Invalid('currency', `must be the request's currency ${first.currency}`, 'currency');
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: caller.siteId, userTokenId: first.userTokenId },
    cmd.upoId,
    'userPMId',
  );
  if (cmd.settlementType === 1) {
    // a refund of a deposit made with this card UPO (docs/decisions/0136)
    if (upo.cardVaultId === null)
      throw new Invalid('userPMId', 'is not a card: only a card deposit can be refunded', 'stored_option');
    await assertRefundable(deps, {
      id: '',
      siteId: caller.siteId,
      userTokenId: first.userTokenId,
      upoId: upo.id,
      amount: cmd.amount,
      currency: cmd.currency,
    });
  } else if (upo.cardVaultId === null && !deps.acquirer.canPayOut(upo.paymentMethod, cmd.currency)) {
    throw new Invalid(
      'userPMId',
      `is a ${upo.paymentMethod} account, which cannot receive payouts in ${cmd.currency}`,
      'stored_option',
    );
  }
  return deps.storage.write(async (repos) => {
    await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
    const w = await requestOf(repos, caller, cmd.wdRequestId);
    return placeOrder(
      repos,
      deps.render,
      w,
      { upoId: upo.id, amount: cmd.amount, settlementType: cmd.settlementType },
      'place',
      {},
      now,
    );
  });
}

/**
 * In the caller's write: moves `w` to InProgress (`action` place or approve, with `changes`) and
 * inserts an Approved order of `amount` to `upoId`, each with its DMN. Refused when the orders holding
 * money would exceed the requested amount.
 */
async function placeOrder(
  repos: Repos,
  render: Renderers,
  w: Withdrawal,
  o: { upoId: string; amount: Minor; settlementType: SettlementType },
  action: 'place' | 'approve',
  changes: WithdrawalChanges,
  now: number,
): Promise<{ order: WithdrawalOrder; withdrawal: Withdrawal }> {
  const { held } = await ordersSummaryOf(repos, w.id);
  if (held + o.amount > w.amount) {
    throw new WithdrawalRefused(
      `Cannot ${action === 'place' ? 'place an order of this amount on' : 'approve this amount of'} withdrawal request ${w.id}: it exceeds what is left of the requested amount`,
    );
  }
  const moved = await applyMove(repos, render, w, action, changes, now, o.amount);
  const order = await repos.withdrawalOrders.insert({
    merchantId: w.merchantId,
    siteId: w.siteId,
    wdRequestId: w.id,
    userTokenId: w.userTokenId,
    upoId: o.upoId,
    amount: o.amount,
    currency: w.currency,
    settlementType: o.settlementType,
    status: 'Approved',
    createdAt: now,
  });
  await notifyOrder(repos, render, order, moved, now);
  return { order, withdrawal: moved };
}

/** A stored first answer of a signed approveRequest body, and how to render it (docs/decisions/0805). */
export interface ApprovalReplay {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  render(r: { withdrawal: Withdrawal; order: WithdrawalOrder }): StoredResponse;
}

/**
 * approveRequest: the merchant approves a Pending or InProgress request. Nothing is paid: the request
 * goes InProgress with an Approved order (settlementType 0, to the request's UPO) for `amount`, by
 * default all that no order holds yet; settling the order pays it (docs/decisions/0508). The request
 * can still be cancelled or declined, which deletes the order unpaid. A signed body accepted before
 * answers its first answer and places nothing (`replay`).
 */
export async function approveWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; amount?: Minor; operatorName?: string; comment?: string; clientRequestId?: string },
  replay?: ApprovalReplay,
): Promise<{ withdrawal: Withdrawal; order: WithdrawalOrder; replay?: undefined } | { replay: StoredResponse }> {
  const now = deps.clock.now();
  const first = await requestOf(deps.storage.read, caller, cmd.wdRequestId);
  // the request's UPO must still be the user's and able to receive the payout
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: caller.siteId, userTokenId: first.userTokenId },
    first.upoId,
    'userPMId',
  );
  return deps.storage.write(async (repos) => {
    let placed: { withdrawal: Withdrawal; order: WithdrawalOrder } | undefined;
    const approve = async () => {
      await claimClientRequestId(repos, caller.siteId, cmd.clientRequestId, now);
      const w = await requestOf(repos, caller, cmd.wdRequestId);
      const { held } = await ordersSummaryOf(repos, w.id);
      if (cmd.amount === undefined && held >= w.amount && (w.status === 'Pending' || w.status === 'InProgress')) {
        throw new WithdrawalRefused(
          `Cannot approve withdrawal request ${w.id}: its orders hold the whole requested amount already`,
        );
      }
      const amount = cmd.amount ?? ((w.amount - held) as Minor);
      const changes = {
        ...(cmd.operatorName !== undefined ? { operatorName: cmd.operatorName } : {}),
        ...(cmd.comment !== undefined ? { comment: cmd.comment } : {}),
      };
      placed = await placeOrder(
        repos,
        deps.render,
        w,
        { upoId: upo.id, amount, settlementType: 0 },
        'approve',
        changes,
        now,
      );
      return placed;
    };
    if (!replay) return approve();
    const answer = await runIdempotent(repos, { ...replay, now }, async () => replay.render(await approve()));
    return answer.replayed || !placed ? { replay: answer } : placed;
  });
}

/** sealRequest: the request is locked for processing (InProgress) without an order. */
export async function sealWithdrawal(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdRequestId: string; userAccountId?: string; operatorName?: string },
): Promise<Withdrawal> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const w = await requestOf(repos, caller, cmd.wdRequestId);
    if (cmd.userAccountId !== undefined && w.userAccountId !== null && w.userAccountId !== cmd.userAccountId) {
      throw new Invalid('userAccountId', `is not the userAccountId of withdrawal request ${w.id}`);
    }
    return applyMove(
      repos,
      deps.render,
      w,
      'seal',
      cmd.operatorName !== undefined ? { operatorName: cmd.operatorName } : {},
      now,
    );
  });
}

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

/** deleteWithdrawalOrder: an Approved order is deleted; its amount is free for another order. */
export async function deleteWithdrawalOrder(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  wdOrderId: string,
): Promise<WithdrawalOrder> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) =>
    moveOrder(repos, deps.render, await orderOf(repos, caller, wdOrderId), 'delete', {}, now),
  );
}

/** updateOrdersDetails: sets the executionTime of Approved orders, all of them or none. */
export async function updateOrdersDetails(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { wdOrderIds: string[]; executionTime?: string },
): Promise<WithdrawalOrder[]> {
  const now = deps.clock.now();
  return deps.storage.write(async (repos) => {
    const out = [];
    for (const id of cmd.wdOrderIds) {
      const o = await orderOf(repos, caller, id, 'wdOrderIds');
      out.push(
        await moveOrder(
          repos,
          deps.render,
          o,
          'update',
          cmd.executionTime !== undefined ? { executionTime: cmd.executionTime } : {},
          now,
        ),
      );
    }
    return out;
  });
}

/** getOrders / getOrderIds: the site's orders (of the requests with that merchantUniqueId), newest first. */
export async function listWithdrawalOrders(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  merchantUniqueId?: string,
): Promise<WithdrawalOrder[]> {
  await recoverProcessingOrders(deps, caller.siteId);
  return deps.storage.read.withdrawalOrders.list(caller.siteId, merchantUniqueId || undefined);
}

/** getCandidatesForRefund: the deposits made with the request's card that are not fully refunded. */
export async function refundCandidatesOf(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  wdRequestId: string,
): Promise<RefundCandidate[]> {
  const w = await requestOf(deps.storage.read, caller, wdRequestId);
  const upo = await deps.storage.read.upos.find(w.upoId);
  if (!upo || upo.cardVaultId === null) return [];
  const { deposits } = await deps.storage.read.withdrawalOrders.cardMovements(
    w.siteId,
    w.userTokenId,
    upo.cardVaultId,
    w.currency,
  );
  return deposits.filter((d) => d.refunded < d.amount);
}

export interface NetDeposits {
  deposits: Minor;
  withdrawals: Minor;
  manual: Minor;
  net: Minor;
}

/**
 * getNetDeposits / getUserPaymentMethodNetDeposits: what the user paid in with the UPO (approved
 * sales and settlements, less refunds) minus what was paid out to it, plus the manual movements.
 */
export async function netDepositsOf(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { userTokenId: string; upoId: string; currency: string },
): Promise<NetDeposits> {
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: caller.siteId, userTokenId: cmd.userTokenId },
    cmd.upoId,
    'userPMId',
  );
  const repo = deps.storage.read.withdrawalOrders;
  let deposits = 0;
  let withdrawals = 0;
  if (upo.cardVaultId !== null) {
    const m = await repo.cardMovements(caller.siteId, cmd.userTokenId, upo.cardVaultId, cmd.currency);
    for (const d of m.deposits) deposits += d.amount - d.refunded;
    withdrawals = m.payouts;
  }
  const manual = await repo.movementsTotal(caller.siteId, cmd.userTokenId, upo.id, cmd.currency);
  return {
    deposits: deposits as Minor,
    withdrawals: withdrawals as Minor,
    manual,
    net: (deposits - withdrawals + manual) as Minor,
  };
}

/** updateNetDepositValue: a manual deposit (movementType 2) or withdrawal (3) of the user's UPO. */
export async function updateNetDepositValue(
  deps: DomainDeps,
  caller: WithdrawalCaller,
  cmd: { userTokenId: string; upoId: string; amount: Minor; currency: string; movementType: 2 | 3 },
): Promise<NetDeposits> {
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: caller.siteId, userTokenId: cmd.userTokenId },
    cmd.upoId,
    'userPMId',
  );
  const now = deps.clock.now();
  await deps.storage.write((repos) =>
    repos.withdrawalOrders.addMovement({
      siteId: caller.siteId,
      userTokenId: cmd.userTokenId,
      upoId: upo.id,
      currency: cmd.currency,
      amount: (cmd.movementType === 2 ? cmd.amount : -cmd.amount) as Minor,
      movementType: cmd.movementType,
      createdAt: now,
    }),
  );
  return netDepositsOf(deps, caller, cmd);
}
