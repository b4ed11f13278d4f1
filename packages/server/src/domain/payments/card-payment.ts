import type { Minor } from '../../lib/money.js';
import { claimRecordOf, type IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { cardOutputOf, vaultCard, vaultEntryOf } from '../payment-methods/card-vault.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { AuthorizeOutcome, CardInput, ThreeDResult } from './acquirer.port.js';
import { checkCard } from './card.js';
import { type AcquirerUnavailable, drive } from './driver.js';
import { type GuardPlan, guardOfPlan } from './order-guard.js';
import { type OrderGuard, type PayCommand, type Run, transactionRowOf } from './origin.js';
import type { OutcomeHook } from './outcome-effects.js';
import { acquirerOptionsOf, checkProcessingOptions, isMerchantInitiated } from './processing-options.js';
import type { NewTransaction, Transaction, TransactionResult } from './transaction.types.js';

/** What a card payment may add to its stages. */
export interface PayOptions {
  idempotency?: IdempotencyClaim;
  guard?: OrderGuard;
  /** runs in the write that persists the pending transaction (e.g. recording a DCC conversion) */
  onPending?: (repos: Repos, tx: Transaction) => Promise<void>;
  /** runs in the write that records the outcome (a session's decline, a saved UPO) */
  onOutcome?: OutcomeHook;
  /**
   * the order's checks as data, run before `guard` (ADR 0817): with no `guard` and no `onPending`, the
   * pending write is one planned write with them as its guards
   */
  guardPlan?: GuardPlan;
}

/** Authorises, pre-authorises or sells with a card: its stages, run by the payment driver. */
export async function pay(deps: DomainDeps, cmd: PayCommand, options: PayOptions = {}): Promise<Run> {
  // validate
  const now = deps.clock.now();
  checkCard(cmd.card, now);
  checkProcessingOptions(cmd.type, cmd.amount, cmd.currency, cmd.options);
  const card = cardOutputOf(deps, cmd.card);
  // onto the fresh row: members written after a spread of it take V8's slow path (ADR 0665)
  const row = (cardVaultId: number | null): NewTransaction =>
    Object.assign(
      transactionRowOf(cmd.origin, now),
      {
        status: 'pending' as const,
        threeD: null,
        type: cmd.type,
        relatedTransactionId: cmd.relatedTransactionId ?? null,
        amount: cmd.amount,
        requestedAmount: cmd.amount,
        currency: cmd.currency,
        cardVaultId,
        card,
      },
      cmd.options ? { options: cmd.options } : {},
    );
  const planGuard = options.guardPlan && guardOfPlan(deps, options.guardPlan);
  // 3-D Secure: a frictionless flow attaches its result. A payment that skips the 3-D Secure steps
  // authenticates a challenge card as if frictionless (docs/decisions/0304); the steps and the
  // challenge pages are three-d-secure.service.ts (0310), which passes a challenge's result in `threeD`.
  let threeD: ThreeDResult | null = null;
  const run = await drive(deps, {
    name: `card ${cmd.type}`,
    requestId: cmd.origin.requestId,
    idempotency: options.idempotency,
    onOutcome: options.onOutcome,
    // the planned write unless something else writes in it (ADR 0817)
    ...(options.onPending || options.guard
      ? {}
      : { plannedPending: () => writePendingPlanned(deps, cmd.card, row(null), now, options) }),
    async pending(repos) {
      await planGuard?.(repos);
      await options.guard?.(repos);
      const tx = await repos.payments.insert(row(await vaultCard(deps, repos, cmd.card, now)));
      await options.onPending?.(repos, tx);
      return { tx };
    },
    call({ tx: pending }) {
      // A recurring or MIT payment has no cardholder present: it skips 3-D Secure (docs/decisions/0362).
      const mit = isMerchantInitiated(cmd.options);
      const flow = cmd.threeD ? 'given' : mit ? 'not-enrolled' : deps.acquirer.threeDFlow(cmd.card);
      if (cmd.threeD) threeD = cmd.threeD;
      else if (flow === 'challenge-then-decline') threeD = deps.acquirer.challengeResult(cmd.card, false);
      else if (flow !== 'not-enrolled')
        threeD = deps.acquirer.authenticateFrictionless(cmd.card, cmd.amount, cmd.currency);
      return deps.acquirer.authorize({
        transactionId: pending.id,
        kind: cmd.type,
        amount: cmd.amount,
        currency: cmd.currency,
        card: cmd.card,
        ...(cmd.billing ? { billing: cmd.billing } : {}),
        partialApproval: cmd.partialApproval,
        ...(threeD ? { threeD } : {}),
        ...acquirerOptionsOf(cmd.options),
      });
    },
    outcome: { result: (answer) => authorizeResult(answer, cmd.amount, threeD) },
  });
  return run.tx ? { tx: run.tx } : { replay: run.replay! };
}

/** The acquirer's answer to an authorisation as the transaction's result. */
export function authorizeResult(
  o: AuthorizeOutcome | AcquirerUnavailable,
  requested: Minor,
  threeD: ThreeDResult | null,
): TransactionResult {
  if (o.status === 'approved') {
    const partial = o.approvedAmount < requested;
    return {
      status: 'approved',
      amount: o.approvedAmount as Minor,
      partialApproval: partial,
      authCode: o.authCode,
      cvv2Code: o.cvv2Code,
      avsCode: o.avsCode,
      externalTransactionId: o.externalTransactionId,
      threeD,
    };
  }
  if (o.status === 'declined') {
    return {
      status: 'declined',
      cvv2Code: o.cvv2Code,
      avsCode: o.avsCode,
      externalTransactionId: o.externalTransactionId,
      errorCode: o.code,
      errorReason: o.reason,
      threeD,
    };
  }
  return { status: 'error', errorCode: o.code, errorReason: o.reason, threeD };
}

/**
 * A plain card payment's pending write as one planned write on the writer thread (ADR 0817): what
 * `pending` does, each of its checks a guard. Undefined when the store has no such write or a guard
 * stopped it (nothing written): the driver then runs `pending`, which answers as it always did (a
 * replay, 5300.1003, 1066, the order's refusal, an expired redirect closed first).
 */
async function writePendingPlanned(
  deps: DomainDeps,
  card: CardInput,
  transaction: NewTransaction,
  now: number,
  options: { idempotency?: IdempotencyClaim; guardPlan?: GuardPlan },
): Promise<{ tx: Transaction } | undefined> {
  const writePending = deps.storage.writePending;
  if (!writePending) return undefined;
  const claim = options.idempotency;
  const requestId = claim?.clientRequestId;
  // the site's setting read just before the write, as openOrder's planned write does (ADR 0814)
  const unique =
    requestId?.value !== undefined &&
    requestId.value !== null &&
    (await deps.storage.read.sessions.siteSettings(requestId.siteId))?.uniqueClientRequestId === true;
  const plan = options.guardPlan;
  const tx = await writePending.call(deps.storage, {
    transaction,
    vault: vaultEntryOf(deps, card),
    at: now,
    ...(claim ? { idempotency: claimRecordOf(claim, now) } : {}),
    ...(unique ? { clientRequestId: { siteId: requestId!.siteId, value: requestId!.value! } } : {}),
    ...(plan?.sessionToken !== undefined ? { sessionToken: plan.sessionToken } : {}),
    ...(plan?.orderId !== undefined ? { orderId: plan.orderId } : {}),
  });
  return tx ? { tx } : undefined;
}
