import type { FastifyRequest } from 'fastify';
import { restPaymentResponse } from '../render/rest-payment.render.js';
import { sessionTransactionFields } from '../render/session-transaction.render.js';
import { sessionThreeDResultMembers } from '../render/transaction-parts.js';
import type { ChallengeData, MethodData, ThreeDRequest } from '../domain/payments/three-d-secure.types.js';
import type { ThreeDResult } from '../domain/payments/acquirer.port.js';
import type { Transaction } from '../domain/payments/transaction.types.js';
import { obj, str } from './fields.js';

/** How the 3-D Secure steps read on both APIs (docs/decisions/0310). */

/** Where Gatehouse's ACS pages live, as the caller reached this server. */
export function baseUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The 3-D Secure members of a request: `paymentOption.card.threeD` (and the challenge preferences there). */
export function threeDRequestOf(card: unknown): ThreeDRequest | undefined {
  const r = obj(obj(card)?.threeD);
  if (!r) return undefined;
  const out: ThreeDRequest = {};
  const set = (k: keyof ThreeDRequest & string, v: string | undefined) => {
    if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  };
  set('methodCompletionInd', str(r.methodCompletionInd));
  set('notificationURL', str(r.notificationURL) ?? str(r.notificationUrl));
  set('platformType', str(r.platformType));
  set('challengeWindowSize', str(r.challengeWindowSize));
  set('challengePreference', str(r.challengePreference) ?? str(r.challenge_preference));
  set('exemptionReason', str(r.exemptionReason));
  const cwl = r.continueWithoutLiabilityShift;
  if (cwl === true || cwl === 'true' || cwl === '1' || cwl === 1) out.continueWithoutLiabilityShift = true;
  else if (cwl === false || cwl === 'false' || cwl === '0' || cwl === 0) out.continueWithoutLiabilityShift = false;
  return out;
}

export function methodNotificationUrlOf(card: unknown): string | undefined {
  const t = obj(obj(card)?.threeD);
  return str(t?.methodNotificationURL) ?? str(t?.methodNotificationUrl);
}

function withCardThreeD(fields: Record<string, unknown>, threeD: Record<string, unknown>): Record<string, unknown> {
  const option = (fields.paymentOption ?? {}) as { card?: Record<string, unknown> };
  return { ...fields, paymentOption: { ...option, card: { ...(option.card ?? {}), threeD } } };
}

const methodThreeD = (m: MethodData) => ({
  methodUrl: m.methodUrl,
  methodPayload: m.methodPayload,
  version: m.version,
  v2supported: m.v2supported,
  serverTransId: m.serverTransId,
});

const challengeThreeD = (tx: Transaction, c: ChallengeData) => ({
  acsUrl: c.acsUrl,
  cReq: c.cReq,
  acsTransID: c.acsTransID,
  serverTransId: c.threeDSServerTransID,
  version: tx.threeD?.version ?? '2.2.0',
  dsTransID: tx.threeD?.dsTransID ?? '',
  result: 'C',
  isLiabilityOnIssuer: '0',
});

/**
 * session initPayment: APPROVED with `paymentOption.card.threeD` of the method step. A card not enrolled
 * in 3-D Secure 2 answers `v2supported: "false"` with the other members empty, as the real gateway does
 * (docs/gateway-facts.md); the payment after it runs without 3-D Secure.
 */
export function sessionInitFields(tx: Transaction, m: MethodData): Record<string, unknown> {
  // the directory server's id and key: the simulated one has none to give
  const threeD =
    m.v2supported === 'false'
      ? {
          methodUrl: '',
          methodPayload: '',
          version: '',
          v2supported: 'false',
          serverTransId: '',
          directoryServerId: '',
          directoryServerPublicKey: '',
        }
      : { ...methodThreeD(m), directoryServerId: '', directoryServerPublicKey: '' };
  return withCardThreeD(sessionTransactionFields(tx), threeD);
}

/** session payment needing a challenge: `transactionStatus: REDIRECT` with `threeD {acsUrl, cReq}`. */
export function sessionChallengeFields(tx: Transaction, c: ChallengeData): Record<string, unknown> {
  return withCardThreeD(
    { ...sessionTransactionFields(tx), transactionStatus: 'REDIRECT' },
    Object.assign(sessionThreeDResultMembers(tx), { eci: '', cavv: '' }, challengeThreeD(tx, c)),
  );
}

/** REST: result `fingerprint` with the method URL data (also in actionDetails). */
export function restFingerprintResponse(tx: Transaction, m: MethodData): Record<string, unknown> {
  const r = restPaymentResponse(tx);
  return {
    ...withCardThreeD(r, methodThreeD(m)),
    result: { status: 'fingerprint' },
    actionDetails: { methodUrl: m.methodUrl, methodPayload: m.methodPayload, serverTransId: m.serverTransId },
  };
}

/**
 * REST: result `authenticated` (docs/decisions/0364): an authentication-only request whose 3-D Secure
 * succeeded (Y or A); the threeD output carries eci, cavv, dsTransID and the liability shift. A failed
 * authentication is `declined` with `Authentication Failed`. No money moved: transactionType is the step's.
 */
export function restAuthenticatedResponse(tx: Transaction, result: ThreeDResult): Record<string, unknown> {
  const r = restPaymentResponse(tx);
  const ok = result.status === 'Y' || result.status === 'A';
  return {
    ...withCardThreeD(r, {
      eci: result.eci,
      cavv: result.cavv,
      dsTransID: result.dsTransID,
      version: result.version,
      result: result.status,
      isLiabilityOnIssuer: result.isLiabilityOnIssuer ? '1' : '0',
    }),
    result: ok
      ? { status: 'authenticated' }
      : { status: 'declined', errors: { code: '05', reason: 'Authentication Failed' } },
  };
}

/** REST: result `challenge`, redirectUrl the ACS page, actionDetails {acsUrl, cReq}. */
export function restChallengeResponse(tx: Transaction, c: ChallengeData): Record<string, unknown> {
  const r = restPaymentResponse(tx);
  return {
    ...withCardThreeD(r, challengeThreeD(tx, c)),
    result: { status: 'challenge' },
    redirectUrl: c.acsUrl,
    actionDetails: { acsUrl: c.acsUrl, cReq: c.cReq },
  };
}
