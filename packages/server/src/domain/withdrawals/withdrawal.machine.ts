import type { Minor } from '../../lib/money.js';
import type { WdRequestStatus, Withdrawal, WithdrawalState, WithdrawalStatus } from './withdrawal.types.js';

/**
 * The withdrawal state machine (docs/withdrawals.md, docs/decisions/0503, 0508), pure:
 *
 * | from | action | to |
 * |---|---|---|
 * | Pending | cancel (the user) | Canceled |
 * | Pending | decline (the merchant) | Declined |
 * | Pending, InProgress | approve (an order for the whole amount, or what is left), or place an order | InProgress |
 * | Pending, InProgress | seal (docs/decisions/0130) | InProgress |
 * | InProgress | cancel / decline, nothing settled yet (its Approved orders are deleted, never paid) | Canceled / Declined |
 * | InProgress | decline with part of the amount settled | Partially Approved |
 * | InProgress | its orders settled the whole amount (`complete`) | Approved |
 * | Processing | payout approved for the whole amount / for less | Approved / Partially Approved |
 * | Processing | payout declined or failed | Error |
 *
 * Approval pays nothing: the money moves when an order is settled (order.machine.ts). `Processing`
 * is no longer entered: it is the one-step approve-and-pay of earlier versions, kept so that a request
 * such a version left mid-payout still takes its payout's outcome (docs/decisions/0508).
 *
 * Every other move is refused with a reason naming the state. Pending, InProgress (and Processing,
 * shown as Pending) are `Open`; every other state is `Closed` and final.
 */

export type WithdrawalAction =
  'cancel' | 'decline' | 'approve' | 'payoutApproved' | 'payoutFailed' | 'seal' | 'place' | 'complete';

export type WithdrawalDecision = { ok: true; next: WithdrawalStatus } | { ok: false; reason: string };

export type MachineView = Pick<Withdrawal, 'id' | 'status' | 'amount'>;

/** How the status reads on the wire (`Processing` is an approval being paid out: still Pending). */
export function wireStatusOf(status: WithdrawalStatus): WdRequestStatus {
  return status === 'Processing' ? 'Pending' : status;
}

export function stateOf(status: WithdrawalStatus): WithdrawalState {
  return status === 'Pending' || status === 'Processing' || status === 'InProgress' ? 'Open' : 'Closed';
}

export function isOpen(status: WithdrawalStatus): boolean {
  return stateOf(status) === 'Open';
}

const VERB: Record<WithdrawalAction, string> = {
  cancel: 'cancel',
  decline: 'decline',
  approve: 'approve',
  payoutApproved: 'complete',
  payoutFailed: 'fail',
  seal: 'seal',
  place: 'place an order on',
  complete: 'complete',
};

/**
 * Whether `action` may move `w`; `amount` is the approved (or paid-out) amount where it applies, and
 * for a decline of an InProgress request the amount its orders settled already.
 */
export function decideWithdrawal(w: MachineView, action: WithdrawalAction, amount?: Minor): WithdrawalDecision {
  const refuse = (why: string): WithdrawalDecision => ({
    ok: false,
    reason: `Cannot ${VERB[action]} withdrawal request ${w.id} in status ${w.status === 'Processing' ? 'Pending (being paid out)' : w.status}: ${why}`,
  });
  switch (action) {
    case 'cancel':
    case 'decline':
      if (w.status === 'Processing') return refuse('its payout is in progress');
      if (w.status === 'InProgress') {
        if (amount !== undefined && amount > 0) {
          if (action === 'cancel') return refuse('part of it is settled already');
          return { ok: true, next: 'Partially Approved' };
        }
        return { ok: true, next: action === 'cancel' ? 'Canceled' : 'Declined' };
      }
      if (w.status !== 'Pending') return refuse('only a Pending request can be moved; it is Closed');
      return { ok: true, next: action === 'cancel' ? 'Canceled' : 'Declined' };
    case 'approve':
      if (w.status === 'Processing') return refuse('its payout is in progress');
      if (w.status !== 'Pending' && w.status !== 'InProgress') return refuse('it is Closed');
      if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0)
        return refuse('the amount must be greater than 0');
      if (amount > w.amount) return refuse('the amount exceeds the requested amount');
      return { ok: true, next: 'InProgress' };
    case 'payoutApproved':
      if (w.status !== 'Processing') return refuse('no payout is in progress');
      if (amount === undefined || amount <= 0 || amount > w.amount) return refuse('the paid amount is out of range');
      return { ok: true, next: amount === w.amount ? 'Approved' : 'Partially Approved' };
    case 'payoutFailed':
      if (w.status !== 'Processing') return refuse('no payout is in progress');
      return { ok: true, next: 'Error' };
    case 'seal':
    case 'place':
      if (w.status === 'Processing') return refuse('its payout is in progress');
      if (w.status !== 'Pending' && w.status !== 'InProgress') return refuse('it is Closed');
      return { ok: true, next: 'InProgress' };
    case 'complete':
      if (w.status !== 'InProgress') return refuse('it has no orders in progress');
      return { ok: true, next: 'Approved' };
  }
}
