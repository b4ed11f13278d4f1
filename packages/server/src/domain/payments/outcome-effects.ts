import type { Repos } from '../ports.js';
import { recordDeclineIn } from '../sessions/session.service.js';
import type { Transaction } from './transaction.types.js';
import { saveCardUpoIn, type UpoOwner } from '../payment-methods/upos.service.js';

/**
 * What a payment's outcome changes beside the transaction, written in the same durable write as the
 * outcome (docs/decisions/0602): a crash can no longer keep the payment and lose its decline count or
 * its stored card.
 */
export type OutcomeHook = ((repos: Repos, tx: Transaction, now: number) => Promise<void>) & {
  /**
   * Whether the hook writes anything for an outcome of this status; a hook without it is assumed to
   * write. One that does not lets the outcome be written as a planned write (ADR 0814).
   */
  writesFor?: (result: { status: Transaction['status'] }) => boolean;
};

export interface OutcomeEffects {
  /** A decline counts toward this session's `sessionCardDeclineLimit` (at the limit it expires). */
  declineSession?: string;
  /** An approved card payment is stored as a card UPO of this owner (`savePM`). */
  saveCardUpoFor?: UpoOwner;
}

/** The hook for `pay` / `payThreeD` / `payApm`, and the id of the UPO it saved, once it ran. */
export function outcomeEffects(effects: OutcomeEffects): { onOutcome: OutcomeHook; savedUpoId(): string | undefined } {
  let saved: string | undefined;
  const onOutcome: OutcomeHook = async (repos, tx, now) => {
    saved = effects.saveCardUpoFor ? (await saveCardUpoIn(repos, effects.saveCardUpoFor, tx, now))?.id : undefined;
    if (effects.declineSession !== undefined && tx.status === 'declined') {
      await recordDeclineIn(repos, effects.declineSession, now);
    }
  };
  onOutcome.writesFor = (r) =>
    effects.saveCardUpoFor !== undefined || (effects.declineSession !== undefined && r.status === 'declined');
  return { onOutcome, savedUpoId: () => saved };
}
