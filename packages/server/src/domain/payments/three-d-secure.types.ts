import type { ThreeDFlow, ThreeDResult } from './acquirer.port.js';
import type { PaymentType, Transaction } from './transaction.types.js';

/** The records and messages of 3-D Secure 2 (three-d-secure.service.ts). */

/** A challenge must be answered within this window. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** An InitAuth3D (fingerprint) step must be continued within this window (docs/decisions/0361). */
export const INIT_AUTH_TTL_MS = 15 * 60 * 1000;
export const THREE_D_VERSION = '2.2.0';

export type ChallengeState = 'open' | 'completed' | 'failed' | 'used';

export interface ChallengeRecord {
  acsTransID: string;
  threeDSServerTransID: string;
  paymentType: PaymentType;
  flow: ThreeDFlow;
  notificationURL: string;
  state: ChallengeState;
  expiresAt: number;
  challengeWindowSize?: string;
  challengePreference?: string;
  exemptionReason?: string;
  continueWithoutLiabilityShift?: boolean;
}

/** What an InitAuth3D step keeps in `three_d`. */
export interface MethodRecord {
  threeDSServerTransID: string;
  methodNotificationURL?: string;
}

export type StoredThreeD = ThreeDResult & { challenge?: ChallengeRecord; method?: MethodRecord };

/** 3-D Secure members of a payment request (`paymentOption.card.threeD` and around it). */
export interface ThreeDRequest {
  methodCompletionInd?: string;
  notificationURL?: string;
  platformType?: string;
  challengeWindowSize?: string;
  challengePreference?: string;
  exemptionReason?: string;
  continueWithoutLiabilityShift?: boolean;
}

export interface MethodData {
  methodUrl: string;
  methodPayload: string;
  version: string;
  /** "false" for a card not enrolled in 3-D Secure 2: the payment after the step runs without it */
  v2supported: 'true' | 'false';
  serverTransId: string;
}

export interface ChallengeData {
  acsUrl: string;
  cReq: string;
  acsTransID: string;
  threeDSServerTransID: string;
}

export function storedThreeD(tx: Transaction): StoredThreeD | null {
  return tx.threeD as StoredThreeD | null;
}
