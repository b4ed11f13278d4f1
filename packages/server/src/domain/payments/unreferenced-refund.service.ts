import { formatDecimal, type Minor, wholeUnitsToMinor } from '../../lib/money.js';
import { Invalid, TransactionRefused } from '../errors.js';
import type { DomainDeps } from '../ports.js';
import { payout, type PayoutCommand, type PayoutHooks, type PayoutRun } from './payout.service.js';

/**
 * Refunds without a related transaction (docs/decisions/0371): refundTransaction.do sent with
 * userTokenId and a card or a stored payment option instead of relatedTransactionId. The money goes
 * to the card or the account as a `Credit` transaction through the payout pipeline (pending first,
 * then the acquirer, then the outcome with its DMN), never more than the site allows for one refund.
 */

/** Whole units of the refund's currency one refund may credit when the site sets no limit of its own. */
export const DEFAULT_UNREFERENCED_REFUND_LIMIT = 1000;

export type UnreferencedRefundCommand = Omit<PayoutCommand, 'type'>;

/** The most one unreferenced refund of the site may credit, in minor units of `currency`. */
export async function unreferencedRefundLimit(deps: DomainDeps, siteId: string, currency: string): Promise<Minor> {
  const settings = await deps.storage.read.sessions.siteSettings(siteId);
  const units = settings?.unreferencedRefundLimit ?? DEFAULT_UNREFERENCED_REFUND_LIMIT;
  return wholeUnitsToMinor(units, currency);
}

/** Credits the card or the UPO: refused above the site's limit, else the payout pipeline as a `Credit`. */
export async function refundUnreferenced(
  deps: DomainDeps,
  cmd: UnreferencedRefundCommand,
  hooks: PayoutHooks = {},
): Promise<PayoutRun> {
  if (cmd.amount <= 0) throw new Invalid('amount', 'must be greater than 0', 'amount');
  const limit = await unreferencedRefundLimit(deps, cmd.origin.siteId, cmd.currency);
  if (limit === 0) {
    throw new TransactionRefused(
      'unreferenced refund',
      'Cannot refund without relatedTransactionId: this site does not allow refunds without a related transaction',
    );
  }
  if (cmd.amount > limit) {
    throw new TransactionRefused(
      'unreferenced refund',
      `Cannot refund without relatedTransactionId: the amount exceeds this site's limit of ${formatDecimal(limit, cmd.currency)} ${cmd.currency} for one refund without a related transaction`,
    );
  }
  return payout(deps, { ...cmd, type: 'Credit' }, hooks);
}
