import { checkCard } from '../../domain/payments/card.js';
import type { Instrument } from '../../domain/payments/pay-order.js';
import type { DomainDeps } from '../../domain/ports.js';
import { orderForPayment, previewSessionOrder, requireSessionOrder } from '../../domain/sessions/session.service.js';
import type { Session, SessionContext, SessionOrder } from '../../domain/sessions/session.types.js';
import type { OpenOrderRequest } from '../../schemas/session/open-order.schema.js';
import { toOpenOrderCommand } from './order.translate.js';

/** The members of a payment body that describe its order, as openOrder would take them. */
const ORDER_MEMBERS = [
  'clientUniqueId',
  'currency',
  'amount',
  'userTokenId',
  'transactionType',
  'billingAddress',
  'shippingAddress',
  'userDetails',
  'deviceDetails',
  'urlDetails',
  'items',
  'amountDetails',
  'merchantDetails',
  'dynamicDescriptor',
  'productId',
] as const;

/**
 * The order a payment.do or initPayment.do pays: the session's own, or, for a session from getSessionToken
 * that has none (the PHP SDK pays that way), the order its own fields open (docs/decisions/0140). `check`
 * runs the payment's translation on the order first, so a request refused for a field opens nothing.
 */
export async function orderToPay(
  deps: DomainDeps,
  ctx: SessionContext,
  session: Session,
  body: Readonly<Record<string, unknown>>,
  check: (session: Session, order: SessionOrder) => { instrument: Instrument },
): Promise<{ session: Session; order: SessionOrder }> {
  if (session.orderId !== null) return { session, order: await requireSessionOrder(deps, session) };
  const picked: Record<string, unknown> = {};
  for (const member of ORDER_MEMBERS) if (body[member] !== undefined) picked[member] = body[member];
  if (picked.clientUniqueId === undefined) picked.clientUniqueId = '';
  // the members share openOrder's shapes; its class checks (countries, languages, dates) apply as there
  const { sessionToken: _t, clientRequestId: _c, ...cmd } = toOpenOrderCommand(picked as OpenOrderRequest);
  const now = deps.clock.now();
  const { instrument } = check(session, previewSessionOrder(ctx, session, cmd, now));
  // the card's own rules (number, expiry, CVV), which the payment checks once it runs
  if (instrument.kind === 'card') checkCard(instrument.card, now);
  return orderForPayment(deps, ctx, session, cmd);
}
