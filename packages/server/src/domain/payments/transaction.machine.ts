import { formatDecimal, type Minor } from '../../lib/money.js';
import type { FollowUpType, Transaction } from './transaction.types.js';

/**
 * The transaction state machine of ADR 0301, pure: which follow-up a transaction allows at
 * `now`. Auth and PreAuth, once approved, may be settled (several times, in total at most the
 * authorised amount) or voided while valid (Auth 7 days, PreAuth 30); a Sale or Settle may be
 * refunded (in total at most its amount) or voided until the daily cut-off; a Refund may be voided
 * until the cut-off. Declined and error transactions are final. Every other move is refused with a
 * reason naming the state.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const AUTH_VALIDITY_MS = 7 * DAY_MS;
export const PREAUTH_VALIDITY_MS = 30 * DAY_MS;

export type MachineView = Pick<
  Transaction,
  'id' | 'type' | 'status' | 'amount' | 'currency' | 'settled' | 'refunded' | 'voidedBy' | 'createdAt'
>;

export type Decision = { ok: true } | { ok: false; state: string; reason: string };

/** The end of the daily cut-off of a transaction created at `createdAt`: 23:59:59.999 UTC of that day (docs/decisions/0301). */
export function cutOffOf(createdAt: number): number {
  const d = new Date(createdAt);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 23, 59, 59, 999);
}

/** Until when an approved authorisation can be settled or voided. */
export function validUntil(t: Pick<Transaction, 'type' | 'createdAt'>): number {
  return t.createdAt + (t.type === 'PreAuth' ? PREAUTH_VALIDITY_MS : AUTH_VALIDITY_MS);
}

/** A short name of the transaction's state, as refusals show it: `approved Auth`, `declined Sale`, `voided Sale`. */
export function stateOf(t: MachineView, now: number): string {
  if (t.status !== 'approved') return `${t.status} ${t.type}`;
  if (t.voidedBy !== null) return `voided ${t.type}`;
  if ((t.type === 'Auth' || t.type === 'PreAuth') && now > validUntil(t)) return `expired ${t.type}`;
  return `approved ${t.type}`;
}

const VERB: Record<FollowUpType, string> = { Settle: 'settle', Void: 'void', Refund: 'refund' };

/** Whether `action` for `amount` (minor units of `currency`) may act on `t` at `now`. */
export function decideFollowUp(
  t: MachineView,
  action: FollowUpType,
  amount: Minor,
  currency: string,
  now: number,
): Decision {
  const state = stateOf(t, now);
  const refuse = (why: string): Decision => ({
    ok: false,
    state,
    reason: `Cannot ${VERB[action]} transaction ${t.id} in state ${state}: ${why}`,
  });
  if (t.status === 'pending') return refuse('its outcome is not known yet');
  if (t.status !== 'approved') return refuse(`a ${t.status} transaction is final`);
  if (t.voidedBy !== null) return refuse('it is voided');
  if (currency !== t.currency) return refuse(`the currency must be ${t.currency}`);
  const isAuth = t.type === 'Auth' || t.type === 'PreAuth';
  switch (action) {
    case 'Settle': {
      if (!isAuth) return refuse('only an Auth or PreAuth can be settled');
      if (now > validUntil(t)) return refuse(`the ${t.type} is no longer valid`);
      if (amount <= 0) return refuse('the amount must be greater than 0');
      if (t.settled + amount > t.amount)
        return refuse(
          `the amount exceeds what remains authorised (${formatDecimal(t.amount - t.settled, t.currency)} ${t.currency})`,
        );
      return { ok: true };
    }
    case 'Refund': {
      if (t.type !== 'Sale' && t.type !== 'Settle') return refuse('only a Sale or Settle can be refunded');
      if (amount <= 0) return refuse('the amount must be greater than 0');
      if (t.refunded + amount > t.amount)
        return refuse(
          `the amount exceeds what remains settled (${formatDecimal(t.amount - t.refunded, t.currency)} ${t.currency})`,
        );
      return { ok: true };
    }
    case 'Void': {
      if (amount !== t.amount) return refuse('a void must be for the whole amount of the transaction');
      if (isAuth) {
        if (now > validUntil(t)) return refuse(`the ${t.type} is no longer valid`);
        if (t.settled > 0) return refuse('it has settlements; void those instead');
        return { ok: true };
      }
      if (t.type === 'Sale' || t.type === 'Settle' || t.type === 'Refund') {
        if (now > cutOffOf(t.createdAt)) return refuse('the daily cut-off has passed; refund it instead');
        if (t.refunded > 0) return refuse('it has refunds; void those instead');
        return { ok: true };
      }
      return refuse(`a ${t.type} cannot be voided`);
    }
  }
}
