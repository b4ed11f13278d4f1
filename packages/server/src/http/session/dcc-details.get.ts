import type { FastifyInstance } from 'fastify';
import { Missing } from '../../domain/errors.js';
import { quoteForCardholder } from '../../domain/payments/dcc.service.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { GetDccDetailsResponse } from '../../schemas/session/card-details.schema.js';
import { type ServerCallBody, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { contextOf } from './auth.js';
import { signedOrSessionTokenAuth } from './session-token.auth.js';
import { dccDetailsOf } from '../dcc.view.js';
import { SESSION_API, success } from './envelope.js';

/**
 * POST /ppp/api/v1/getDccDetails.do (docs/session-methods.md): the day's conversion of the original amount into the
 * cardholder's currency. Original amount and currency: `originalAmount`/`originalCurrency`, else
 * `amount` with the session order's currency, else the session order's amount (docs/decisions/0321).
 * Target: `currency` (wins), else `country`'s currency, else the issuing currency of `cardNumber`.
 */
export function registerGetDccDetails(app: FastifyInstance): void {
  app.post<{ Body: ServerCallBody<'getDccDetails'> }>(
    `${SESSION_API}/getDccDetails.do`,
    {
      preValidation: signedOrSessionTokenAuth(app, 'getDccDetails'),
      schema: {
        summary: 'Quote a DCC conversion',
        description: `Quotes the original amount (originalAmount and originalCurrency, else amount in the session order's currency, else the order's amount) in the target currency (currency, else the currency of country, else the issuing currency of cardNumber) at the deterministic rate of the day with a 3.5% markup. Two forms (docs/decisions/0135): sessionToken without a checksum (the live sessionToken names the merchant; merchantId, merchantSiteId and timeStamp may be sent and the ids must then be the session's), as the server SDKs send it; or signed: checksum ${CHECKSUM_FIELDS.getDccDetails.join(', ')}, then the merchant secret key (missing or wrong: 1001).`,
        tags: ['session'],
        body: ServerCallRequests.getDccDetails,
        response: { 200: GetDccDetailsResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const body = request.body;
      const token = body.sessionToken;
      let orderPricing: { amount: number; currency: string } | undefined;
      if (token !== undefined) {
        const session = await findCallerSession(deps, token, ctx);
        const order =
          session.orderId === null ? undefined : await deps.storage.read.orders.findSessionOrder(session.orderId);
        if (order?.pricing) orderPricing = order.pricing;
      }
      const originalCurrency =
        body.originalCurrency !== undefined
          ? checkCurrency(body.originalCurrency, 'originalCurrency')
          : orderPricing?.currency;
      if (originalCurrency === undefined) throw new Missing('originalCurrency');
      const amountText = body.originalAmount ?? body.amount;
      const field = body.originalAmount !== undefined ? 'originalAmount' : 'amount';
      const originalAmount =
        amountText !== undefined
          ? toMinor(amountText, originalCurrency, field, field === 'amount' ? 'amount' : 'field')
          : orderPricing?.amount;
      if (originalAmount === undefined) throw new Missing('originalAmount');
      const target = body.currency;
      const answer = quoteForCardholder(deps, {
        originalAmount,
        originalCurrency,
        ...(target !== undefined ? { currency: checkCurrency(target, 'currency') } : {}),
        ...(body.country !== undefined ? { country: body.country } : {}),
        ...(body.cardNumber !== undefined ? { cardNumber: body.cardNumber } : {}),
      });
      return success(request, {
        ...dccDetailsOf(answer),
      });
    },
  );
}
