import type { Minor } from '../../lib/money.js';
import { Invalid, TransactionRefused, UnknownRelatedTransaction } from '../errors.js';
import type { OutcomeHook } from './outcome-effects.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { CardInput, ThreeDFlow, ThreeDResult } from './acquirer.port.js';
import { checkCard } from './card.js';
import { pay } from './card-payment.js';
import { type OrderGuard, type Origin, type PayCommand, type Run, transactionRowOf } from './origin.js';
import { cardOutputOf, vaultCard } from '../payment-methods/card-vault.js';
import type { PaymentType, Transaction } from './transaction.types.js';
import { b64, challengeDataOf } from './three-d-secure.acs.js';
import {
  type ChallengeData,
  type ChallengeRecord,
  CHALLENGE_TTL_MS,
  INIT_AUTH_TTL_MS,
  type MethodData,
  type MethodRecord,
  type StoredThreeD,
  storedThreeD,
  THREE_D_VERSION,
  type ThreeDRequest,
} from './three-d-secure.types.js';

/**
 * 3-D Secure 2 (docs/decisions/0310): InitAuth3D (method URL), then a payment that
 * is either frictionless (paid at once) or needs a challenge (an `Auth3D`/`Sale3D` step whose ACS page
 * Gatehouse serves under `/acs/challenge/...`), then the final payment with the challenge's result.
 *
 * What spans requests lives in the step's `three_d` JSON (`ChallengeRecord`, three-d-secure.types.ts): the payment type, the
 * merchant's notification URL, the preferences asked for, and the challenge state. The card number
 * stays in the vault; no CVV is kept: the final payment call carries the card again, as the first did.
 */

/**
 * InitAuth3D: records the step (approved, no money moves) and answers the method URL data. The method
 * URL is Gatehouse's `/acs/method/<transactionId>` page; `methodPayload` is base64url JSON as in EMV
 * 3DS (`threeDSServerTransID`, `threeDSMethodNotificationURL`).
 */
export async function initAuth3D(
  deps: DomainDeps,
  cmd: {
    origin: Origin;
    amount: Minor;
    currency: string;
    card: CardInput;
    methodNotificationURL?: string;
    baseUrl: string;
  },
  guard?: OrderGuard,
): Promise<{ tx: Transaction; method: MethodData }> {
  const now = deps.clock.now();
  checkCard(cmd.card, now);
  const card = cardOutputOf(deps, cmd.card);
  const enrolled = deps.acquirer.threeDFlow(cmd.card) !== 'not-enrolled';
  const serverTransId = deps.ids.uuid();
  const method: MethodRecord = {
    threeDSServerTransID: serverTransId,
    ...(cmd.methodNotificationURL ? { methodNotificationURL: cmd.methodNotificationURL } : {}),
  };
  const tx = await deps.storage.write(async (repos) => {
    await guard?.(repos);
    const vaultId = await vaultCard(deps, repos, cmd.card, now);
    const threeD: StoredThreeD = {
      status: 'U',
      eci: '',
      cavv: '',
      dsTransID: '',
      isLiabilityOnIssuer: false,
      version: THREE_D_VERSION,
      method,
    };
    return repos.payments.insert({
      ...transactionRowOf(cmd.origin, now),
      type: 'InitAuth3D',
      status: 'approved',
      relatedTransactionId: null,
      amount: cmd.amount,
      requestedAmount: cmd.amount,
      currency: cmd.currency,
      cardVaultId: vaultId,
      card,
      threeD,
    });
  });
  return {
    tx,
    method: {
      methodUrl: `${cmd.baseUrl}/acs/method/${tx.id}`,
      methodPayload: b64({
        threeDSServerTransID: serverTransId,
        threeDSMethodNotificationURL: cmd.methodNotificationURL ?? '',
      }),
      version: THREE_D_VERSION,
      v2supported: enrolled ? 'true' : 'false',
      serverTransId,
    },
  };
}

export type ThreeDRun =
  | (Run & { challenge?: undefined; authenticated?: undefined })
  | { challenge: ChallengeData; tx: Transaction; replay?: undefined; authenticated?: undefined }
  /** authentication only (docs/decisions/0364): the 3-D Secure result, no authorisation; `tx` is the step */
  | { authenticated: ThreeDResult; tx: Transaction; replay?: undefined; challenge?: undefined };

export interface ThreeDPayCommand extends PayCommand {
  relatedTransactionId: string;
  threeDRequest: ThreeDRequest;
  baseUrl: string;
  mayReach(tx: Transaction): boolean;
  /** authentication only: end with the 3-D Secure result instead of an authorisation (docs/decisions/0364) */
  authenticateOnly?: boolean;
  /**
   * Runs in the first write of the payment that moves money only, not in the 3-D Secure steps: uses up a
   * one-time ccTempToken once, whatever steps came before (docs/decisions/0363).
   */
  onPayment?: OrderGuard;
  /** the payment (not a step): runs in the write that persists it pending (e.g. its DCC record, docs/decisions/0412) */
  onPending?: (repos: Repos, tx: Transaction) => Promise<void>;
  /** the payment (not a step): runs in the write that records its outcome */
  onOutcome?: OutcomeHook;
}

/**
 * A payment with `relatedTransactionId`:
 * - of an InitAuth3D: frictionless (and not enrolled) cards are paid at once; challenge cards get an
 *   `Auth3D`/`Sale3D` step and the challenge data (REDIRECT / `challenge`);
 * - of an Auth3D/Sale3D step: the final payment with the challenge's result (a failed, abandoned or
 *   expired challenge is status N, so the acquirer declines `Authentication Failed`).
 */
export async function payThreeD(deps: DomainDeps, cmd: ThreeDPayCommand, stepGuard?: OrderGuard): Promise<ThreeDRun> {
  const now = deps.clock.now();
  const onPayment = cmd.onPayment;
  // the steps take the order guard; the payment also the onPayment hook
  const guard: OrderGuard | undefined = onPayment
    ? async (repos) => {
        await stepGuard?.(repos);
        await onPayment(repos);
      }
    : stepGuard;
  const payOptions = {
    ...(guard ? { guard } : {}),
    ...(cmd.onPending ? { onPending: cmd.onPending } : {}),
    ...(cmd.onOutcome ? { onOutcome: cmd.onOutcome } : {}),
  };
  checkCard(cmd.card, now);
  if (!/^\d{1,20}$/.test(cmd.relatedTransactionId)) throw new UnknownRelatedTransaction();
  const step = await deps.storage.read.payments.find(cmd.relatedTransactionId);
  if (!step || !cmd.mayReach(step)) throw new UnknownRelatedTransaction();
  if (step.type !== 'InitAuth3D' && step.type !== 'Auth3D' && step.type !== 'Sale3D') {
    throw new Invalid('relatedTransactionId', 'must name an InitAuth3D or a 3-D Secure challenge (Auth3D, Sale3D)');
  }
  if (step.amount !== cmd.amount || step.currency !== cmd.currency) {
    throw new Invalid('amount', 'must be the amount and currency of the 3-D Secure authentication', 'amount');
  }
  if (step.type === 'InitAuth3D' && now > step.createdAt + INIT_AUTH_TTL_MS) {
    throw new TransactionRefused(
      'expired InitAuth3D',
      `The 3-D Secure authentication ${step.id} expired: an InitAuth3D must be continued within ${INIT_AUTH_TTL_MS / 60_000} minutes; start again with a new one`,
    );
  }
  // The same card as the authentication: its vault row is the same.
  const sameCard = await deps.storage.write(
    async (repos) => (await vaultCard(deps, repos, cmd.card, now)) === step.cardVaultId,
  );
  if (!sameCard)
    throw new Invalid('paymentOption.card', 'must be the card of the 3-D Secure authentication', 'payment_option');
  const payCmd: PayCommand = {
    origin: cmd.origin,
    type: cmd.type,
    amount: cmd.amount,
    currency: cmd.currency,
    card: cmd.card,
    ...(cmd.billing ? { billing: cmd.billing } : {}),
    partialApproval: cmd.partialApproval,
    relatedTransactionId: step.id,
    ...(cmd.options ? { options: cmd.options } : {}),
  };

  if (step.type === 'InitAuth3D') {
    const flow = deps.acquirer.threeDFlow(cmd.card);
    if (flow !== 'challenge' && flow !== 'challenge-then-decline') {
      if (cmd.authenticateOnly)
        return authenticatedAt(
          deps,
          step,
          deps.acquirer.authenticateFrictionless(cmd.card, cmd.amount, cmd.currency),
          now,
        );
      return pay(deps, payCmd, payOptions);
    }
    return startChallenge(deps, cmd, step, flow, stepGuard);
  }

  // The final payment of a challenge: the step moves to `used` once (compare-and-set), then pays.
  const text = await deps.storage.read.payments.threeDText(step.id);
  const stored = text === null ? null : (JSON.parse(text) as StoredThreeD);
  const challenge = stored?.challenge;
  if (!stored || !challenge || text === null) throw new UnknownRelatedTransaction();
  let state = challenge.state;
  if (state === 'used')
    throw new TransactionRefused('used', `The 3-D Secure challenge ${step.id} was already used for a payment`);
  if (state === 'open' && now <= challenge.expiresAt) {
    throw new TransactionRefused('challenge', `The 3-D Secure challenge ${step.id} is not completed yet`);
  }
  if (state === 'open') state = 'failed'; // expired: abandoned
  const type: PaymentType = challenge.paymentType;
  const completed = state === 'completed' && challenge.flow === 'challenge';
  const result = deps.acquirer.challengeResult(cmd.card, completed);
  const next: StoredThreeD = { ...result, challenge: { ...challenge, state: 'used' } };
  const swapped = await deps.storage.write((repos) =>
    repos.payments.swapThreeD(step.id, text, JSON.stringify(next), now),
  );
  if (!swapped)
    throw new TransactionRefused('used', `The 3-D Secure challenge ${step.id} was already used for a payment`);
  if (cmd.authenticateOnly) return { authenticated: result, tx: (await deps.storage.read.payments.find(step.id))! };
  return pay(deps, { ...payCmd, type, threeD: result }, payOptions);
}

/**
 * Authentication only, frictionless (docs/decisions/0364): the InitAuth3D step takes the 3-D Secure
 * result (once: compare-and-set on its stored JSON) and the caller answers `authenticated`.
 */
async function authenticatedAt(
  deps: DomainDeps,
  step: Transaction,
  result: ThreeDResult,
  now: number,
): Promise<ThreeDRun> {
  const text = await deps.storage.read.payments.threeDText(step.id);
  const stored = text === null ? null : (JSON.parse(text) as StoredThreeD);
  if (!stored || text === null || stored.status !== 'U' || stored.challenge) {
    throw new TransactionRefused('used', `The 3-D Secure authentication ${step.id} was already used`);
  }
  const next: StoredThreeD = { ...result, ...(stored.method ? { method: stored.method } : {}) };
  const swapped = await deps.storage.write((repos) =>
    repos.payments.swapThreeD(step.id, text, JSON.stringify(next), now),
  );
  if (!swapped) throw new TransactionRefused('used', `The 3-D Secure authentication ${step.id} was already used`);
  return { authenticated: result, tx: (await deps.storage.read.payments.find(step.id))! };
}

async function startChallenge(
  deps: DomainDeps,
  cmd: ThreeDPayCommand,
  init: Transaction,
  flow: ThreeDFlow,
  guard?: OrderGuard,
): Promise<ThreeDRun> {
  const now = deps.clock.now();
  // without a notificationURL (the PHP SDK's dynamic3D sends none) the cRes goes to Gatehouse's own
  // completion page (docs/decisions/0155); a URL sent must be one
  const notificationURL = cmd.threeDRequest.notificationURL || `${cmd.baseUrl}/acs/complete`;
  if (!/^https?:\/\/[^\s]+$/i.test(notificationURL) || notificationURL.length > 2000) {
    throw new Invalid(
      'paymentOption.card.threeD.notificationURL',
      'must be the http(s) URL that receives the challenge result (cRes)',
    );
  }
  const initThreeD = storedThreeD(init);
  const r = cmd.threeDRequest;
  const challenge: ChallengeRecord = {
    acsTransID: deps.ids.uuid(),
    threeDSServerTransID: initThreeD?.method?.threeDSServerTransID ?? deps.ids.uuid(),
    paymentType: cmd.type,
    flow,
    notificationURL,
    state: 'open',
    expiresAt: now + CHALLENGE_TTL_MS,
    ...(r.challengeWindowSize ? { challengeWindowSize: r.challengeWindowSize } : {}),
    ...(r.challengePreference ? { challengePreference: r.challengePreference } : {}),
    ...(r.exemptionReason ? { exemptionReason: r.exemptionReason } : {}),
    ...(r.continueWithoutLiabilityShift !== undefined
      ? { continueWithoutLiabilityShift: r.continueWithoutLiabilityShift }
      : {}),
  };
  const ares = deps.acquirer.authenticateFrictionless(cmd.card, cmd.amount, cmd.currency); // status C
  const threeD: StoredThreeD = { ...ares, challenge };
  const tx = await deps.storage.write(async (repos) => {
    await guard?.(repos);
    return repos.payments.insert({
      ...transactionRowOf(cmd.origin, now),
      type: cmd.type === 'Sale' ? 'Sale3D' : 'Auth3D',
      status: 'approved',
      relatedTransactionId: init.id,
      amount: cmd.amount,
      requestedAmount: cmd.amount,
      currency: cmd.currency,
      cardVaultId: init.cardVaultId,
      card: init.card,
      threeD,
    });
  });
  return { tx, challenge: challengeDataOf(tx, challenge, cmd.baseUrl) };
}
