import type { FastifyInstance } from 'fastify';
import { Missing } from '../../domain/errors.js';
import { CARD_SUBJECTS } from '../../domain/payments/card.js';
import { tokenizeCard } from '../../domain/payment-methods/tokens.service.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { CardTokenizationResponse } from '../../schemas/session/card-details.schema.js';
import { type ServerCallBody, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { cardInputOf, type WireCard } from '../payment-card.js';
import { contextOf } from './auth.js';
import { signedOrSessionTokenAuth } from './session-token.auth.js';
import { SESSION_API, success } from './envelope.js';

/** The card of `cardData`; a missing member is refused as the payment's card member is. */
function wireCardOf(data: ServerCallBody<'cardTokenization'>['cardData']): WireCard {
  const { cardNumber, cardHolderName, expirationMonth, expirationYear, CVV } = data;
  if (cardNumber === undefined) throw new Missing('paymentOption.card.cardNumber', CARD_SUBJECTS.cardNumber);
  if (cardHolderName === undefined)
    throw new Missing('paymentOption.card.cardHolderName', CARD_SUBJECTS.cardHolderName);
  if (expirationMonth === undefined)
    throw new Missing('paymentOption.card.expirationMonth', CARD_SUBJECTS.expirationMonth);
  if (expirationYear === undefined)
    throw new Missing('paymentOption.card.expirationYear', CARD_SUBJECTS.expirationYear);
  return { cardNumber, cardHolderName, expirationMonth, expirationYear, ...(CVV !== undefined ? { CVV } : {}) };
}

/**
 * POST /ppp/api/v1/cardTokenization.do (docs/decisions/0322): vaults `cardData` and
 * answers a `ccTempToken` usable once, as `paymentOption.card.ccTempToken`, by a payment of this
 * live session. A CVV sent here is checked and never stored.
 */
export function registerCardTokenization(app: FastifyInstance): void {
  app.post<{ Body: ServerCallBody<'cardTokenization'> }>(
    `${SESSION_API}/cardTokenization.do`,
    {
      preValidation: signedOrSessionTokenAuth(app, 'cardTokenization'),
      schema: {
        summary: 'Tokenise a card for one payment of the session',
        description: `Stores cardData (cardNumber, cardHolderName, expirationMonth, expirationYear; a CVV is checked, never stored) in the card vault and answers ccTempToken: usable once, only by payment.do of this session, and dead with the session. Two forms (docs/decisions/0135): sessionToken and cardData without a checksum (the live sessionToken names the merchant; merchantId, merchantSiteId and timeStamp may be sent and the ids must then be the session's); or, with a checksum, signed and verified as every signed call: checksum ${CHECKSUM_FIELDS.cardTokenization.join(', ')}, then the merchant secret key (wrong: 1001). An unknown or expired sessionToken is 1069.`,
        tags: ['session'],
        body: ServerCallRequests.cardTokenization,
        response: { 200: CardTokenizationResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const { sessionToken: token, cardData } = request.body;
      await findCallerSession(deps, token, ctx);
      const card = cardInputOf(wireCardOf(cardData));
      const { ccTempToken, info } = await tokenizeCard(deps, { sessionToken: token, siteId: ctx.siteId }, card);
      return success(request, {
        ccTempToken,
        ccExpMonth: String(card.expMonth).padStart(2, '0'),
        ccExpYear: String(card.expYear),
        ...(info
          ? {
              ccCardNumber: info.masked,
              bin: info.bin,
              last4Digits: info.last4,
              brand: info.brand,
              cardType: info.cardType,
              issuerCountry: info.issuerCountry,
            }
          : {}),
      });
    },
  );
}
