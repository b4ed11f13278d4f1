import type { Minor } from '../../lib/money.js';
import { Invalid, MethodNotEnabled, Missing, NotFound, TransactionRefused, UnsupportedCurrency } from '../errors.js';
import type { OutcomeHook } from './outcome-effects.js';
import type { DomainDeps, Renderers, Repos } from '../ports.js';
import type { ApmMethodInfo, ApmOutcome } from './acquirer.port.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { type AcquirerUnavailable, callAcquirer, drive } from './driver.js';
import { expireRedirect, isExpiredRedirect } from './order-guard.js';
import { type OrderGuard, type Origin, type Run, transactionRowOf } from './origin.js';
import { notifyTransaction, settleOutcome } from './outcome.write.js';
import { checkProcessingOptions } from './processing-options.js';
import type { Upo } from '../payment-methods/ports.js';
import type { ApmRecord, PaymentType, ProcessingOptions, Transaction, TransactionResult } from './transaction.types.js';

/**
 * Alternative payment methods (docs/apm-payments.md, docs/decisions/0360). A payment with a method of the
 * acquirer's catalogue is persisted `pending` first, then the acquirer answers:
 * - direct methods at once (approved or declined, from the submitted data);
 * - a redirect method `redirect`: the transaction stays pending, `awaiting: shopper`, until the shopper
 *   answers Gatehouse's page `/apm/redirect/<transactionId>-<pageKey>` (approve, decline, or pending,
 *   which hands it to an operator);
 * - an asynchronous method `pending`: `awaiting: operator` until an operator completes it
 *   (`POST /admin/v1/apm-payments/{transactionId}/complete`, `gatehouse apm complete`).
 * Each outcome (and the move to pending) is recorded and notified like a card payment's. Only masked
 * data is stored; an APM UPO holds the same masked data, and the simulated rules read only what
 * survives masking.
 */

export const APM_FIELD = 'paymentOption.alternativePaymentMethod';
export const APM_METHOD_FIELD = `${APM_FIELD}.paymentMethod`;

/** The wire's `alternativePaymentMethod`, flattened: the method's name and its field values. */
export interface ApmInput {
  method: string;
  data: Record<string, string>;
}

export interface ApmPayCommand {
  origin: Origin;
  type: PaymentType;
  amount: Minor;
  currency: string;
  /** the method and its data, or the APM UPO to pay with */
  apm: ApmInput | { upo: Upo };
  /** the shopper's country (billing or order), checked against the method's countries when known */
  country?: string;
  /** store an APM UPO for `origin.userTokenId` once approved */
  storeUpo?: boolean;
  /** where the redirect page sends the shopper afterwards */
  urls?: { successUrl?: string; failureUrl?: string; pendingUrl?: string };
  /** the origin the shopper reaches Gatehouse at (for the redirect page's URL) */
  baseUrl: string;
  options?: ProcessingOptions;
}

export interface ApmRun {
  tx: Transaction;
  replay?: undefined;
}

/** The catalogue method, refused unless it takes payments in this currency and country. */
export function checkApmMethod(
  deps: DomainDeps,
  name: string,
  currency: string,
  country: string | undefined,
): ApmMethodInfo {
  const method = deps.acquirer.apmMethod(name);
  if (!method || !method.depositCapable)
    throw new MethodNotEnabled(APM_METHOD_FIELD, `${name} is not an enabled payment method`);
  if (!method.currencies.includes(currency)) {
    throw new UnsupportedCurrency('currency', `[currency] ${currency} is not supported by ${name}`);
  }
  if (country !== undefined && !method.countries.includes(country.toUpperCase())) {
    throw new MethodNotEnabled(APM_METHOD_FIELD, `${name} is not enabled for country ${country.toUpperCase()}`);
  }
  return method;
}

/** The submitted data against the catalogue's fields: the first failing field, named, with its rule. */
export function checkApmData(method: ApmMethodInfo, data: Record<string, string>): void {
  const failed = method.validate(data)[0];
  if (!failed) return;
  const path = `${APM_FIELD}.${failed.field}`;
  if (data[failed.field] === undefined || data[failed.field] === '') throw new Missing(path);
  throw new Invalid(path, `must match ${failed.regex} (${failed.message})`);
}

const PAGE_PATH = '/apm/redirect/';

/** Pays with an APM: validates, persists pending, asks the acquirer, records what it answered. */
export async function payApm(
  deps: DomainDeps,
  cmd: ApmPayCommand,
  options: { idempotency?: IdempotencyClaim; guard?: OrderGuard; onOutcome?: OutcomeHook } = {},
): Promise<Run> {
  const now = deps.clock.now();
  checkProcessingOptions(cmd.type, cmd.amount, cmd.currency, cmd.options);
  if (cmd.amount <= 0)
    throw new Invalid('amount', 'must be greater than 0 for an alternative payment method', 'amount');
  const fromUpo = 'upo' in cmd.apm ? cmd.apm.upo : undefined;
  const name = fromUpo ? fromUpo.paymentMethod : (cmd.apm as ApmInput).method;
  const method = checkApmMethod(deps, name, cmd.currency, cmd.country);
  let masked: Record<string, string>;
  if (fromUpo) masked = { ...(fromUpo.apmData ?? {}) };
  else {
    const data = (cmd.apm as ApmInput).data;
    checkApmData(method, data);
    masked = method.mask(data);
  }
  if (cmd.storeUpo && !cmd.origin.userTokenId) throw new Missing('userTokenId');
  const pageKey = deps.ids.token(24);
  const record: ApmRecord = {
    method: method.name,
    flow: method.flow,
    data: masked,
    ...(fromUpo ? { userPaymentOptionId: fromUpo.id } : {}),
    ...(cmd.storeUpo && !fromUpo ? { storeUpo: true } : {}),
    ...(method.flow === 'redirect' ? { pageKey } : {}),
    ...(cmd.urls?.successUrl ? { successUrl: cmd.urls.successUrl } : {}),
    ...(cmd.urls?.failureUrl ? { failureUrl: cmd.urls.failureUrl } : {}),
    ...(cmd.urls?.pendingUrl ? { pendingUrl: cmd.urls.pendingUrl } : {}),
  };

  const run = await drive(deps, {
    name: `APM ${cmd.type}`,
    requestId: cmd.origin.requestId,
    idempotency: options.idempotency,
    onOutcome: options.onOutcome,
    async pending(repos) {
      await options.guard?.(repos);
      const tx = await repos.payments.insert({
        ...transactionRowOf(cmd.origin, now),
        status: 'pending',
        threeD: null,
        type: cmd.type,
        relatedTransactionId: null,
        amount: cmd.amount,
        requestedAmount: cmd.amount,
        currency: cmd.currency,
        cardVaultId: null,
        card: null,
        apm: record,
        ...(cmd.options ? { options: cmd.options } : {}),
      });
      return { tx };
    },
    call({ tx: pending }) {
      if (record.pageKey) record.redirectUrl = `${cmd.baseUrl}${PAGE_PATH}${pending.id}-${record.pageKey}`;
      return deps.acquirer.apmPay({
        transactionId: pending.id,
        kind: cmd.type,
        amount: cmd.amount,
        currency: cmd.currency,
        method: method.name,
        data: masked,
      });
    },
    outcome: {
      // a redirect or an asynchronous method waits on a person; any other answer closes the payment
      write: (repos, { tx: pending }, outcome) =>
        outcome.status === 'redirect' || outcome.status === 'pending'
          ? awaitPerson(
              repos,
              deps.render,
              pending,
              outcome.status === 'redirect' ? 'shopper' : 'operator',
              record,
              outcome.externalTransactionId,
              now,
            )
          : closeApm(repos, deps.render, { ...pending, apm: record }, resultOf(outcome), 'acquirer', now),
    },
  });
  return run.tx ? { tx: run.tx } : { replay: run.replay! };
}

/** The transaction waits on the shopper or an operator; moving to an operator is notified as PENDING. */
async function awaitPerson(
  repos: Repos,
  render: Renderers,
  pending: Transaction,
  who: 'shopper' | 'operator',
  record: ApmRecord,
  externalTransactionId: string | undefined,
  now: number,
): Promise<Transaction> {
  const from = pending.awaiting ?? null;
  if (!(await repos.payments.awaitPerson(pending.id, from, who, record, now, externalTransactionId))) {
    throw new TransactionRefused('closed', `The payment ${pending.id} is no longer pending`);
  }
  const tx = (await repos.payments.find(pending.id))!;
  if (who === 'operator') await notifyTransaction(repos, render, tx, now);
  return tx;
}

function resultOf(o: ApmOutcome | AcquirerUnavailable): TransactionResult {
  if (o.status === 'approved')
    return { status: 'approved', authCode: o.authCode, externalTransactionId: o.externalTransactionId };
  if (o.status === 'declined') {
    return {
      status: 'declined',
      errorCode: o.code,
      errorReason: o.reason,
      externalTransactionId: o.externalTransactionId,
    };
  }
  if (o.status === 'error') return { status: 'error', errorCode: o.code, errorReason: o.reason };
  return { status: 'error', errorCode: '-1100', errorReason: 'Unexpected acquirer answer' };
}

/**
 * The final outcome of an APM payment, in the caller's write: stores the APM UPO an approved payment
 * asked for, then records, frees and notifies as for a card (`settleOutcome`).
 */
async function closeApm(
  repos: Repos,
  render: Renderers,
  pending: Transaction,
  result: TransactionResult,
  by: NonNullable<ApmRecord['completedBy']>,
  now: number,
): Promise<Transaction> {
  let apm: ApmRecord = { ...pending.apm!, completedBy: by };
  const current = await repos.payments.find(pending.id);
  if (!current || current.status !== 'pending') {
    throw new TransactionRefused(
      current ? `${current.status} ${current.type}` : 'unknown',
      `The payment ${pending.id} is no longer pending`,
    );
  }
  if (result.status === 'approved' && apm.storeUpo && !apm.userPaymentOptionId && pending.userTokenId) {
    const upo = await repos.upos.insert(
      apmUpoRow(
        { merchantId: pending.merchantId, siteId: pending.siteId, userTokenId: pending.userTokenId },
        apm.method,
        apm.data,
        now,
      ),
    );
    apm = { ...apm, userPaymentOptionId: upo.id };
  }
  const tx = await settleOutcome(repos, render, current, { ...result, apm }, now);
  if (tx.apm?.completedBy !== by) {
    // closed meanwhile by someone else: roll this write back
    throw new TransactionRefused(`${tx.status} ${tx.type}`, `The payment ${pending.id} is no longer pending`);
  }
  return tx;
}

export type ApmCompletion = 'approved' | 'declined' | 'pending';

/**
 * Completes a pending APM payment: the shopper on the redirect page (`by: shopper`, which may also
 * leave it pending for an operator) or an operator (`by: operator`, any APM payment still pending).
 */
export async function completeApmPayment(
  deps: DomainDeps,
  transactionId: string,
  outcome: ApmCompletion,
  by: 'shopper' | 'operator',
  scope: { merchantId?: string; pageKey?: string } = {},
): Promise<Transaction> {
  const now = deps.clock.now();
  if (!/^\d{1,20}$/.test(transactionId)) throw new NotFound('transaction');
  const tx = await deps.storage.read.payments.find(transactionId);
  if (!tx || !tx.apm || (scope.merchantId !== undefined && tx.merchantId !== scope.merchantId))
    throw new NotFound('transaction');
  if (scope.pageKey !== undefined && tx.apm.pageKey !== scope.pageKey) throw new NotFound('transaction');
  const refuse = () =>
    new TransactionRefused(
      tx.status === 'pending' ? `pending ${tx.type}` : `${tx.status} ${tx.type}`,
      `Cannot complete APM payment ${tx.id} in state ${tx.status} ${tx.type}: ${tx.status === 'pending' ? 'it is not waiting on you' : 'it is final'}`,
    );
  if (tx.status !== 'pending' || !tx.awaiting) throw refuse();
  if (by === 'shopper' && tx.awaiting !== 'shopper') throw refuse();
  if (outcome === 'pending') {
    if (by === 'operator') throw new Invalid('outcome', 'must be approved or declined');
    return deps.storage.write((repos) => awaitPerson(repos, deps.render, tx, 'operator', tx.apm!, undefined, now));
  }
  const answer = await callAcquirer(
    deps,
    { name: 'APM completion', call: () => deps.acquirer.apmComplete({ transactionId: tx.id, outcome }) },
    { tx },
  );
  return deps.storage.write((repos) => closeApm(repos, deps.render, tx, resultOf(answer), by, now));
}

/**
 * The APM payment of a redirect page reference `<transactionId>-<pageKey>`, when it is one. A payment
 * whose page was left unanswered past its window is declined as expired here, when it is next seen.
 */
export async function findApmPage(deps: DomainDeps, ref: string): Promise<Transaction | undefined> {
  const m = /^(\d{1,20})-([1-9A-HJ-NP-Za-km-z]{24})$/.exec(ref);
  if (!m) return undefined;
  const tx = await deps.storage.read.payments.find(m[1]!);
  if (!tx?.apm || tx.apm.pageKey !== m[2]) return undefined;
  const now = deps.clock.now();
  if (!isExpiredRedirect(tx, now)) return tx;
  return deps.storage.write(async (repos) => {
    const current = await repos.payments.find(tx.id);
    return current && isExpiredRedirect(current, now)
      ? expireRedirect(repos, deps.render, current, now)
      : (current ?? tx);
  });
}

// ---- APM stored payment options (docs/apm-payments.md) ----

function apmUpoRow(
  owner: { merchantId: string; siteId: string; userTokenId: string },
  method: string,
  masked: Record<string, string>,
  now: number,
) {
  return {
    ...owner,
    paymentMethod: method,
    cardVaultId: null,
    apmData: masked,
    maskedNumber: null,
    bin: null,
    last4: null,
    brand: null,
    cardType: null,
    expMonth: null,
    expYear: null,
    holderName: masked.account_holder_name ?? null,
    createdAt: now,
  };
}

/**
 * Adds an APM UPO for a user of a site directly, without a payment (the Web SDK's addApmUpo, the
 * account capture page, test helpers): the method must be a catalogue method that can serve `use`
 * (deposits, or payouts for a payout account) and `data` must pass its fields' rules; only the masked
 * data is stored. Returns the new UPO (`id` is the userPaymentOptionId).
 *
 * @param owner the merchant, site and userTokenId the UPO belongs to
 * @param input `{ method: 'apmgw_DirectDebit', data: { account_holder_name, iban } }`
 * @throws Missing / Invalid naming `paymentOption.alternativePaymentMethod.<field>`; MethodNotEnabled
 *   for a method that is not enabled for `use`
 */
export async function addApmUpo(
  deps: DomainDeps,
  owner: { merchantId: string; siteId: string; userTokenId: string },
  input: ApmInput,
  use: 'deposit' | 'payout' = 'deposit',
): Promise<Upo> {
  if (!owner.userTokenId) throw new Missing('userTokenId');
  const method = deps.acquirer.apmMethod(input.method);
  if (!method || !(use === 'payout' ? method.payoutCapable : method.depositCapable)) {
    const why = use === 'payout' ? 'cannot receive payouts' : 'is not an enabled payment method';
    throw new MethodNotEnabled(APM_METHOD_FIELD, `${input.method} ${why}`);
  }
  checkApmData(method, input.data);
  const now = deps.clock.now();
  return deps.storage.write((repos) => repos.upos.insert(apmUpoRow(owner, method.name, method.mask(input.data), now)));
}

/** A payout account captured on Gatehouse's account capture page (Web SDK accountCapture). */
export function addPayoutAccountUpo(
  deps: DomainDeps,
  owner: { merchantId: string; siteId: string; userTokenId: string },
  paymentMethodName: string,
  data: Record<string, string>,
): Promise<Upo> {
  return addApmUpo(deps, owner, { method: paymentMethodName, data }, 'payout');
}

/**
 * The APM UPO of `paymentOption.userPaymentOptionId`, when the option names one of this user on this
 * site; undefined when it names a card UPO (the card path takes it) or nothing.
 */
export async function apmUpoOf(
  deps: DomainDeps,
  id: unknown,
  owner: { siteId: string; userTokenId: string | null | undefined },
): Promise<Upo | undefined> {
  if (id === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  if (!owner.userTokenId) return undefined;
  const upo = await deps.storage.read.upos.find(String(id));
  if (!upo || upo.deletedAt !== null || upo.siteId !== owner.siteId || upo.userTokenId !== owner.userTokenId)
    return undefined;
  return upo.cardVaultId === null && upo.apmData !== null ? upo : undefined;
}
