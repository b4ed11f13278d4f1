import type { Minor } from '../../lib/money.js';
import { Invalid, TransactionRefused, UnknownRelatedTransaction } from '../errors.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import { IdempotencyMismatch, InFlight } from '../errors.js';
import { IDEMPOTENCY_TTL_MS } from '../idempotency/idempotency.service.js';
import {
  notificationId,
  notifyTransactionOutcome,
  outcomeNotifications,
  type OutcomeNotificationTargets,
} from '../notifications/notification.service.js';
import type { TransactionOutcome } from '../notifications/notification.types.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import type { AuthorizeOutcome, BillingInfo, CardInput, FollowUpOutcome, ThreeDResult } from './acquirer.port.js';
import { checkCard } from './card.js';
import { cardOutputOf, vaultCard, vaultEntryOf } from '../payment-methods/card-vault.js';
import { outcomeOf } from './transaction.facts.js';
import type { IdempotencyRecord } from '../idempotency/ports.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { OutcomeHook } from './outcome-effects.js';
import { decideFollowUp } from './transaction.machine.js';
import type {
  FollowUpType,
  NewTransaction,
  PaymentType,
  ProcessingOptions,
  Transaction,
  TransactionResult,
} from './transaction.types.js';

/**
 * The payments pipeline (DESIGN.md): validate, load, decide, persist the attempt as `pending` in one
 * write (written ahead: committed, not waited on the disk), call the acquirer, persist the outcome and
 * its notifications in a second, durable write: one durable commit per payment. A crash
 * between the two leaves a pending row that `recoverPendingTransactions` closes without calling the
 * acquirer again, so money never moves twice.
 */

/**
 * The pending write of a payment is written ahead (docs/decisions/0616): committed, not waited on
 * the disk. The acquirer is called once it is committed, so a kill -9 after the call finds the
 * pending row (recovery closes it); the outcome's durable write makes both durable, in WAL order.
 */
export const WRITE_AHEAD = { durable: false } as const;

/** Where the transaction comes from and whom its outcome is told. */
export interface Origin {
  via: 'rest' | 'session';
  merchantId: string;
  siteId: string;
  entityId: string | null;
  orderId: number | null;
  sessionId: string | null;
  clientUniqueId?: string | null;
  clientRequestId?: string | null;
  merchantTransactionId?: string | null;
  productId?: string | null;
  userTokenId?: string | null;
  /** REST: the order's (or request's) webhookUrl */
  webhookUrl?: string | null;
  /** session: urlDetails.notificationUrl of the request or its order; else the site's */
  notificationUrl?: string | null;
}

export interface PayCommand {
  origin: Origin;
  type: PaymentType;
  amount: Minor;
  currency: string;
  card: CardInput;
  billing?: BillingInfo;
  partialApproval: boolean;
  /** 3-D Secure: the InitAuth3D or Auth3D/Sale3D step this payment completes */
  relatedTransactionId?: string;
  /** 3-D Secure: the result already obtained (a challenge's), instead of asking the acquirer */
  threeD?: ThreeDResult;
  /** rebill, zero-amount and MCP options, passed to the acquirer and recorded (docs/decisions/0362) */
  options?: ProcessingOptions;
}

/** A recurring or merchant-initiated payment: no cardholder is present, so no 3-D Secure (docs/decisions/0362). */
export function isMerchantInitiated(options: ProcessingOptions | undefined): boolean {
  const step = options?.rebill?.step;
  return options?.isRebilling === true || step === 'recurring' || step === 'MIT';
}

/**
 * The business rules of the processing options: an amount of 0 only for an Auth or PreAuth that says
 * why (zeroAmountReason or authenticationOnlyType); MCP only into another currency.
 */
export function checkProcessingOptions(
  type: PaymentType,
  amount: Minor,
  currency: string,
  options: ProcessingOptions | undefined,
): void {
  const zeroReason = options?.zeroAmountReason ?? options?.authenticationOnlyType;
  if (amount === 0 && (type === 'Sale' || zeroReason === undefined)) {
    throw new Invalid('amount', 'may be 0 only for an Auth or PreAuth with zeroAmountReason or authenticationOnlyType', 'amount');
  }
  if (zeroReason !== undefined && amount !== 0) {
    throw new Invalid(
      options?.zeroAmountReason !== undefined ? 'zeroAmountReason' : 'authenticationOnlyType',
      'needs an amount of 0',
    );
  }
  const mcp = options?.currencyConversion;
  if (mcp && mcp.originalCurrency === currency) {
    throw new Invalid('currencyConversion.originalCurrency', 'must differ from the charged currency');
  }
}

export interface FollowUpCommand {
  origin: Origin;
  type: FollowUpType;
  relatedTransactionId: string;
  /** absent (a void sent without amount and currency, docs/decisions/0370): the related transaction's */
  amount?: Minor;
  currency?: string;
  /** may the caller act on this transaction? (its merchant, site or entity, its order) */
  mayReach(repos: Repos, tx: Transaction): Promise<boolean>;
}

/**
 * An idempotency key (REST `idempotency-key`, or a signed session body, docs/decisions/0805): the first
 * request's rendered response is replayed.
 */
export interface IdempotencyClaim {
  entityId: string;
  scope: string;
  key: string;
  requestHash: string;
  /** the first answer, stored in the outcome's write; `upoId`: the UPO the payment paid with or saved */
  render(tx: Transaction, upoId?: string): StoredResponse;
  /** session: the answer without the transaction's members, which recovery completes */
  frame?: string;
  /** session: the request's clientRequestId, claimed once a site asks for unique ones (0104) */
  clientRequestId?: { siteId: string; value: string | null };
  /** how long the record is kept; default IDEMPOTENCY_TTL_MS (a signed session body: its timeStamp window, 0822) */
  ttlMs?: number;
}

export type Run = { tx: Transaction; replay?: undefined } | { replay: StoredResponse; tx?: undefined };

/** Checks an order before a payment on it: held by the caller (lock), answering refusals. */
export type OrderGuard = (repos: Repos) => Promise<void>;

/** Authorises, pre-authorises or sells with a card. */
export async function pay(
  deps: DomainDeps,
  cmd: PayCommand,
  options: {
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
  } = {},
): Promise<Run> {
  const now = deps.clock.now();
  checkCard(cmd.card, now);
  checkProcessingOptions(cmd.type, cmd.amount, cmd.currency, cmd.options);
  const card = cardOutputOf(deps, cmd.card);
  const row = (cardVaultId: number | null): NewTransaction => ({
    ...transactionRowOf(cmd.origin, now),
    status: 'pending',
    threeD: null,
    type: cmd.type,
    relatedTransactionId: cmd.relatedTransactionId ?? null,
    amount: cmd.amount,
    requestedAmount: cmd.amount,
    currency: cmd.currency,
    cardVaultId,
    card,
    ...(cmd.options ? { options: cmd.options } : {}),
  });
  // the closure below unless every check is known as data and nothing else writes (ADR 0817)
  const planned =
    options.onPending || options.guard ? undefined : await writePendingPlanned(deps, cmd.card, row(null), now, options);
  const planGuard = options.guardPlan && guardOfPlan(deps, options.guardPlan);
  const first =
    planned ??
    (await deps.storage.write(async (repos): Promise<Run> => {
      const replay = await claimKey(repos, options.idempotency, now);
      if (replay) return { replay };
      await planGuard?.(repos);
      await options.guard?.(repos);
      const tx = await repos.payments.insert(row(await vaultCard(deps, repos, cmd.card, now)));
      await attachKey(repos, options.idempotency, tx);
      await options.onPending?.(repos, tx);
      return { tx };
    }, WRITE_AHEAD));
  if (!first.tx) return first;
  const pending = first.tx;

  // 3-D Secure: a frictionless flow attaches its result. A payment that skips the 3-D Secure steps
  // authenticates a challenge card as if frictionless (docs/decisions/0304); the steps and the
  // challenge pages are three-d-secure.service.ts (0310), which passes a challenge's result in `threeD`.
  let threeD: ThreeDResult | null = null;
  let outcome: AuthorizeOutcome;
  try {
    // A recurring or MIT payment has no cardholder present: it skips 3-D Secure (docs/decisions/0362).
    const mit = isMerchantInitiated(cmd.options);
    const flow = cmd.threeD ? 'given' : mit ? 'not-enrolled' : deps.acquirer.threeDFlow(cmd.card);
    if (cmd.threeD) threeD = cmd.threeD;
    else if (flow === 'challenge-then-decline') threeD = deps.acquirer.challengeResult(cmd.card, false);
    else if (flow !== 'not-enrolled')
      threeD = deps.acquirer.authenticateFrictionless(cmd.card, cmd.amount, cmd.currency);
    outcome = await deps.acquirer.authorize({
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
  } catch {
    outcome = { status: 'error', reason: 'Acquirer unavailable', code: '-1100' };
  }
  return {
    tx: await finish(deps, pending, authorizeResult(outcome, cmd.amount, threeD), options.idempotency, options.onOutcome),
  };
}

/** The processing options as the acquirer port takes them. */
export function acquirerOptionsOf(o: ProcessingOptions | undefined) {
  if (!o) return {};
  return {
    ...(o.rebill ? { rebill: o.rebill } : {}),
    ...(o.isRebilling !== undefined ? { isRebilling: o.isRebilling } : {}),
    ...(o.zeroAmountReason ? { zeroAmountReason: o.zeroAmountReason } : {}),
    ...(o.authenticationOnlyType ? { authenticationOnlyType: o.authenticationOnlyType } : {}),
    ...(o.currencyConversion
      ? {
          currencyConversion: {
            ...o.currencyConversion,
            originalAmount: o.currencyConversion.originalAmount as number,
          },
        }
      : {}),
  };
}

function authorizeResult(o: AuthorizeOutcome, requested: Minor, threeD: ThreeDResult | null): TransactionResult {
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

/** The columns every new transaction row takes from its origin. */
export function transactionRowOf(o: Origin, now: number) {
  return {
    merchantId: o.merchantId,
    siteId: o.siteId,
    entityId: o.entityId,
    interface: o.via,
    orderId: o.orderId,
    sessionId: o.sessionId,
    partialApproval: false,
    authCode: null,
    cvv2Code: null,
    avsCode: null,
    externalTransactionId: null,
    errorCode: null,
    errorReason: null,
    clientUniqueId: o.clientUniqueId ?? null,
    clientRequestId: o.clientRequestId ?? null,
    merchantTransactionId: o.merchantTransactionId ?? null,
    productId: o.productId ?? null,
    userTokenId: o.userTokenId ?? null,
    webhookUrl: o.webhookUrl ?? null,
    notificationUrl: o.notificationUrl ?? null,
    createdAt: now,
  } satisfies Partial<NewTransaction>;
}

/**
 * An order guard (`OrderGuard`) as data, for the planned pending write (ADR 0817): the session it
 * touches, the order it locks and refuses while its last payment is approved or pending.
 */
export interface GuardPlan {
  sessionToken?: string;
  orderId?: number;
}

/** A plan's checks as the closure runs them: the session's last use, then the order's lock and refusal. */
export function guardOfPlan(deps: DomainDeps, plan: GuardPlan): OrderGuard | undefined {
  const { sessionToken, orderId } = plan;
  if (sessionToken === undefined && orderId === undefined) return undefined;
  return async (repos) => {
    const now = deps.clock.now();
    if (sessionToken !== undefined) await repos.sessions.touch(sessionToken, now);
    if (orderId !== undefined) await guardOrderPayment(repos, deps.render, orderId, now);
  };
}

/**
 * A plain card payment's pending write as one planned write on the writer thread (ADR 0817): what the
 * closure of `pay` does, each of its checks a guard. Undefined when the store has no such write or a
 * guard stopped it (nothing written): the closure then runs and answers as it always did (a replay,
 * 5300.1003, 1066, the order's refusal, an expired redirect closed first).
 */
async function writePendingPlanned(
  deps: DomainDeps,
  card: CardInput,
  transaction: NewTransaction,
  now: number,
  options: { idempotency?: IdempotencyClaim; guardPlan?: GuardPlan },
): Promise<Run | undefined> {
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

/** Settles, refunds or voids a transaction: the state checks and the reservation in one write. */
export async function followUp(
  deps: DomainDeps,
  cmd: FollowUpCommand,
  options: {
    idempotency?: IdempotencyClaim;
    /** runs in the first write, after the pending transaction is reserved (a withdrawal order claims itself) */
    onPending?: (repos: Repos, tx: Transaction) => Promise<void>;
    /** runs in the second write, with the final transaction */
    onOutcome?: OutcomeHook;
  } = {},
): Promise<Run> {
  const now = deps.clock.now();
  if (!/^\d{1,20}$/.test(cmd.relatedTransactionId)) throw new UnknownRelatedTransaction();
  const first = await deps.storage.write(async (repos): Promise<Run & { parent?: Transaction }> => {
    const replay = await claimKey(repos, options.idempotency, now);
    if (replay) return { replay };
    const parent = await repos.payments.find(cmd.relatedTransactionId);
    if (!parent || !(await cmd.mayReach(repos, parent))) throw new UnknownRelatedTransaction();
    const amount = cmd.amount ?? parent.amount;
    const currency = cmd.currency ?? parent.currency;
    const refuseUnless = (p: Transaction) => {
      const d = decideFollowUp(p, cmd.type, amount, currency, now);
      if (!d.ok) throw new TransactionRefused(d.state, d.reason);
    };
    refuseUnless(parent);
    const origin: Origin = {
      ...cmd.origin,
      orderId: parent.orderId,
      sessionId: parent.sessionId,
      productId: cmd.origin.productId ?? parent.productId,
      userTokenId: cmd.origin.userTokenId ?? parent.userTokenId,
      merchantTransactionId: cmd.origin.merchantTransactionId ?? parent.merchantTransactionId,
      webhookUrl: cmd.origin.webhookUrl ?? parent.webhookUrl,
      notificationUrl: cmd.origin.notificationUrl ?? parent.notificationUrl,
    };
    const tx = await repos.payments.insert({
      ...transactionRowOf(origin, now),
      status: 'pending',
      threeD: null,
      type: cmd.type,
      relatedTransactionId: parent.id,
      amount,
      requestedAmount: amount,
      currency,
      cardVaultId: parent.cardVaultId,
      card: parent.card,
    });
    await attachKey(repos, options.idempotency, tx);
    // The conditional update is the guard against concurrent follow-ups (a row lock on PostgreSQL).
    const reserved =
      cmd.type === 'Void'
        ? await repos.payments.reserveVoid(parent.id, tx.id, now)
        : await repos.payments.reserve(parent.id, cmd.type === 'Settle' ? 'settle' : 'refund', amount, now);
    if (!reserved) {
      const fresh = (await repos.payments.find(parent.id))!;
      refuseUnless(fresh);
      throw new TransactionRefused(
        'busy',
        `Cannot ${cmd.type.toLowerCase()} transaction ${parent.id} now: another operation holds it`,
      );
    }
    await options.onPending?.(repos, tx);
    return { tx, parent };
  }, WRITE_AHEAD);
  if (!first.tx) return first;
  const { tx: pending, parent } = first;

  let outcome: FollowUpOutcome;
  try {
    const req = {
      transactionId: pending.id,
      relatedExternalTransactionId: parent!.externalTransactionId ?? parent!.id,
      amount: pending.amount,
      currency: pending.currency,
    };
    const acquirer = deps.acquirer;
    outcome =
      cmd.type === 'Settle'
        ? await acquirer.capture(req)
        : cmd.type === 'Refund'
          ? await acquirer.refund(req)
          : await acquirer.void(req);
  } catch {
    outcome = { status: 'error', reason: 'Acquirer unavailable', code: '-1100' };
  }
  const result: TransactionResult =
    outcome.status === 'approved'
      ? { status: 'approved', authCode: outcome.authCode, externalTransactionId: outcome.externalTransactionId }
      : { status: outcome.status, errorCode: outcome.code, errorReason: outcome.reason };
  return { tx: await finish(deps, pending, result, options.idempotency, options.onOutcome) };
}

/**
 * The second write: the outcome, the reservations it frees, its notifications and the idempotency
 * record's response, all in one transaction.
 */
async function finish(
  deps: DomainDeps,
  pending: Transaction,
  result: TransactionResult,
  idempotency?: IdempotencyClaim,
  onOutcome?: OutcomeHook,
): Promise<Transaction> {
  const now = deps.clock.now();
  // A payment whose outcome touches nothing else (no reservation to free, no hook that writes) is
  // written as one planned write, on the writer thread on SQLite (ADR 0814).
  const hookWrites = onOutcome ? (onOutcome.writesFor?.(result) ?? true) : false;
  const planned =
    pending.relatedTransactionId === null && !hookWrites
      ? await finishPlanned(deps, pending, result, now, idempotency)
      : undefined;
  if (planned) return planned;
  return deps.storage.write(async (repos) => {
    const tx = await settleOutcome(repos, deps.render, pending, result, now);
    await onOutcome?.(repos, tx, now);
    await completeKey(repos, idempotency, tx);
    return tx;
  });
}

/**
 * The outcome's write as data (ADR 0814): the transaction as `complete` leaves it, its notifications
 * and its idempotency answer, rendered before the write; the site's webhook and DMN addresses read
 * just before it. Undefined when the store has no such write or the transaction is no longer pending
 * (recovered meanwhile): the caller's closure then answers the stored outcome.
 */
async function finishPlanned(
  deps: DomainDeps,
  pending: Transaction,
  result: TransactionResult,
  now: number,
  idempotency: IdempotencyClaim | undefined,
): Promise<Transaction | undefined> {
  const writeOutcome = deps.storage.writeOutcome;
  if (!writeOutcome) return undefined;
  const tx = completedTransaction(pending, result, now);
  const events = await outcomeNotifications(
    deps.storage.read,
    deps.render,
    await notificationTargets(deps.storage.read, deps.render, tx, now),
  );
  const answer = idempotency?.render(tx);
  const written = await writeOutcome.call(deps.storage, {
    transactionId: pending.id,
    result,
    at: now,
    notifications: events.map((event) => ({ id: notificationId(event, now), event })),
    ...(idempotency && answer
      ? { idempotency: { entityId: idempotency.entityId, scope: idempotency.scope, key: idempotency.key, ...answer } }
      : {}),
  });
  return written ? tx : undefined;
}

/** A pending transaction as `PaymentRepo.complete` leaves its row, read back. */
function completedTransaction(p: Transaction, r: TransactionResult, now: number): Transaction {
  const pick = <T>(v: T | undefined, was: T) => (v === undefined ? was : v);
  return {
    ...p,
    status: r.status,
    amount: pick(r.amount, p.amount),
    partialApproval: pick(r.partialApproval, p.partialApproval),
    authCode: pick(r.authCode, p.authCode),
    cvv2Code: pick(r.cvv2Code, p.cvv2Code),
    avsCode: pick(r.avsCode, p.avsCode),
    externalTransactionId: pick(r.externalTransactionId, p.externalTransactionId),
    threeD: pick(r.threeD, p.threeD),
    errorCode: pick(r.errorCode, p.errorCode),
    errorReason: pick(r.errorReason, p.errorReason),
    apm: pick(r.apm, p.apm ?? null),
    awaiting: null,
    options: p.options ?? null,
    updatedAt: now,
  };
}

/** Records the outcome of a pending transaction, frees what it no longer holds, and queues its notifications. */
export async function settleOutcome(
  repos: Repos,
  render: Renderers,
  pending: Transaction,
  result: TransactionResult,
  now: number,
): Promise<Transaction> {
  if (!(await repos.payments.complete(pending.id, result, now))) {
    // Already closed (recovered meanwhile): the stored outcome stands.
    return (await repos.payments.find(pending.id))!;
  }
  const tx = (await repos.payments.find(pending.id))!;
  const related = tx.relatedTransactionId;
  if (related !== null) {
    if (tx.status !== 'approved') {
      if (tx.type === 'Settle') await repos.payments.release(related, 'settle', tx.amount, now);
      if (tx.type === 'Refund') await repos.payments.release(related, 'refund', tx.amount, now);
      if (tx.type === 'Void') await repos.payments.releaseVoid(related, tx.id, now);
    } else if (tx.type === 'Void') {
      // A voided settle gives its amount back to the authorisation; a voided refund, to what it refunded.
      const target = await repos.payments.find(related);
      if (target?.relatedTransactionId) {
        if (target.type === 'Settle')
          await repos.payments.release(target.relatedTransactionId, 'settle', target.amount, now);
        if (target.type === 'Refund')
          await repos.payments.release(target.relatedTransactionId, 'refund', target.amount, now);
      }
    }
  }
  await notifyTransaction(repos, render, tx, now);
  return tx;
}

/**
 * Queues the DMN and the webhook of a transaction's state, in the caller's write; `extra` adds to the
 * outcome what only the caller knows (a payout's method and UPO).
 */
export async function notifyTransaction(
  repos: Repos,
  render: Renderers,
  tx: Transaction,
  now: number,
  extra: Partial<TransactionOutcome> = {},
): Promise<void> {
  await notifyTransactionOutcome(repos, render, await notificationTargets(repos, render, tx, now, extra), now);
}

/** Whom a transaction's state is told, and what: the webhook's and the DMN's addresses and data. */
async function notificationTargets(
  repos: Pick<Repos, 'platform'>,
  render: Renderers,
  tx: Transaction,
  now: number,
  extra: Partial<TransactionOutcome> = {},
): Promise<OutcomeNotificationTargets> {
  return {
    outcome: { ...outcomeOf(tx, now), ...extra },
    // A REST transaction without urlDetails.webhookUrl: the site's webhook URL (docs/decisions/0907).
    webhookUrl: tx.webhookUrl ?? (tx.interface === 'rest' ? await repos.platform.siteWebhookUrl(tx.siteId) : null),
    webhookFromSite: !tx.webhookUrl,
    notificationUrl: tx.notificationUrl,
    webhookData: render.webhookData(tx),
  };
}

/**
 * Claims an idempotency key in the first write. A key already used answers its stored response; one
 * whose first request has not finished is `InFlight` (409 5300.1003); another body is a mismatch.
 */
export async function claimKey(
  repos: Repos,
  claim: IdempotencyClaim | undefined,
  now: number,
): Promise<StoredResponse | undefined> {
  if (!claim) return undefined;
  const record = claimRecordOf(claim, now);
  if (!(await repos.idempotency.claim(record))) {
    const existing = await repos.idempotency.find(claim.entityId, claim.scope, claim.key);
    if (existing && existing.expiresAt > now) {
      if (existing.requestHash !== claim.requestHash) throw new IdempotencyMismatch();
      if (existing.responseStatus === null || existing.responseBody === null) throw new InFlight();
      return { status: existing.responseStatus, body: existing.responseBody };
    }
    await repos.idempotency.remove(claim.entityId, claim.scope, claim.key);
    await repos.idempotency.claim(record);
  }
  // A replay answers its first answer above; a new request spends its clientRequestId (0104).
  if (claim.clientRequestId) await claimClientRequestId(repos, claim.clientRequestId.siteId, claim.clientRequestId.value, now);
  return undefined;
}

/** The record that claims a key: no answer yet, no transaction yet. */
function claimRecordOf(claim: IdempotencyClaim, now: number): IdempotencyRecord {
  return {
    entityId: claim.entityId,
    scope: claim.scope,
    key: claim.key,
    requestHash: claim.requestHash,
    responseStatus: null,
    responseBody: null,
    createdAt: now,
    expiresAt: now + (claim.ttlMs ?? IDEMPOTENCY_TTL_MS),
    transactionId: null,
    replayFrame: claim.frame ?? null,
  };
}

/** Names the transaction a claimed key's request created, in the write that creates it (0805). */
export async function attachKey(repos: Repos, claim: IdempotencyClaim | undefined, tx: Transaction): Promise<void> {
  if (claim) await repos.idempotency.attach(claim.entityId, claim.scope, claim.key, tx.id);
}

/** Completes a claimed key with the transaction's final answer, in the write of the outcome. */
export async function completeKey(repos: Repos, claim: IdempotencyClaim | undefined, tx: Transaction): Promise<void> {
  if (!claim) return;
  const rendered = claim.render(tx);
  await repos.idempotency.complete(claim.entityId, claim.scope, claim.key, rendered.status, rendered.body);
}

/**
 * The final answer of a request whose transaction recovery closed: REST records answer the payment
 * response; session records their stored envelope with the transaction's members (docs/decisions/0805).
 */
export function recoveredAnswer(render: Renderers, record: IdempotencyRecord, tx: Transaction): StoredResponse {
  return { status: 200, body: render.recoveredAnswer(tx, record.replayFrame ?? null) };
}

/** Finishes the open idempotency records of a transaction recovery closed, in recovery's write. */
export async function finishRecoveredKeys(repos: Repos, render: Renderers, tx: Transaction): Promise<void> {
  for (const record of await repos.idempotency.openFor(tx.id)) {
    const answer = recoveredAnswer(render, record, tx);
    await repos.idempotency.complete(record.entityId, record.scope, record.key, answer.status, answer.body);
  }
}

/** How long a pending transaction may wait for its acquirer call before recovery may close it. */
export const PENDING_GRACE_MS = 5 * 60 * 1000;

/**
 * Closes transactions left `pending` by a crash between the two writes: each becomes `error` with
 * reason `recovered`, its reservations are freed and its outcome notified. The acquirer is not
 * called again, so money never moves twice (docs/decisions/0303). Only transactions older than
 * `graceMs` are touched, so another node's call in flight is left alone.
 */
export async function recoverPendingTransactions(
  deps: DomainDeps,
  options: { graceMs?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const before = now - (options.graceMs ?? PENDING_GRACE_MS);
  let total = 0;
  for (;;) {
    const batch = await deps.storage.read.payments.pendingBefore(before, 100);
    if (batch.length === 0) return total;
    await deps.storage.write(async (repos) => {
      for (const tx of batch) {
        const closed = await settleOutcome(repos, deps.render, tx, { status: 'error', errorCode: '-1100', errorReason: 'recovered' }, now);
        // a retry with the request's key now replays this final answer, not 5300.1003 (0805)
        await finishRecoveredKeys(repos, deps.render, closed);
      }
    });
    total += batch.length;
    if (batch.length < 100) return total;
  }
}

/** The amount of an order payment must be the order's, or lie within its openAmount. */
export function checkOrderAmount(
  order: { amount: Minor; currency: string; openAmount: { min: Minor; max: Minor } | null },
  amount: Minor,
  currency: string,
): void {
  if (currency !== order.currency) throw new Invalid('currency', `must be the order's currency ${order.currency}`, 'currency');
  if (order.openAmount) {
    if (amount < order.openAmount.min || amount > order.openAmount.max) {
      throw new Invalid('amount', 'must lie within the order openAmount', 'amount');
    }
  } else if (amount !== order.amount) {
    throw new Invalid('amount', 'must be the order amount', 'amount');
  }
}

/** A redirect APM payment the shopper has not answered within this window is declined (ADR 0360). */
export const APM_REDIRECT_TTL_MS = 30 * 60 * 1000;

/** Whether `tx` is a redirect APM payment still waiting on a shopper who let its window pass. */
export function isExpiredRedirect(tx: Transaction, now: number): boolean {
  return tx.status === 'pending' && tx.awaiting === 'shopper' && now >= tx.createdAt + APM_REDIRECT_TTL_MS;
}

/**
 * Declines an expired redirect APM payment in the caller's write, as an operator's decline would
 * (order freed, DMN and webhook): code 68, the ISO 8583 "response received too late".
 */
export function expireRedirect(repos: Repos, render: Renderers, tx: Transaction, now: number): Promise<Transaction> {
  return settleOutcome(
    repos,
    render,
    tx,
    {
      status: 'declined',
      errorCode: '68',
      errorReason: 'Expired: the shopper did not answer the payment page in time',
      ...(tx.apm ? { apm: { ...tx.apm, completedBy: 'expiry' as const } } : {}),
    },
    now,
  );
}

/**
 * Refuses a second payment on an order already paid or being paid. A redirect APM payment whose
 * window has passed is declined first, so the order can be paid again.
 */
export async function guardOrderPayment(repos: Repos, render: Renderers, orderId: number, now: number): Promise<void> {
  await repos.orders.lock(orderId, now);
  let last = await repos.payments.lastPaymentOfOrder(orderId);
  if (last && isExpiredRedirect(last, now)) last = await expireRedirect(repos, render, last, now);
  if (last && (last.status === 'approved' || last.status === 'pending')) {
    throw new TransactionRefused(
      `${last.status} ${last.type}`,
      last.status === 'pending'
        ? 'Cannot pay this order: a payment is in progress'
        : `Cannot pay this order: transaction ${last.id} already paid it`,
    );
  }
}
