import type { FastifyInstance } from 'fastify';
import { Missing } from '../../domain/errors.js';
import { CARD_SUBJECTS } from '../../domain/payments/card.js';
import { tokenizeCard } from '../../domain/payment-methods/tokens.service.js';
import { findCallerSession } from '../../domain/sessions/session.service.js';
import { CardTokenizationResponse } from '../../schemas/session/card-details.schema.js';
import { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { cardInputOf, type WireCard } from '../payment-card.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';

/**
 * POST /ppp/api/v1/cardTokenization.do (DECISIONS.md 8, docs/decisions/0322): vaults `cardData` and
 * answers a `ccTempToken` usable once, as `paymentOption.card.ccTempToken`, by a payment of this
 * live session. A CVV sent here is checked and never stored.
 */
export function registerCardTokenization(app: FastifyInstance): void {
  app.post(
    `${SESSION_API}/cardTokenization.do`,
    {
      preValidation: checksumAuth(app, 'cardTokenization'),
      schema: {
        summary: 'Tokenise a card for one payment of the session',
        description: `Stores cardData (cardNumber, cardHolderName, expirationMonth, expirationYear; a CVV is checked, never stored) in the card vault and answers ccTempToken: usable once, only by payment.do of this session, and dead with the session. Checksum: ${CHECKSUM_FIELDS.cardTokenization.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.cardTokenization,
        response: { 200: CardTokenizationResponse },
      },
    },
    async (request) => {
      const { deps } = app.services;
      const ctx = contextOf(request);
      const body = request.body as Record<string, unknown>;
      const token = String(body.sessionToken);
      await findCallerSession(deps, token, ctx);
      const data = body.cardData as Record<string, unknown>;
      for (const f of ['cardNumber', 'cardHolderName', 'expirationMonth', 'expirationYear'] as const) {
        if (typeof data[f] !== 'string') throw new Missing(`paymentOption.card.${f}`, CARD_SUBJECTS[f]);
      }
      const card = cardInputOf(data as unknown as WireCard);
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
