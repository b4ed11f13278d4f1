import type { SplitStatus } from './platform.types.js';
import { move, type MoveDecision, type TransitionTable } from './transition.js';

/**
 * The split transaction state machine (docs/platform.md): PENDING_SPLIT → PENDING_SETTLEMENT →
 * RECONCILED; either pending state → CANCELLED. RECONCILED and CANCELLED are final; a cancelled
 * split gives its amount back to the payment (docs/decisions/0702).
 */
export const SPLIT_TRANSITIONS: TransitionTable<SplitStatus> = {
  PENDING_SPLIT: ['PENDING_SETTLEMENT', 'CANCELLED'],
  PENDING_SETTLEMENT: ['RECONCILED', 'CANCELLED'],
  RECONCILED: [],
  CANCELLED: [],
};

export function moveSplit(from: SplitStatus, to: SplitStatus): MoveDecision<SplitStatus> {
  return move(SPLIT_TRANSITIONS, 'the split transaction', from, to);
}
