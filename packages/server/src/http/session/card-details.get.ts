import type { FastifyInstance } from 'fastify';
import { cardDetails, cardDetailsFields } from '../../domain/payments/card-details.service.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { GetCardDetailsResponse } from '../../schemas/session/card-details.schema.js';
import { type ServerCallBody, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { contextOf } from './auth.js';
import { signedOrSessionTokenAuth } from './session-token.auth.js';
import { SESSION_API, success } from './envelope.js';

/**
 * POST /ppp/api/v1/getCardDetails.do (docs/session-methods.md): BIN data of a card number for a live session of the
 * caller's site. A number failing Luhn is errCode 1004; the number is neither stored nor logged.
 */
export function registerGetCardDetails(app: FastifyInstance): void {
  app.post<{ Body: ServerCallBody<'getCardDetails'> }>(
    `${SESSION_API}/getCardDetails.do`,
    {
      preValidation: signedOrSessionTokenAuth(app, 'getCardDetails'),
      schema: {
        summary: 'Look up card details by number',
        description: `Answers brand, secondaryBrand (a co-badged card's second brand, docs/decisions/0413), cardType, bin, last4Digits, issuerCountry, currency, isPrepaid, issuerBankName and dccAllowed from BIN data for a live session. A number that fails the Luhn check is errCode 1004. Two forms (docs/decisions/0135): sessionToken without a checksum (the live sessionToken names the merchant; merchantId, merchantSiteId and timeStamp may be sent and the ids must then be the session's), as the server SDKs send it; or signed: checksum ${CHECKSUM_FIELDS.getCardDetails.join(', ')}, then the merchant secret key (missing or wrong: 1001).`,
        tags: ['session'],
        body: ServerCallRequests.getCardDetails,
        response: { 200: GetCardDetailsResponse },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { sessionToken, cardNumber } = request.body;
      await findCallerSession(app.services.deps, sessionToken, ctx);
      const info = cardDetails(app.services.deps, cardNumber);
      return success(request, cardDetailsFields(info));
    },
  );
}
