import type { KycStatus } from './platform.types.js';
import { move, type MoveDecision, type TransitionTable } from './transition.js';

/**
 * The KYC state machine of an account owner (docs/platform.md):
 * MISSING_DATA → IN_PROGRESS → ACTIVE | FAILED | REJECTED, and FAILED → IN_PROGRESS (new documents).
 * ACTIVE and REJECTED are final.
 */
export const KYC_TRANSITIONS: TransitionTable<KycStatus> = {
  MISSING_DATA: ['IN_PROGRESS'],
  IN_PROGRESS: ['ACTIVE', 'FAILED', 'REJECTED'],
  FAILED: ['IN_PROGRESS'],
  ACTIVE: [],
  REJECTED: [],
};

export function moveKyc(from: KycStatus, to: KycStatus): MoveDecision<KycStatus> {
  return move(KYC_TRANSITIONS, 'the KYC status', from, to);
}
