import type { Minor } from '../../lib/money.js';
import { Invalid, WithdrawalRefused } from '../errors.js';
import { ownedPayoutUpo } from '../payments/payout.service.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import { notifyOrder, ordersSummaryOf } from './order.close.js';
import { moveOrder, orderOf } from './order.move.js';
import { recoverProcessingOrders } from './order.settle.js';
import type { SettlementType, WithdrawalOrder } from './order.types.js';
import { applyMove, requestOf, type WithdrawalCaller } from './withdrawal.service.js';
import type { Withdrawal, WithdrawalChanges } from './withdrawal.types.js';
import { runIdempotent, type StoredResponse } from '../idempotency/idempotency.service.js';
import { assertRefundable } from './order.refund.js';

/**
 * Withdrawal orders (docs/decisions/0130, 0508): placed on a Pending or InProgress request (which
 * becomes InProgress) by placeWithdrawalOrder, or by approveRequest for what is left of the request;
 * nothing is paid then. An order is settled by a payout through the acquirer, or — settlementType 1 —
 * by a Refund of a deposit (order.settle.ts, order.refund.ts, docs/decisions/0136), or deleted. The
 * user's deposits and net deposits are in net-deposits.service.ts.
 */

export interface PlaceOrderCommand {
  wdRequestId: string;
  upoId: string;
  amount: Minor;
  currency: string;
  settlementType: SettlementType;
  clientRequestId?: string;
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
