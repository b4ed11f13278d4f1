import type { Minor } from '../../lib/money.js';
import { Invalid } from '../errors.js';
import { claimClientRequestId } from '../sessions/client-request-id.js';
import type { DomainDeps, Repos } from '../ports.js';
import type { AuthorizeOutcome, CardInput } from './acquirer.port.js';
import { checkCard } from './card.js';
import { CARD_NUMBER_PURPOSE, cardOutputOf, vaultCard } from '../payment-methods/card-vault.js';
import type { IdempotencyClaim } from '../idempotency/transaction-keys.js';
import { type AcquirerUnavailable, drive } from './driver.js';
import { type Origin, transactionRowOf } from './origin.js';
import { notifyTransaction } from './outcome.write.js';
import type { StoredResponse } from '../idempotency/idempotency.service.js';
import type { Upo } from '../payment-methods/ports.js';
import type { Transaction, TransactionResult } from './transaction.types.js';

/**
 * Payouts (docs/decisions/0501): money credited to a card, to a card UPO or to an APM UPO of a
 * payout-capable method. The same pipeline as a payment: the `Payout` transaction is persisted
 * `pending` in a first write, the acquirer is called, and the outcome with its notifications is
 * persisted in a second write. A crash in between leaves a pending row that
 * `recoverPendingTransactions` closes as an error without calling the acquirer again. A payout is
 * final once answered: it cannot be settled, refunded or voided (the state machine refuses it).
 */

/** Where a payout goes, as the caller names it. */
export type PayoutDestination =
  | { kind: 'card'; card: CardInput; /** the card's path on the wire, e.g. `cardData` */ path?: string }
  | { kind: 'upo'; userPaymentOptionId: string; cvv?: CardInput['cvv']; field: string };

export interface PayoutCommand {
  /** `Payout` (payout.do, withdrawals) or `Credit` (a refund without relatedTransactionId, docs/decisions/0371) */
  type?: 'Payout' | 'Credit';
  origin: Origin & { userTokenId: string };
  amount: Minor;
  currency: string;
  destination: PayoutDestination;
}

export interface PayoutHooks {
  /** runs in the first write, after the pending transaction is inserted (a withdrawal claims itself) */
  onPending?: (repos: Repos, tx: Transaction) => Promise<void>;
  /** runs in the second write, with the final transaction (a withdrawal records its outcome) */
  onOutcome?: (repos: Repos, tx: Transaction, now: number) => Promise<void>;
  /** a signed session body already accepted answers its first answer (docs/decisions/0805); given the UPO paid to */
  idempotency?: (upo: Upo | undefined) => IdempotencyClaim;
}

export type PayoutRun =
  | {
      tx: Transaction;
      /** the UPO paid to, when one was named */
      upo?: Upo;
      replay?: undefined;
    }
  | { replay: StoredResponse; tx?: undefined; upo?: undefined };

/** A resolved destination: the card (with its vault row when stored) or the APM account. */
type Target =
  | { kind: 'card'; card: CardInput; upo?: Upo }
  | { kind: 'apm'; upo: Upo; paymentMethod: string; data: Record<string, string> };

/** A live UPO of the payout's user on the caller's site, else `Invalid(field)` (session 1011). */
export async function ownedPayoutUpo(
  deps: DomainDeps,
  owner: { siteId: string; userTokenId: string },
  id: string,
  field: string,
): Promise<Upo> {
  const upo = /^\d{1,20}$/.test(id) ? await deps.storage.read.upos.find(id) : undefined;
  if (!upo || upo.deletedAt !== null || upo.siteId !== owner.siteId || upo.userTokenId !== owner.userTokenId) {
    throw new Invalid(field, 'is not a payment option of this user', 'stored_option');
  }
  return upo;
}

async function resolveTarget(deps: DomainDeps, cmd: PayoutCommand, now: number): Promise<Target> {
  const d = cmd.destination;
  if (d.kind === 'card') {
    try {
      checkCard(d.card, now);
    } catch (err) {
      // checkCard names a payment's fields (paymentOption.card.*); name the payout's own
      if (err instanceof Invalid && d.path !== undefined && err.field.startsWith('paymentOption.card.')) {
        throw new Invalid(`${d.path}.${err.field.slice('paymentOption.card.'.length)}`, err.rule, err.subject);
      }
      throw err;
    }
    return { kind: 'card', card: d.card };
  }
  const upo = await ownedPayoutUpo(
    deps,
    { siteId: cmd.origin.siteId, userTokenId: cmd.origin.userTokenId },
    d.userPaymentOptionId,
    d.field,
  );
  if (upo.cardVaultId !== null) {
    const sealed = await deps.storage.read.upos.sealedNumber(upo.cardVaultId);
    if (sealed === undefined) throw new Invalid(d.field, 'is not a payment option of this user', 'stored_option');
    const card: CardInput = {
      number: deps.vault.open(sealed, CARD_NUMBER_PURPOSE),
      holderName: upo.holderName ?? '',
      expMonth: upo.expMonth ?? 0,
      expYear: upo.expYear ?? 0,
      ...(d.cvv ? { cvv: d.cvv } : {}),
    };
    return { kind: 'card', card, upo };
  }
  if (!deps.acquirer.canPayOut(upo.paymentMethod, cmd.currency)) {
    throw new Invalid(
      d.field,
      `is a ${upo.paymentMethod} account, which cannot receive payouts in ${cmd.currency}`,
      'stored_option',
    );
  }
  return { kind: 'apm', upo, paymentMethod: upo.paymentMethod, data: upo.apmData ?? {} };
}

/**
 * Pays `amount` out to the destination: pending first, then the acquirer, then the outcome. A `Credit`
 * (an unreferenced refund) goes the same way: to the acquirer it is a credit to the card or account.
 */
export async function payout(deps: DomainDeps, cmd: PayoutCommand, hooks: PayoutHooks = {}): Promise<PayoutRun> {
  // validate, load
  const now = deps.clock.now();
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  const target = await resolveTarget(deps, cmd, now);
  const card = target.kind === 'card' ? cardOutputOf(deps, target.card) : null;
  const upo = target.upo;
  const paymentMethod = target.kind === 'apm' ? target.paymentMethod : 'cc_card';
  const run = await drive(deps, {
    name: cmd.type ?? 'Payout',
    requestId: cmd.origin.requestId,
    idempotency: hooks.idempotency?.(upo),
    onOutcome: hooks.onOutcome,
    async pending(repos) {
      await claimClientRequestId(repos, cmd.origin.siteId, cmd.origin.clientRequestId, now);
      const vaultId =
        target.kind === 'card' ? (target.upo?.cardVaultId ?? (await vaultCard(deps, repos, target.card, now))) : null;
      const tx = await repos.payments.insert({
        ...transactionRowOf(cmd.origin, now),
        status: 'pending',
        threeD: null,
        type: cmd.type ?? 'Payout',
        relatedTransactionId: null,
        amount: cmd.amount,
        requestedAmount: cmd.amount,
        currency: cmd.currency,
        cardVaultId: vaultId,
        card,
      });
      await hooks.onPending?.(repos, tx);
      return { tx };
    },
    call: ({ tx: pending }) =>
      target.kind === 'card'
        ? deps.acquirer.payout({
            transactionId: pending.id,
            amount: cmd.amount,
            currency: cmd.currency,
            card: target.card,
          })
        : deps.acquirer.apmPayout({
            transactionId: pending.id,
            amount: cmd.amount,
            currency: cmd.currency,
            paymentMethod: target.paymentMethod,
            data: target.data,
          }),
    outcome: {
      // the outcome with the payout's method and UPO in its notifications
      async write(repos, { tx: pending }, answer, at) {
        const completed = await repos.payments.complete(pending.id, resultOf(answer), at);
        const tx = (await repos.payments.find(pending.id))!;
        // closed meanwhile by recovery: the stored outcome stands, told already
        if (completed)
          await notifyTransaction(repos, deps.render, tx, at, {
            paymentMethod,
            ...(upo ? { userPaymentOptionId: upo.id } : {}),
          });
        return tx;
      },
    },
  });
  return run.tx ? { tx: run.tx, ...(upo ? { upo } : {}) } : { replay: run.replay! };
}

function resultOf(o: AuthorizeOutcome | AcquirerUnavailable): TransactionResult {
  if (o.status === 'approved') {
    return { status: 'approved', authCode: o.authCode, externalTransactionId: o.externalTransactionId };
  }
  if (o.status === 'declined') {
    return {
      status: 'declined',
      externalTransactionId: o.externalTransactionId,
      errorCode: o.code,
      errorReason: o.reason,
    };
  }
  return { status: 'error', errorCode: o.code, errorReason: o.reason };
}
