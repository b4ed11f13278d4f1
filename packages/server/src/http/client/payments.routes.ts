import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid, Missing, NotFound } from '../../domain/errors.js';
import { CARD_DATA_SUBJECTS, CARD_SUBJECTS, type CardSubjects } from '../../domain/payments/card.js';
import { selectedBrandOf } from '../../domain/payments/card-brand.js';
import type { CardInput } from '../../domain/payments/acquirer.port.js';
import { checkOrderAmount, guardOrderPayment, pay, type Origin } from '../../domain/payments/payment.service.js';
import { dccOfPayment, originalOf, recordDccOption } from '../../domain/payments/dcc.service.js';
import type { DccQuote } from '../../domain/payments/acquirer.port.js';
import type { DomainDeps } from '../../domain/ports.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import { initAuth3D, payThreeD, type ThreeDRun } from '../../domain/payments/three-d-secure.service.js';
import { cardOfTempToken, tokenizeCard } from '../../domain/payment-methods/tokens.service.js';
import type { PaymentType } from '../../domain/payments/transaction.types.js';
import { cardOfUpo, savePmOf } from '../../domain/payment-methods/upos.service.js';
import { outcomeEffects } from '../../domain/payments/outcome-effects.js';
import { apmUpoOf, payApm } from '../../domain/payments/apm.service.js';
import { apmInputOf, returnUrlsOf } from '../payment-options.js';
import type { Repos } from '../../domain/ports.js';
import type { Minor } from '../../lib/money.js';
import { requireSessionOrder } from '../../domain/sessions/session.service.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import { ClientRequests, ClientResponse } from '../../schemas/client/client.schema.js';
import { billingOf, cardInputOf, type WireCard } from '../payment-card.js';
import { baseUrlOf, threeDRequestOf } from '../three-d.view.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';
import { paymentResultOf } from './result.js';
import { obj, str } from '../fields.js';

/** The card members sent by a hosted field page (or by the merchant's `card` class), as the acquirer's card. */
export function clientCardOf(
  card: Record<string, unknown> | undefined,
  holder: string | undefined,
  path = 'paymentOption.card',
  subjects: CardSubjects = CARD_SUBJECTS,
): CardInput {
  if (!card) throw new Missing(path, subjects.card);
  const wire = { ...card, cardHolderName: str(card.cardHolderName) ?? holder } as Record<string, unknown>;
  for (const f of ['cardNumber', 'cardHolderName', 'expirationMonth', 'expirationYear'] as const) {
    if (typeof wire[f] !== 'string' || wire[f] === '') throw new Missing(`${path}.${f}`, subjects[f]);
  }
  return cardInputOf(wire as unknown as WireCard, path, subjects);
}

/**
 * The card with the cardholder's brand choice of a co-badged card (docs/decisions/0413): createPayment's
 * top-level `selectedBrand` (spec 4.2), else `paymentOption.card.selectedBrand`.
 */
export function withSelectedBrand(card: CardInput, body: Record<string, unknown>): CardInput {
  const selected = selectedBrandOf(body.selectedBrand) ?? card.selectedBrand;
  return selected === undefined ? card : { ...card, selectedBrand: selected };
}

/** Who a client payment is told to and recorded for: the session's order, as the session API records it. */
export function originOf(session: Session, order: SessionOrder, body: Record<string, unknown>): Origin {
  return {
    via: 'session',
    merchantId: session.merchantId,
    siteId: session.siteId,
    entityId: null,
    orderId: order.id,
    sessionId: session.token,
    clientUniqueId: str(body.clientUniqueId) ?? order.clientUniqueId,
    clientRequestId: str(body.clientRequestId) ?? null,
    productId: order.productId,
    userTokenId: session.userTokenId,
    notificationUrl: str(obj(order.details.urlDetails)?.notificationUrl) ?? null,
  };
}

/** The order's amount: a browser never chooses what is charged (setOpenAmount changes it within its bounds). */
function pricingOf(order: SessionOrder): { amount: Minor; currency: string } {
  if (!order.pricing)
    throw new NotFound('order', 'The order has no amount: set it with updateOrder or setOpenAmount first');
  return { amount: order.pricing.amount, currency: order.pricing.currency };
}

/**
 * What a card payment charges: the order's amount, or with `currencyConversion: {type: 'DCC', …}` the
 * day's DCC conversion of it, as payment.do checks it (docs/decisions/0321, 0412): `amount`/`currency`
 * are the converted charge (else 1040), the original must be the order's amount and currency.
 */
export function chargeOf(
  deps: Pick<DomainDeps, 'acquirer' | 'clock'>,
  order: SessionOrder,
  body: Record<string, unknown>,
): { amount: Minor; currency: string; dcc?: DccQuote } {
  const priced = pricingOf(order);
  const conversion = obj(body.currencyConversion);
  if (body.currencyConversion === undefined || (conversion && conversion.type !== 'DCC')) return priced;
  if (typeof body.currency !== 'string') throw new Missing('currency', 'currency');
  if (typeof body.amount !== 'string') throw new Missing('amount', 'amount');
  const currency = checkCurrency(body.currency, 'currency');
  const amount = toMinor(body.amount, currency, 'amount', 'amount');
  const dcc = dccOfPayment(deps, body.currencyConversion, { amount, currency });
  if (!dcc) return priced;
  const original = originalOf(dcc);
  checkOrderAmount({ ...priced, openAmount: null }, original.amount, original.currency);
  return { amount, currency, dcc };
}

function paymentTypeOf(order: SessionOrder): PaymentType {
  return order.transactionType ?? 'Sale';
}

/** The guard of a client payment's first write: the session is used, and the order not paid or being paid. */
export const sessionGuard =
  (app: FastifyInstance, token: string, orderId: number, also?: (repos: Repos, now: number) => Promise<void>) =>
  async (repos: Repos) => {
    const now = app.services.deps.clock.now();
    await repos.sessions.touch(token, now);
    await guardOrderPayment(repos, orderId, now);
    await also?.(repos, now);
  };

const route = (summary: string, description: string, body: (typeof ClientRequests)[keyof typeof ClientRequests]) => ({
  summary,
  description,
  tags: ['client'],
  body,
  response: { 200: ClientResponse },
});

export function registerPaymentRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);

  app.post(
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
      const body = request.body as Record<string, unknown>;
      const order = await requireSessionOrder(deps, session);
      // with DCC the 3-D Secure authentication is of the converted charge
      const { amount, currency } = chargeOf(deps, order, body);
      const card = withSelectedBrand(clientCardOf(obj(obj(body.paymentOption)?.card), str(body.cardHolderName)), body);
      const { tx, method } = await initAuth3D(
        deps,
        { origin: originOf(session, order, body), amount, currency, card, baseUrl: baseUrlOf(request) },
        sessionGuard(app, session.token, order.id),
      );
      return clientSuccess({
        sessionToken: session.token,
        orderId: String(order.id),
        transactionId: tx.id,
        threeD: {
          methodUrl: method.methodUrl,
          methodPayload: method.methodPayload,
          version: method.version,
          serverTransId: method.serverTransId,
        },
      });
    },
  );

  app.post(
    `${CLIENT_API}/createPayment`,
    {
      preValidation: auth,
      schema: route(
        "Pay the session's order",
        "Pays the session order's amount with exactly one of `paymentOption.card` (sent by the hosted card field page; `ccTempToken` accepted in place of the number), `paymentOption.userPaymentOptionId` (a stored card of the session's userTokenId) or `paymentOption.alternativePaymentMethod`. With `relatedTransactionId` it continues a 3-D Secure flow: the answer is then the final result or `result: REDIRECT` with `threeD.acsUrl` for the challenge. Answers the payment result of spec 2.6.",
        ClientRequests.createPayment,
      ),
    },
    async (request) => clientPayment(app, request),
  );

  app.post(
    `${CLIENT_API}/getPaymentStatus`,
    {
      preValidation: auth,
      schema: route(
        "The session's last payment",
        "The payment result (spec 2.6) of the session's last payment; `result: PENDING` while none was made or an APM awaits the shopper. The SDK polls it while an APM window is open. Merchants verify outcomes server-side (getPaymentStatus.do or DMN), never from the browser.",
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

  app.post(
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
      const body = request.body as Record<string, unknown>;
      const card = clientCardOf(obj(body.cardData), str(body.cardHolderName), 'cardData', CARD_DATA_SUBJECTS);
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

async function clientPayment(app: FastifyInstance, request: FastifyRequest): Promise<Record<string, unknown>> {
  const { deps } = app.services;
  const session = sessionOf(request);
  const body = request.body as Record<string, unknown>;
  const option = obj(body.paymentOption) ?? {};
  // With a userPaymentOptionId, `card` carries only the CVV of that stored card.
  const members =
    option.userPaymentOptionId !== undefined
      ? ['userPaymentOptionId', 'alternativePaymentMethod']
      : ['card', 'userPaymentOptionId', 'alternativePaymentMethod'];
  const given = members.filter((k) => option[k] !== undefined);
  if (given.length === 0) throw new Missing('paymentOption', 'payment_option');
  if (given.length > 1)
    throw new Invalid('paymentOption', 'must have exactly one of card, userPaymentOptionId, alternativePaymentMethod', 'payment_option');
  const order = await requireSessionOrder(deps, session);
  const { amount, currency } = pricingOf(order);
  const token = session.token;
  const origin = originOf(session, order, body);
  const apmUpo =
    given[0] === 'userPaymentOptionId'
      ? await apmUpoOf(deps, option.userPaymentOptionId, { siteId: session.siteId, userTokenId: session.userTokenId })
      : undefined;
  if (given[0] === 'alternativePaymentMethod' || apmUpo) {
    // APMs (docs/decisions/0406): a redirect method answers PENDING with the redirectUrl the SDK opens.
    const billing = billingOf(body.billingAddress ?? order.details.billingAddress);
    const country = billing?.country ?? str(obj(order.details.userDetails)?.country);
    const run = await payApm(
      deps,
      {
        origin,
        type: paymentTypeOf(order),
        amount,
        currency,
        apm: apmUpo ? { upo: apmUpo } : apmInputOf(option)!,
        ...(country ? { country } : {}),
        storeUpo: savePmOf(body.savePM),
        urls: returnUrlsOf(body.urlDetails, order.details.urlDetails),
        baseUrl: baseUrlOf(request),
      },
      // a decline counts toward sessionCardDeclineLimit, in the write of the outcome
      { guard: sessionGuard(app, token, order.id), onOutcome: outcomeEffects({ declineSession: token }).onOutcome },
    );
    const tx = run.tx!;
    return clientSuccess({ sessionToken: token, orderId: String(order.id), ...paymentResultOf(tx) });
  }
  const cardOption = obj(option.card);
  const tokenCard =
    cardOption && typeof cardOption.ccTempToken === 'string'
      ? await cardOfTempToken(
          deps,
          { card: { ccTempToken: cardOption.ccTempToken } },
          { sessionToken: token, siteId: session.siteId },
        )
      : undefined;
  const upoCard =
    option.userPaymentOptionId !== undefined
      ? await cardOfUpo(deps, option, { siteId: session.siteId, userTokenId: session.userTokenId })
      : undefined;
  const card = withSelectedBrand(tokenCard?.card ?? upoCard ?? clientCardOf(cardOption, str(body.cardHolderName)), body);
  const billing = billingOf(body.billingAddress ?? order.details.billingAddress);
  // DCC (docs/decisions/0412): the converted charge, recorded with its quote in the pending write
  const charge = chargeOf(deps, order, body);
  const recordDcc = recordDccOption(deps, charge.dcc);
  const payCmd = {
    origin,
    type: paymentTypeOf(order),
    amount: charge.amount,
    currency: charge.currency,
    card,
    ...(billing ? { billing } : {}),
    partialApproval: false,
  };
  const guard = sessionGuard(app, token, order.id, async (repos, now) => {
    await tokenCard?.consume(repos, now);
  });
  // In the write of the outcome (docs/decisions/0602): the decline count; with savePM, the card UPO.
  const effects = outcomeEffects({
    declineSession: token,
    ...(!upoCard && savePmOf(body.savePM) && session.userTokenId
      ? { saveCardUpoFor: { merchantId: session.merchantId, siteId: session.siteId, userTokenId: session.userTokenId } }
      : {}),
  });
  const related = str(body.relatedTransactionId);
  const run = (
    related === undefined
      ? await pay(deps, payCmd, { guard, ...recordDcc, onOutcome: effects.onOutcome })
      : await payThreeD(
          deps,
          {
            ...payCmd,
            relatedTransactionId: related,
            threeDRequest: threeDRequestOf(cardOption) ?? {},
            baseUrl: baseUrlOf(request),
            mayReach: (t) => t.interface === 'session' && t.sessionId === token && t.siteId === session.siteId,
            ...recordDcc,
            onOutcome: effects.onOutcome,
          },
          guard,
        )
  ) as ThreeDRun;
  if (run.challenge !== undefined) {
    const tx = run.tx;
    return clientSuccess({
      sessionToken: token,
      orderId: String(order.id),
      result: 'REDIRECT',
      transactionId: tx.id,
      transactionStatus: 'REDIRECT',
      transactionType: tx.type,
      threeD: { acsUrl: run.challenge.acsUrl, cReq: run.challenge.cReq },
    });
  }
  const tx = run.tx!;
  const upoId = upoCard ? String(option.userPaymentOptionId) : effects.savedUpoId();
  return clientSuccess({
    sessionToken: token,
    orderId: String(order.id),
    ...paymentResultOf(tx, upoId !== undefined ? { userPaymentOptionId: upoId } : {}),
  });
}
