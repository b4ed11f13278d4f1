import type { Minor } from '../../lib/money.js';
import type { CardInput } from '../payments/acquirer.port.js';
import type { OutcomeHook } from '../payments/outcome-effects.js';
import { pay } from '../payments/card-payment.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { DomainDeps, Repos } from '../ports.js';

/**
 * The one place rebilling calls the payment pipeline (docs/rebilling.md): a merchant-initiated Sale
 * (`isRebilling`, no 3-D Secure) of a stored card, recorded and notified (DMN through the outbox)
 * like any session payment. Keep every rebilling charge going through here, so the pipeline can be
 * swapped in one line.
 */

export interface UpoCharge {
  merchantId: string;
  siteId: string;
  userTokenId: string;
  /** echoed as the transaction's clientUniqueId: `subscription-<id>-<cycle>` */
  reference: string;
  amount: number;
  currency: string;
  card: CardInput;
}

export interface ChargeHooks {
  /** in the write that persists the pending transaction, before it: throws to charge nothing */
  claim(repos: Repos): Promise<void>;
  /** in that same write, once the pending transaction exists */
  onPending(repos: Repos, tx: Transaction): Promise<void>;
  /** in the write of the outcome, with its DMN */
  onOutcome: OutcomeHook;
}

export async function chargeUpo(deps: DomainDeps, c: UpoCharge, hooks: ChargeHooks): Promise<Transaction> {
  const run = await pay(
    deps,
    {
      origin: {
        via: 'session',
        merchantId: c.merchantId,
        siteId: c.siteId,
        entityId: null,
        orderId: null,
        sessionId: null,
        clientUniqueId: c.reference,
        userTokenId: c.userTokenId,
        // the site's DMN URL
        notificationUrl: null,
      },
      type: 'Sale',
      amount: c.amount as Minor,
      currency: c.currency,
      card: c.card,
      partialApproval: false,
      options: { isRebilling: true },
    },
    { guard: hooks.claim, onPending: hooks.onPending, onOutcome: hooks.onOutcome },
  );
  if (!run.tx) throw new Error('a rebilling charge has no idempotency key to replay');
  return run.tx;
}
