import type { FastifyInstance } from 'fastify';
import { CARD_DATA_SUBJECTS } from '../../domain/payments/card.js';
import { payOrder } from '../../domain/payments/pay-order.js';
import { tokenizeCard } from '../../domain/payment-methods/tokens.service.js';
import { requireSessionOrder } from '../../domain/sessions/session.service.js';
import { ClientRequests, ClientResponse } from '../../schemas/client/client.schema.js';
import { baseUrlOf } from '../three-d.view.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';
import { clientPaymentAnswer } from './payment.render.js';
import {
  checkOneOption,
  clientCardOf,
  clientInitPaymentOf,
  clientPaymentOf,
  type CreatePaymentBody,
  type GetTokenBody,
  type InitPaymentBody,
} from './payment.translate.js';
import { paymentResultOf } from './result.js';
import { str } from '../fields.js';

export { clientCardOf };

const route = (summary: string, description: string, body: (typeof ClientRequests)[keyof typeof ClientRequests]) => ({
  summary,
  description,
  tags: ['client'],
  body,
  response: { 200: ClientResponse },
});

export function registerPaymentRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);

  app.post<{ Body: InitPaymentBody }>(
    `${CLIENT_API}/initPayment`,
    {
      preValidation: auth,
      schema: route(
        'Start 3-D Secure for a card of the session (hosted fields)',
        "Records an InitAuth3D step for the session order's amount and answers `transactionId` and `threeD` method data (docs/decisions/0310). Called by the hosted card field page before createPayment.",
        ClientRequests.initPayment,
      ),
    },
    async (request) => {
      const { deps } = app.services;
      const session = sessionOf(request);
      const order = await requireSessionOrder(deps, session);
      const { payer, instrument, options } = clientInitPaymentOf(
        deps,
        session,
        order,
        request.body,
        baseUrlOf(request),
      );
      return clientPaymentAnswer(await payOrder(deps, payer, instrument, options), session.token, order);
    },
  );

  app.post<{ Body: CreatePaymentBody }>(
    `${CLIENT_API}/createPayment`,
    {
      preValidation: auth,
      schema: route(
        "Pay the session's order",
        "Pays the session order's amount with exactly one of `paymentOption.card` (sent by the hosted card field page; `ccTempToken` accepted in place of the number), `paymentOption.userPaymentOptionId` (a stored card of the session's userTokenId) or `paymentOption.alternativePaymentMethod`. With `relatedTransactionId` it continues a 3-D Secure flow: the answer is then the final result or `result: REDIRECT` with `threeD.acsUrl` for the challenge. Answers the payment result of docs/web-sdk.md.",
        ClientRequests.createPayment,
      ),
    },
    async (request) => {
      const { deps } = app.services;
      const session = sessionOf(request);
      checkOneOption(request.body.paymentOption);
      const order = await requireSessionOrder(deps, session);
      const { payer, instrument, options } = clientPaymentOf(deps, session, order, request.body, baseUrlOf(request));
      return clientPaymentAnswer(await payOrder(deps, payer, instrument, options), session.token, order);
    },
  );

  app.post(
    `${CLIENT_API}/getPaymentStatus`,
    {
      preValidation: auth,
      schema: route(
        "The session's last payment",
        "The payment result (docs/web-sdk.md) of the session's last payment; `result: PENDING` while none was made or an APM awaits the shopper. The SDK polls it while an APM window is open. Merchants verify outcomes server-side (getPaymentStatus.do or DMN), never from the browser.",
        ClientRequests.getUserUPOs,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const last = await app.services.deps.storage.read.payments.lastPaymentOfSession(session.token);
      return clientSuccess({
        sessionToken: session.token,
        ...(last ? paymentResultOf(last) : { result: 'PENDING', transactionStatus: 'PENDING' }),
      });
    },
  );

  app.post<{ Body: GetTokenBody }>(
    `${CLIENT_API}/getToken`,
    {
      preValidation: auth,
      schema: route(
        'Tokenise the hosted fields card',
        'Vaults the card (a CVV is checked, never stored) and answers a one-time `ccTempToken` for a server-side payment.do of this session (docs/decisions/0322), with the masked card.',
        ClientRequests.getToken,
      ),
    },
    async (request) => {
      const { deps } = app.services;
      const session = sessionOf(request);
      const body = request.body;
      const card = clientCardOf(body.cardData, str(body.cardHolderName), 'cardData', CARD_DATA_SUBJECTS);
      const { ccTempToken, info } = await tokenizeCard(
        deps,
        { sessionToken: session.token, siteId: session.siteId },
        card,
      );
      return clientSuccess({
        sessionToken: session.token,
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
            }
          : {}),
      });
    },
  );
}
