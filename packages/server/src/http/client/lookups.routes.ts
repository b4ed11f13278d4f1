import type { FastifyInstance } from 'fastify';
import { listApms, toPaymentMethodDescriptor } from '../../acquirer/apm-catalogue.js';
import { BadRequest, Missing, NotFound } from '../../domain/errors.js';
import { PLAIN_CARD_SUBJECTS } from '../../domain/payments/card.js';
import { cardDetails, cardDetailsFields } from '../../domain/payments/card-details.service.js';
import { addCardUpo } from '../../domain/payment-methods/upos.service.js';
import { addApmUpo } from '../../domain/payments/apm.service.js';
import { quoteForCardholder } from '../../domain/payments/dcc.service.js';
import { listUpos, upoFields } from '../../domain/payment-methods/upos.service.js';
import { updateOrder } from '../../domain/sessions/session.service.js';
import { formatDecimal } from '../../lib/money.js';
import { type ClientBody, ClientRequests, ClientResponse } from '../../schemas/client/client.schema.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';
import { dccDetailsOf } from '../dcc.view.js';
import { clientCardOf } from './payments.routes.js';
import { obj, str } from '../fields.js';

const schema = (summary: string, description: string, body: (typeof ClientRequests)[keyof typeof ClientRequests]) => ({
  summary,
  description,
  tags: ['client'],
  body,
  response: { 200: ClientResponse },
});

/** APM data shown to a browser: every value masked but its last four characters. */
const maskValue = (v: string) => (v.length <= 4 ? '****' : `${'*'.repeat(Math.min(v.length - 4, 12))}${v.slice(-4)}`);

function requireUser(userTokenId: string | null): string {
  if (!userTokenId) throw new BadRequest('The session has no userTokenId: open the order with one');
  return userTokenId;
}

export function registerLookupRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);
  const { deps } = app.services;

  app.post<{ Body: ClientBody<'getCardDetails'> }>(
    `${CLIENT_API}/getCardDetails`,
    {
      preValidation: auth,
      schema: schema(
        'Card details of a number',
        'BIN data of the card (docs/web-sdk.md); a number failing Luhn is errCode 1004. The number is neither stored nor logged.',
        ClientRequests.getCardDetails,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const info = cardDetails(deps, body.cardNumber);
      return clientSuccess({ sessionToken: session.token, ...cardDetailsFields(info) });
    },
  );

  app.post<{ Body: ClientBody<'getDccDetails'> }>(
    `${CLIENT_API}/getDccDetails`,
    {
      preValidation: auth,
      schema: schema(
        "DCC quote for the session's order",
        "Converts the session order's amount into `currency` (wins), else the currency of `country`, else the card's issuing currency (docs/web-sdk.md, docs/decisions/0321).",
        ClientRequests.getDccDetails,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const order =
        session.orderId === null ? undefined : await deps.storage.read.orders.findSessionOrder(session.orderId);
      if (!order?.pricing) throw new Missing('amount', 'amount');
      const currency = body.currency;
      const answer = quoteForCardholder(deps, {
        originalAmount: order.pricing.amount,
        originalCurrency: order.pricing.currency,
        ...(currency !== undefined ? { currency: currency.toUpperCase() } : {}),
        ...(currency === undefined && body.country !== undefined ? { country: body.country } : {}),
        ...(body.cardNumber !== undefined ? { cardNumber: body.cardNumber } : {}),
      });
      return clientSuccess({
        sessionToken: session.token,
        ...dccDetailsOf(answer),
      });
    },
  );

  app.post<{ Body: ClientBody<'getApms'> }>(
    `${CLIENT_API}/getApms`,
    {
      preValidation: auth,
      schema: schema(
        'Payment methods available',
        "The simulated payment methods (docs/apm-payments.md) filtered by `currencyCode` and `countryCode` (`detect`: the country of the order's billing address, else unfiltered) for `type` DEPOSIT (default) or WITHDRAWAL.",
        ClientRequests.getApms,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const type = body.type === 'WITHDRAWAL' ? 'WITHDRAWAL' : 'DEPOSIT';
      let country = body.countryCode;
      if (country === 'detect') {
        const order =
          session.orderId === null ? undefined : await deps.storage.read.orders.findSessionOrder(session.orderId);
        country = str(obj(order?.details.billingAddress)?.country) ?? str(obj(order?.details.userDetails)?.country);
      }
      const currency = body.currencyCode;
      const methods = listApms({ type, ...(currency ? { currency } : {}), ...(country ? { country } : {}) });
      return clientSuccess({
        sessionToken: session.token,
        merchantId: session.merchantId,
        merchantSiteId: session.siteId,
        type,
        paymentMethods: methods.map(toPaymentMethodDescriptor),
      });
    },
  );

  app.post<{ Body: ClientBody<'getUserUPOs'> }>(
    `${CLIENT_API}/getUserUPOs`,
    {
      preValidation: auth,
      schema: schema(
        "The session user's stored payment options",
        "The live UPOs of the session's userTokenId (masked card data; APM data masked but its last four characters).",
        ClientRequests.getUserUPOs,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const userTokenId = requireUser(session.userTokenId);
      const upos = await listUpos(deps, session.siteId, userTokenId);
      return clientSuccess({
        sessionToken: session.token,
        userTokenId,
        paymentMethods: upos.map((u) => {
          const fields = upoFields(u);
          if (u.apmData)
            fields.upoData = Object.fromEntries(Object.entries(u.apmData).map(([k, v]) => [k, maskValue(v)]));
          return fields;
        }),
      });
    },
  );

  app.post<{ Body: ClientBody<'setOpenAmount'> }>(
    `${CLIENT_API}/setOpenAmount`,
    {
      preValidation: auth,
      schema: schema(
        "Set the order's amount",
        "Sets the session order's amount in its currency, within the order's openAmount min and max when it has them (updateOrder rules).",
        ClientRequests.setOpenAmount,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      if (session.orderId === null)
        throw new NotFound('order', 'Invalid order ID: open an order in this session first');
      const { order } = await updateOrder(
        deps,
        { merchantId: session.merchantId, siteId: session.siteId },
        { sessionToken: session.token, orderId: String(session.orderId), changes: { amount: body.amount } },
      );
      return clientSuccess({
        sessionToken: session.token,
        orderId: String(order.id),
        ...(body.clientUniqueId !== undefined ? { clientUniqueId: body.clientUniqueId } : {}),
        ...(body.clientRequestId !== undefined ? { clientRequestId: body.clientRequestId } : {}),
        amount: order.pricing ? formatDecimal(order.pricing.amount, order.pricing.currency) : body.amount,
        currency: order.pricing?.currency ?? '',
      });
    },
  );

  app.post<{ Body: ClientBody<'addCardUpo'> }>(
    `${CLIENT_API}/addCardUpo`,
    {
      preValidation: auth,
      schema: schema(
        'Store a card for the session user',
        "Vaults the card and stores it as a UPO of the session's userTokenId without a payment (docs/decisions/0404). Answers `result: ADDED` with the masked card and userPaymentOptionId.",
        ClientRequests.addCardUpo,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const userTokenId = requireUser(session.userTokenId);
      const card = clientCardOf(body.card, body.cardHolderName, 'card', PLAIN_CARD_SUBJECTS);
      const upo = await addCardUpo(deps, { merchantId: session.merchantId, siteId: session.siteId, userTokenId }, card);
      return clientSuccess({
        sessionToken: session.token,
        result: 'ADDED',
        errorDescription: '',
        userPaymentOptionId: upo.id,
        ccCardNumber: upo.maskedNumber ?? '',
        bin: upo.bin ?? '',
        last4Digits: upo.last4 ?? '',
        ccExpMonth: upo.expMonth === null ? '' : String(upo.expMonth).padStart(2, '0'),
        ccExpYear: upo.expYear === null ? '' : String(upo.expYear),
      });
    },
  );

  app.post<{ Body: ClientBody<'addApmUpo'> }>(
    `${CLIENT_API}/addApmUpo`,
    {
      preValidation: auth,
      schema: schema(
        'Store an APM account for the session user',
        "Checks `apmData` against the method's fields (docs/apm-payments.md) and stores it as a UPO of the session's userTokenId (a payout-only method's account as a payout account). Answers `result: ADDED` and userPaymentOptionId.",
        ClientRequests.addApmUpo,
      ),
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      const userTokenId = requireUser(session.userTokenId);
      // a payout-only method (a bank account to withdraw to) is stored for payouts (docs/decisions/0520)
      const use = deps.acquirer.apmMethod(body.paymentMethodName)?.depositCapable === false ? 'payout' : 'deposit';
      const upo = await addApmUpo(
        deps,
        { merchantId: session.merchantId, siteId: session.siteId, userTokenId },
        { method: body.paymentMethodName, data: body.apmData },
        use,
      );
      return clientSuccess({
        sessionToken: session.token,
        result: 'ADDED',
        errorDescription: '',
        userPaymentOptionId: upo.id,
      });
    },
  );
}
