import type { DomainDeps } from '../../domain/ports.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';

/**
 * The language the merchant gave for the shopper of a payment's order: the session API's
 * `userDetails.language` (ISO 639-1) at openOrder or updateOrder; undefined when there is none
 * (a REST order, or none given). One of the hosted pages' language sources (docs/decisions/0450).
 */
export async function orderLanguageOf(deps: DomainDeps, tx: Transaction): Promise<string | undefined> {
  if (tx.orderId === null) return undefined;
  const order = await deps.storage.read.orders.findSessionOrder(tx.orderId);
  const user = order?.details.userDetails;
  const language = user && typeof user === 'object' ? (user as Record<string, unknown>).language : undefined;
  return typeof language === 'string' ? language : undefined;
}
