import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NotFound } from '../../domain/errors.js';
import { getPaymentStatus } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import { sessionTransactionFields } from '../../render/session-transaction.render.js';
import { GetPaymentStatusRequest, GetPaymentStatusResponse } from '../../schemas/session/get-payment-status.schema.js';
import { bodyObject, tableRule, verifySiteChecksum } from './auth.js';
import { sessionOfBody } from './session-token.auth.js';
import { SESSION_API, success } from './envelope.js';

/**
 * getPaymentStatus authenticates by its sessionToken (unknown or expired: 1069). Merchant and site ids,
 * when sent, must be the session's (1013, 1022); a checksum, when sent, is verified with the secret of
 * the session's site (1021, 1001).
 */
async function authenticateStatusCall(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const body = bodyObject(request);
  const session = await sessionOfBody(app, request);
  if (body.checksum !== undefined) {
    const site = await app.services.deps.storage.read.merchants.findSite(session.siteId);
    if (!site) throw new NotFound('site', 'Invalid merchant site id');
    verifySiteChecksum(app.services, tableRule('getPaymentStatus'), body, site);
  }
  request.sessionContext = { merchantId: session.merchantId, siteId: session.siteId };
}

/**
 * POST /ppp/api/v1/getPaymentStatus.do: the outcome of the session's last payment. While no payment
 * was made it answers SUCCESS with the order's amount and `transactionStatus: PENDING`.
 */
export function registerGetPaymentStatus(app: FastifyInstance): void {
  app.post<{ Body: GetPaymentStatusRequest }>(
    `${SESSION_API}/getPaymentStatus.do`,
    {
      preValidation: async (request) => authenticateStatusCall(app, request),
      schema: {
        summary: 'Get the payment status of a session',
        description:
          'Needs only the sessionToken; a checksum, when sent, is verified (merchantId, merchantSiteId, clientRequestId, amount, currency, timeStamp, then the merchant secret key). While no payment has been made in the session, transactionStatus is PENDING.',
        tags: ['session'],
        body: GetPaymentStatusRequest,
        response: { 200: GetPaymentStatusResponse },
      },
    },
    async (request) => {
      const { session, order } = await getPaymentStatus(app.services.deps, request.body.sessionToken);
      const d = order?.details ?? {};
      const last = await app.services.deps.storage.read.payments.lastPaymentOfSession(session.token);
      return success(request, {
        sessionToken: session.token,
        merchantId: session.merchantId,
        merchantSiteId: session.siteId,
        ...(session.userTokenId !== null ? { userTokenId: session.userTokenId } : {}),
        ...(order
          ? {
              orderId: String(order.id),
              clientUniqueId: typeof d.clientUniqueId === 'string' ? d.clientUniqueId : order.clientUniqueId,
              ...(order.pricing
                ? {
                    amount: formatDecimal(order.pricing.amount, order.pricing.currency),
                    currency: order.pricing.currency,
                  }
                : {}),
              ...(d.merchantDetails ? { merchantDetails: d.merchantDetails } : {}),
              ...(typeof d.customData === 'string' ? { customData: d.customData } : {}),
            }
          : {}),
        // The outcome of the session's last payment; PENDING while none was made.
        ...(last ? sessionTransactionFields(last) : { transactionStatus: 'PENDING' }),
      });
    },
  );
}
