import type { PayoutStatus } from './platform.types.js';
import { move, type MoveDecision, type TransitionTable } from './transition.js';

/**
 * The payout state machine (docs/platform.md): WAITING → ACCEPTED → PROCESSED → RETURNED;
 * WAITING | ACCEPTED → CANCELLED; ACCEPTED → FAILED. RETURNED, CANCELLED and FAILED are final.
 */
export const PAYOUT_TRANSITIONS: TransitionTable<PayoutStatus> = {
  WAITING: ['ACCEPTED', 'CANCELLED'],
  ACCEPTED: ['PROCESSED', 'CANCELLED', 'FAILED'],
  PROCESSED: ['RETURNED'],
  RETURNED: [],
  CANCELLED: [],
  FAILED: [],
};

export function movePayout(from: PayoutStatus, to: PayoutStatus): MoveDecision<PayoutStatus> {
  return move(PAYOUT_TRANSITIONS, 'the payout', from, to);
}
