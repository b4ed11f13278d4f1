import type { FastifyInstance } from 'fastify';
import { deleteUpo } from '../../domain/payment-methods/upos.service.js';
import { BadRequest, Invalid } from '../../domain/errors.js';
import { requireSessionOrder, updateOrder } from '../../domain/sessions/session.service.js';
import { formatDecimal, parseDecimal } from '../../lib/money.js';
import { ClientDeleteUpoRequest, ClientOpenCheckoutRequest } from '../../schemas/client/checkout.schema.js';
import { ClientResponse } from '../../schemas/client/client.schema.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';

/**
 * The client API routes of the hosted checkout (docs/checkout.md):
 * - `openCheckout`, called by `checkout()` before it renders anything: the amount and currency the form
 *   will show must be what the session's order charges (docs/decisions/0420). The order's own amount and
 *   currency are accepted; another amount only on an order with `openAmount`, within its bounds, and it
 *   then becomes the order's amount (so what is shown is what is charged); anything else is refused.
 * - `deleteUpo`, behind `checkout.deleteUpo` and the form's remove buttons. The session's own user only:
 *   a UPO of another user or site is answered exactly as a missing one (errCode 1011).
 */
export function registerCheckoutRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);
  const { deps } = app.services;

  app.post<{ Body: ClientOpenCheckoutRequest }>(
    `${CLIENT_API}/openCheckout`,
    {
      preValidation: auth,
      schema: {
        summary: 'Check the amount and currency a checkout form shows against the session order',
        description:
          "Answers the session order's amount, currency and openAmount when the form's amount and currency are what the order charges. Another currency is 1041; another amount is 1040 unless the order has openAmount and the amount is within it, in which case it becomes the order's amount (as setOpenAmount). An unknown or expired session is 1069.",
        tags: ['client'],
        body: ClientOpenCheckoutRequest,
        response: { 200: ClientResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      let order = await requireSessionOrder(deps, session);
      const pricing = order.pricing;
      if (!pricing) throw new Invalid('amount', 'the order has no amount: open it with one', 'amount');
      if (body.currency !== pricing.currency)
        throw new Invalid('currency', `must be the order's currency (${pricing.currency})`, 'currency');
      const parsed = parseDecimal(body.amount.trim(), pricing.currency);
      if (!parsed.ok) throw new Invalid('amount', `must be a decimal amount in ${pricing.currency}`, 'amount');
      if (parsed.minor !== pricing.amount) {
        const open = pricing.openAmount;
        const shown = formatDecimal(pricing.amount, pricing.currency);
        if (!open) throw new Invalid('amount', `must be the order's amount (${shown} ${pricing.currency})`, 'amount');
        if (parsed.minor < open.min || parsed.minor > open.max)
          throw new Invalid(
            'amount',
            `must be within the order's openAmount (${formatDecimal(open.min, pricing.currency)} to ${formatDecimal(open.max, pricing.currency)})`,
            'amount',
          );
        ({ order } = await updateOrder(
          deps,
          { merchantId: session.merchantId, siteId: session.siteId },
          {
            sessionToken: session.token,
            orderId: String(order.id),
            changes: { amount: formatDecimal(parsed.minor, pricing.currency) },
          },
        ));
      }
      const now = order.pricing ?? pricing;
      return clientSuccess({
        sessionToken: session.token,
        orderId: String(order.id),
        amount: formatDecimal(now.amount, now.currency),
        currency: now.currency,
        ...(now.openAmount
          ? {
              openAmount: {
                min: formatDecimal(now.openAmount.min, now.currency),
                max: formatDecimal(now.openAmount.max, now.currency),
              },
            }
          : {}),
      });
    },
  );

  app.post<{ Body: ClientDeleteUpoRequest }>(
    `${CLIENT_API}/deleteUpo`,
    {
      preValidation: auth,
      schema: {
        summary: "Delete one of the session user's stored payment options",
        description:
          "Marks a UPO of the session's userTokenId deleted (checkout.deleteUpo); it is no longer listed or payable.",
        tags: ['client'],
        body: ClientDeleteUpoRequest,
        response: { 200: ClientResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      if (!session.userTokenId) throw new BadRequest('The session has no userTokenId: open the order with one');
      const id = String(body.userPaymentOptionId);
      await deleteUpo(deps, { siteId: session.siteId, userTokenId: session.userTokenId }, id);
      return clientSuccess({ sessionToken: session.token, result: 'SUCCESS', userPaymentOptionId: id });
    },
  );
}
