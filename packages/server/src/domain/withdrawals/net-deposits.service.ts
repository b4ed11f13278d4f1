import type { Minor } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import { ownedPayoutUpo } from '../payments/payout.service.js';
import type { DomainDeps } from '../ports.js';
import type { RefundCandidate } from './order.types.js';
import { requestOf, type WithdrawalCaller } from './withdrawal.service.js';

/**
 * What a user paid in and was paid out with a UPO (docs/decisions/0136): the deposits a refund order
 * can refund (getCandidatesForRefund), and the net deposits with the manual movements
 * (getNetDeposits, updateNetDepositValue).
 */

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
