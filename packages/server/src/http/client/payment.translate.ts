import { selectedBrandOf } from '../../domain/payments/card-brand.js';
import type { Static } from 'typebox';
import { Invalid, Missing, NotFound } from '../../domain/errors.js';
import { CARD_SUBJECTS, type CardSubjects } from '../../domain/payments/card.js';
import type { CardInput, DccQuote } from '../../domain/payments/acquirer.port.js';
import { dccOfPayment, originalOf } from '../../domain/payments/dcc.service.js';
import type { Instrument, Payer, PayOrderOptions } from '../../domain/payments/pay-order.js';
import { checkOrderAmount } from '../../domain/payments/payment.service.js';
import { savePmOf } from '../../domain/payment-methods/upos.service.js';
import type { DomainDeps } from '../../domain/ports.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import type { Minor } from '../../lib/money.js';
import type { ClientRequests } from '../../schemas/client/client.schema.js';
import { obj, str } from '../fields.js';
import { billingOf, cardInputOf, type WireCard } from '../payment-card.js';
import { apmInputOf, returnUrlsOf } from '../payment-options.js';
import { threeDRequestOf } from '../three-d.view.js';

/** The client API's payments (hosted fields, the Web SDK), wire → domain. Open members are read with `str`/`obj`. */

type Open = { readonly [member: string]: unknown };
export type CreatePaymentBody = Static<typeof ClientRequests.createPayment> & Open;
export type InitPaymentBody = Static<typeof ClientRequests.initPayment> & Open;
export type WalletPaymentBody = Static<typeof ClientRequests.createWalletPayment> & Open;
export type AccountCaptureBody = Static<typeof ClientRequests.accountCapture> & Open;
export type GetTokenBody = Static<typeof ClientRequests.getToken> & Open;

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

/** Who pays from a browser: the session, for its order, recorded as the session API records it. */
export function browserPayerOf(session: Session, order: SessionOrder, body: Open): Payer {
  return {
    via: 'browser',
    sessionToken: session.token,
    orderId: order.id,
    origin: {
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
    },
  };
}

/** The order's amount: a browser never chooses what is charged (setOpenAmount changes it within its bounds). */
export function pricingOf(order: SessionOrder): { amount: Minor; currency: string } {
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
  body: Open,
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

/**
 * Exactly one of card (hosted fields, or a ccTempToken), userPaymentOptionId, alternativePaymentMethod;
 * with a userPaymentOptionId, `card` carries only the CVV of that stored card.
 */
export function checkOneOption(option: CreatePaymentBody['paymentOption']): void {
  const members =
    option.userPaymentOptionId !== undefined
      ? (['userPaymentOptionId', 'alternativePaymentMethod'] as const)
      : (['card', 'userPaymentOptionId', 'alternativePaymentMethod'] as const);
  const given = members.filter((k) => option[k] !== undefined);
  if (given.length === 0) throw new Missing('paymentOption', 'payment_option');
  if (given.length > 1)
    throw new Invalid(
      'paymentOption',
      'must have exactly one of card, userPaymentOptionId, alternativePaymentMethod',
      'payment_option',
    );
}

function instrumentOf(body: CreatePaymentBody): Instrument {
  const option = body.paymentOption;
  if (option.userPaymentOptionId !== undefined) {
    return {
      kind: 'upo',
      id: option.userPaymentOptionId,
      ...(option.card?.CVV !== undefined ? { cvv: option.card.CVV } : {}),
    };
  }
  if (option.alternativePaymentMethod !== undefined) return { kind: 'apm', apm: apmInputOf(option)! };
  if (typeof option.card?.ccTempToken === 'string') return { kind: 'tempToken', token: option.card.ccTempToken };
  return { kind: 'card', card: clientCardOf(option.card, body.cardHolderName) };
}

/** createPayment: the session order's amount (or its DCC charge), paid with the option the page sent. */
export function clientPaymentOf(
  deps: DomainDeps,
  session: Session,
  order: SessionOrder,
  body: CreatePaymentBody,
  baseUrl: string,
): { payer: Payer; instrument: Instrument; options: PayOrderOptions } {
  const option = body.paymentOption;
  checkOneOption(option);
  pricingOf(order);
  const instrument = instrumentOf(body);
  // APMs (docs/decisions/0406) charge the order's amount; a card, its DCC conversion when asked (0412)
  const charge: { amount: Minor; currency: string; dcc?: DccQuote } =
    instrument.kind === 'apm' ? pricingOf(order) : chargeOf(deps, order, body);
  const billing = billingOf(body.billingAddress ?? order.details.billingAddress);
  const country = billing?.country ?? str(obj(order.details.userDetails)?.country);
  const related = body.relatedTransactionId;
  return {
    payer: browserPayerOf(session, order, body),
    instrument,
    options: {
      type: order.transactionType ?? 'Sale',
      amount: charge.amount,
      currency: charge.currency,
      ...(charge.dcc ? { dcc: charge.dcc } : {}),
      ...(billing ? { billing } : {}),
      ...(country ? { country } : {}),
      saveUpo: savePmOf(body.savePM),
      urls: returnUrlsOf(body.urlDetails, order.details.urlDetails),
      baseUrl,
      ...(related !== undefined
        ? { threeD: { relatedTransactionId: related, request: threeDRequestOf(option.card) ?? {} } }
        : {}),
      ...selectedBrandMember(body),
    },
  };
}

/**
 * The cardholder's brand choice of a co-badged card (docs/decisions/0413): createPayment's and
 * initPayment's top-level `selectedBrand` (docs/web-sdk.md), else `paymentOption.card.selectedBrand`.
 */
function selectedBrandMember(body: {
  selectedBrand?: unknown;
  paymentOption?: { card?: { selectedBrand?: unknown } };
}): {
  selectedBrand?: string;
} {
  const selected =
    selectedBrandOf(body.selectedBrand) ??
    selectedBrandOf(body.paymentOption?.card?.selectedBrand, 'paymentOption.card.selectedBrand');
  return selected === undefined ? {} : { selectedBrand: selected };
}

/** initPayment: the InitAuth3D of the card, for what the payment will charge (with DCC, the converted charge). */
export function clientInitPaymentOf(
  deps: DomainDeps,
  session: Session,
  order: SessionOrder,
  body: InitPaymentBody,
  baseUrl: string,
): { payer: Payer; instrument: Instrument; options: PayOrderOptions } {
  const { amount, currency } = chargeOf(deps, order, body);
  const card = clientCardOf(body.paymentOption.card, str(body.cardHolderName));
  return {
    payer: browserPayerOf(session, order, body),
    instrument: { kind: 'card', card },
    options: {
      type: order.transactionType ?? 'Sale',
      amount,
      currency,
      baseUrl,
      threeD: { init: true },
      ...selectedBrandMember(body),
    },
  };
}
