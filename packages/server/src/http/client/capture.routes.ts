import type { FastifyInstance } from 'fastify';
import { BadRequest, Invalid, MethodNotEnabled, NotFound } from '../../domain/errors.js';
import { payOrder } from '../../domain/payments/pay-order.js';
import { requireSessionOrder } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import { Secret } from '../../lib/secret.js';
import { ClientRequests, ClientResponse } from '../../schemas/client/client.schema.js';
import { billingOf } from '../payment-card.js';
import { baseUrlOf } from '../three-d.view.js';
import { accountCaptureUrl } from '../shared/account-capture-url.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';
import { clientPaymentAnswer } from './payment.render.js';
import { type AccountCaptureBody, browserPayerOf, pricingOf, type WalletPaymentBody } from './payment.translate.js';
import { obj, str } from '../fields.js';

/**
 * accountCapture and createWalletPayment (docs/decisions/0406, 0408).
 * - accountCapture answers the URL of Gatehouse's account capture page for a payout-capable APM; the
 *   page collects the method's fields and stores them as an APM UPO of the userTokenId. The page's
 *   reference is signed (HMAC under the master key) and names session, user, method and expiry.
 * - createWalletPayment pays the session's order with the sandbox wallet: a simulated wallet whose
 *   token is the approving test card 4761 3441 3614 1390. Only in sandbox mode; in production mode
 *   no wallet connector exists and the method is "not enabled" (1068).
 */

const SANDBOX_WALLET_CARD = '4761344136141390';

export function registerCaptureRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);
  const { deps } = app.services;

  app.post<{ Body: AccountCaptureBody }>(
    `${CLIENT_API}/accountCapture`,
    {
      preValidation: auth,
      schema: {
        summary: 'Capture a bank account for payouts',
        description:
          "Answers `redirectUrl`: Gatehouse's account capture page for the payout-capable `paymentMethod`, where the user enters the method's fields; they are stored as an APM UPO of `userTokenId` (used by withdrawals). The page sends the user to `urlDetails.successUrl` afterwards when given.",
        tags: ['client'],
        body: ClientRequests.accountCapture,
        response: { 200: ClientResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      return clientSuccess({
        sessionToken: session.token,
        userTokenId: String(body.userTokenId),
        redirectUrl: accountCaptureUrl(app.services.deps, request, session.token, body),
      });
    },
  );

  app.post<{ Body: WalletPaymentBody }>(
    `${CLIENT_API}/createWalletPayment`,
    {
      preValidation: auth,
      schema: {
        summary: 'Pay with the sandbox wallet',
        description:
          "Sandbox mode only: checks the merchant page's origin and that `total.amount` and `currencyCode` are the order's, then pays the session's order with the simulated wallet (an approving test card) and answers the payment result (docs/web-sdk.md). Production mode: errCode 1068.",
        tags: ['client'],
        body: ClientRequests.createWalletPayment,
        response: { 200: ClientResponse },
      },
    },
    async (request) => {
      if (app.services.config.GATEHOUSE_MODE !== 'sandbox')
        throw new MethodNotEnabled('paymentMethod', 'Payment method not enabled');
      const session = sessionOf(request);
      const body = request.body;
      const origin = request.headers.origin;
      if (typeof origin !== 'string' || !/^https?:\/\/[^/]+$/.test(origin))
        throw new BadRequest('The wallet needs the merchant page origin (Origin header)');
      const order = await requireSessionOrder(deps, session);
      if (!order.pricing) throw new NotFound('order', 'The order has no amount');
      const total = body.total;
      if (body.currencyCode.toUpperCase() !== order.pricing.currency)
        throw new Invalid('currencyCode', `must be the order's currency ${order.pricing.currency}`);
      if (total.amount !== formatDecimal(order.pricing.amount, order.pricing.currency)) {
        throw new Invalid(
          'total.amount',
          `must be the order's amount ${formatDecimal(order.pricing.amount, order.pricing.currency)}`,
        );
      }
      const billing = obj(body.billingAddress);
      const holder = [str(billing?.firstName), str(billing?.lastName)].filter(Boolean).join(' ') || 'Wallet Holder';
      const now = new Date(deps.clock.now());
      const billingInfo = billingOf(body.billingAddress ?? order.details.billingAddress);
      const payer = browserPayerOf(session, order, body);
      // a wallet payment carries no clientRequestId of its own
      payer.origin = { ...payer.origin, clientRequestId: null };
      const card = {
        number: new Secret(SANDBOX_WALLET_CARD),
        holderName: holder.slice(0, 70),
        expMonth: 12,
        expYear: now.getUTCFullYear() + 3,
      };
      const paid = await payOrder(
        deps,
        payer,
        { kind: 'wallet', card },
        {
          type: order.transactionType ?? 'Sale',
          ...pricingOf(order),
          ...(billingInfo ? { billing: billingInfo } : {}),
          baseUrl: baseUrlOf(request),
        },
      );
      return clientPaymentAnswer(paid, session.token, order, { walletType: 'sandbox' });
    },
  );
}
