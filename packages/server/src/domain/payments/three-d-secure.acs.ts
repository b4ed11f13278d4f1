import type { DomainDeps } from '../ports.js';
import {
  type ChallengeData,
  type ChallengeRecord,
  type ChallengeState,
  type StoredThreeD,
  storedThreeD,
  THREE_D_VERSION,
} from './three-d-secure.types.js';
import type { Transaction } from './transaction.types.js';

/**
 * The simulated issuer's side of 3-D Secure (docs/decisions/0361): the challenge data a payment answers
 * (its CReq), the method step's notification, and the cardholder's answer on the ACS page.
 */

export const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function challengeDataOf(tx: Transaction, c: ChallengeRecord, baseUrl: string): ChallengeData {
  return {
    acsUrl: `${baseUrl}/acs/challenge/${tx.id}-${c.acsTransID}`,
    cReq: b64({
      threeDSServerTransID: c.threeDSServerTransID,
      acsTransID: c.acsTransID,
      messageType: 'CReq',
      messageVersion: THREE_D_VERSION,
      challengeWindowSize: c.challengeWindowSize ?? '05',
    }),
    acsTransID: c.acsTransID,
    threeDSServerTransID: c.threeDSServerTransID,
  };
}

/**
 * The method step's notification (EMV 3DS, docs/decisions/0361): where the method page posts
 * `threeDSMethodData` (base64url JSON `{threeDSServerTransID}`) once the "fingerprint" is taken,
 * when the InitAuth3D named a methodNotificationURL.
 */
export async function methodNotificationOf(
  deps: DomainDeps,
  id: string,
): Promise<{ url: string; threeDSMethodData: string } | undefined> {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const tx = await deps.storage.read.payments.find(id);
  if (!tx || tx.type !== 'InitAuth3D') return undefined;
  const method = storedThreeD(tx)?.method;
  const url = method?.methodNotificationURL;
  if (!method || !url || !/^https?:\/\/\S+$/i.test(url)) return undefined;
  return { url, threeDSMethodData: b64({ threeDSServerTransID: method.threeDSServerTransID }) };
}

/** The challenge step behind an ACS reference `<transactionId>-<acsTransID>`, when it is one. */
export async function findChallenge(
  deps: DomainDeps,
  ref: string,
): Promise<{ tx: Transaction; challenge: ChallengeRecord; text: string } | undefined> {
  const m = /^(\d{1,20})-([0-9a-f-]{36})$/.exec(ref);
  if (!m) return undefined;
  const tx = await deps.storage.read.payments.find(m[1]!);
  if (!tx || (tx.type !== 'Auth3D' && tx.type !== 'Sale3D')) return undefined;
  const text = await deps.storage.read.payments.threeDText(tx.id);
  const challenge = text === null ? undefined : (JSON.parse(text) as StoredThreeD).challenge;
  if (!challenge || text === null || challenge.acsTransID !== m[2]) return undefined;
  return { tx, challenge, text };
}

/**
 * The cardholder completes or fails the challenge on the ACS page: the step moves from `open` once.
 * Answers the cRes (base64url JSON, transStatus Y or N) and where to post it, or undefined when the
 * challenge is no longer open (already answered or expired).
 */
export async function answerChallenge(
  deps: DomainDeps,
  ref: string,
  completed: boolean,
): Promise<{ cRes: string; notificationURL: string; transStatus: 'Y' | 'N' } | undefined> {
  const now = deps.clock.now();
  const found = await findChallenge(deps, ref);
  if (!found || found.challenge.state !== 'open' || now > found.challenge.expiresAt) return undefined;
  const { tx, challenge, text } = found;
  const state: ChallengeState = completed ? 'completed' : 'failed';
  const stored = JSON.parse(text) as StoredThreeD;
  const next: StoredThreeD = { ...stored, challenge: { ...challenge, state } };
  const swapped = await deps.storage.write((repos) =>
    repos.payments.swapThreeD(tx.id, text, JSON.stringify(next), now),
  );
  if (!swapped) return undefined;
  const transStatus = completed && challenge.flow === 'challenge' ? 'Y' : 'N';
  return {
    notificationURL: challenge.notificationURL,
    transStatus,
    cRes: b64({
      threeDSServerTransID: challenge.threeDSServerTransID,
      acsTransID: challenge.acsTransID,
      messageType: 'CRes',
      messageVersion: THREE_D_VERSION,
      transStatus,
    }),
  };
}
