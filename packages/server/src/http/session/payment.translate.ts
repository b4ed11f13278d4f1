import type { Static } from 'typebox';
import { Invalid, Missing } from '../../domain/errors.js';
type Site = { merchantId: string; siteId: string };
import { savePmOf } from '../../domain/payment-methods/upos.service.js';
import { TOKEN_FIELD } from '../../domain/payment-methods/tokens.service.js';
import { dccOfPayment, originalOf } from '../../domain/payments/dcc.service.js';
import type { Instrument, Payer, PayOrderOptions } from '../../domain/payments/pay-order.js';
import { checkOrderAmount, type Origin } from '../../domain/payments/payment.service.js';
import type { PaymentType } from '../../domain/payments/transaction.types.js';
import type { DomainDeps } from '../../domain/ports.js';
import { checkCurrency, toMinor } from '../../domain/sessions/session.pricing.js';
import type { Session, SessionOrder } from '../../domain/sessions/session.types.js';
import type { SessionCardPaymentOption, SessionPaymentOption } from '../../schemas/shared/payment-option.js';
import type { ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { obj, str } from '../fields.js';
import { billingOf, cardInputOf, paymentCardOf } from '../payment-card.js';
import { apmInputOf, checkSingleOption, processingOptionsOf, returnUrlsOf } from '../payment-options.js';
import { methodNotificationUrlOf, threeDRequestOf } from '../three-d.view.js';

/** payment.do and initPayment.do, wire → domain. Members the schema leaves open are read with `str`/`obj`. */

type Open = { readonly [member: string]: unknown };
export type PaymentBody = Static<typeof ServerCallRequests.payment> & Open;
export type InitPaymentBody = Static<typeof ServerCallRequests.initPayment> & Open;

const PAYMENT_TYPES: readonly PaymentType[] = ['Auth', 'PreAuth', 'Sale'];
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** A card, a ccTempToken of this session (docs/decisions/0322), a UPO (0323) or an APM (0360). */
function instrumentOf(option: SessionPaymentOption): Instrument {
  checkSingleOption(option);
  const apm = apmInputOf(option);
  if (apm) return { kind: 'apm', apm };
  const upoId = option.userPaymentOptionId;
  const token = tokenOf(option);
  if (token) return token;
  if (upoId !== undefined)
    return { kind: 'upo', id: upoId, ...(option.card?.CVV !== undefined ? { cvv: option.card.CVV } : {}) };
  return { kind: 'card', card: cardInputOf(paymentCardOf(option)) };
}

/** A ccTempToken in place of the card number, with the CVV and holder sent beside it. */
function tokenOf(option: SessionCardPaymentOption): Instrument | undefined {
  const card = option.card;
  if (card?.ccTempToken !== undefined) {
    if (card.ccTempToken === '') throw new Missing(TOKEN_FIELD);
    if (card.cardNumber !== undefined)
      throw new Invalid('paymentOption.card', 'must have either cardNumber or ccTempToken', 'payment_option');
    return {
      kind: 'tempToken',
      token: card.ccTempToken,
      ...(card.CVV !== undefined ? { cvv: card.CVV } : {}),
      ...(card.cardHolderName !== undefined ? { holderName: card.cardHolderName } : {}),
    };
  }
  return undefined;
}

/** A stored card (0323) named by `userPaymentOptionId`, a CVV beside it (3-D Secure: docs/decisions/0149). */
function upoOf(option: SessionCardPaymentOption): Instrument | undefined {
  const id = option.userPaymentOptionId;
  if (id === undefined) return undefined;
  if (option.card?.cardNumber !== undefined) {
    throw new Invalid('paymentOption', 'must have either card.cardNumber or userPaymentOptionId', 'payment_option');
  }
  return { kind: 'upo', id, ...(option.card?.CVV !== undefined ? { cvv: option.card.CVV } : {}) };
}

/** Who pays a session API payment: the caller's site, for the session's order. */
function payerOf(ctx: Site, body: PaymentBody | InitPaymentBody, session: Session, order: SessionOrder): Payer {
  const origin: Origin = {
    via: 'session',
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    entityId: null,
    orderId: order.id,
    sessionId: session.token,
    clientUniqueId: body.clientUniqueId ?? order.clientUniqueId,
    clientRequestId: body.clientRequestId ?? null,
    productId: order.productId,
    userTokenId: body.userTokenId ?? session.userTokenId,
    notificationUrl:
      str(obj(body.urlDetails)?.notificationUrl) ?? str(obj(order.details.urlDetails)?.notificationUrl) ?? null,
  };
  return { via: 'session', origin, sessionToken: session.token, orderId: order.id };
}

export function sessionPaymentOf(
  deps: DomainDeps,
  ctx: Site,
  body: PaymentBody,
  session: Session,
  order: SessionOrder,
  baseUrl: string,
): { payer: Payer; instrument: Instrument; options: PayOrderOptions } {
  const currency = checkCurrency(body.currency, 'currency');
  const amount = toMinor(body.amount, currency, 'amount', 'amount');
  // DCC (docs/decisions/0321): the charge is the day's conversion of the order's amount.
  const dcc = dccOfPayment(deps, body.currencyConversion, { amount, currency });
  const related = str(body.relatedTransactionId);
  const absent = cardholderAbsentOf(body, related);
  // A 3-D Secure payment pays the amount its InitAuth3D authenticated (docs/decisions/0310).
  if (order.pricing && (related === undefined || absent.mit)) {
    if (dcc) checkOrderAmount(order.pricing, originalOf(dcc).amount, dcc.originalCurrency);
    else checkOrderAmount(order.pricing, amount, currency);
  }
  const requested = str(body.transactionType);
  if (requested !== undefined && !PAYMENT_TYPES.includes(requested as PaymentType)) {
    throw new Invalid('transactionType', 'must be one of Auth, PreAuth, Sale');
  }
  // rebill, zero-amount, MCP: passed to the acquirer and recorded (docs/decisions/0362)
  const processing = processingOptionsOf(
    body,
    (v, cur, field) => toMinor(typeof v === 'string' ? v : String(v), cur, field),
    checkCurrency,
  );
  const instrument = instrumentOf(cardAsProcessed(body.paymentOption, cvvNotUsedOf(body)));
  // authenticationOnlyType with an amount (a repeat's RECURRING, a first stored-credential ADDCARD) names
  // the payment and leaves it an ordinary payment; only an amount of 0 is an authentication (0143, 0152)
  if (amount !== 0 && processing?.authenticationOnlyType !== undefined) delete processing.authenticationOnlyType;
  const type = (requested as PaymentType | undefined) ?? order.transactionType ?? 'Sale';
  const userTokenId = body.userTokenId ?? session.userTokenId;
  const zeroAuth =
    amount === 0 &&
    type !== 'Sale' &&
    related === undefined &&
    !processing?.zeroAmountReason &&
    !processing?.authenticationOnlyType;
  // a zero-amount Auth (docs/gateway-facts.md): approved without a reason sent; it stores the card (docs/decisions/0148)
  const options = zeroAuth
    ? { ...processing, zeroAmountReason: userTokenId ? 'addCard' : 'accountVerification' }
    : processing;
  const details = order.details;
  const billing = billingOf(body.billingAddress ?? details.billingAddress);
  const country = billing?.country ?? str(obj(body.userDetails ?? details.userDetails)?.country);
  return {
    payer: payerOf(ctx, body, session, order),
    instrument,
    options: {
      type,
      amount,
      currency,
      ...(billing ? { billing } : {}),
      ...(country ? { country } : {}),
      partialApproval: truthy(body.isPartialApproval),
      ...(options ? { processing: options } : {}),
      // an APM is stored with savePM or storePaymentOption; a card paid with a userTokenId is stored
      // whatever savePM says, as the real gateway does (docs/decisions/0148, amended)
      saveUpo:
        savePmOf(body.savePM) ||
        (instrument.kind === 'apm' && savePmOf(body.storePaymentOption)) ||
        (instrument.kind !== 'apm' && !!userTokenId),
      urls: returnUrlsOf(body.urlDetails, details.urlDetails),
      baseUrl,
      ...(dcc ? { dcc } : {}),
      ...absent,
    },
  };
}

/**
 * `cvvNotUsed`, at the top level or in the card: at most 5 characters, as the real gateway words its
 * refusal (`cvvNotUsed size must be between 0 and 5`); "true" (or 1) means the payment uses no CVV.
 */
function cvvNotUsedOf(body: PaymentBody): boolean {
  const card = obj(body.paymentOption.card);
  let notUsed = false;
  for (const [field, value] of [
    ['cvvNotUsed', body.cvvNotUsed],
    ['paymentOption.card.cvvNotUsed', card?.cvvNotUsed],
  ] as const) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' || String(value).length > 5) throw new Invalid(field, 'size must be between 0 and 5');
    if (truthy(value)) notUsed = true;
  }
  return notUsed;
}

/**
 * The card as it is processed: without its CVV when cvvNotUsed says so, and a network-token wallet card
 * (`card.externalToken`, Apple Pay or Google Pay) needs no holder name (docs/decisions/0153).
 */
function cardAsProcessed(option: SessionPaymentOption, cvvNotUsed: boolean): SessionPaymentOption {
  const card = option.card;
  if (!card) return option;
  const wallet =
    obj((card as Record<string, unknown>).externalToken) !== undefined && card.cardHolderName === undefined;
  if (!cvvNotUsed && !wallet) return option;
  const { CVV: _cvv, ...withoutCvv } = card;
  return { ...option, card: { ...(cvvNotUsed ? withoutCvv : card), ...(wallet ? { cardHolderName: '' } : {}) } };
}

/**
 * A network token's cryptogram (`card.externalToken {externalTokenProvider, cryptogram, eciProvider}`):
 * the wallet authenticated the cardholder, so it goes to the acquirer as an external 3-D Secure result,
 * the cryptogram as the CAVV and `eciProvider` (default 07) as the ECI (docs/decisions/0153).
 */
function walletTokenOf(card: Record<string, unknown> | undefined): Partial<PayOrderOptions> | undefined {
  const token = obj(card?.externalToken);
  if (!token) return undefined;
  const at = 'paymentOption.card.externalToken';
  const provider = str(token.externalTokenProvider);
  if (provider === undefined || provider === '') throw new Missing(`${at}.externalTokenProvider`);
  const cryptogram = str(token.cryptogram);
  if (cryptogram === undefined || cryptogram === '') throw new Missing(`${at}.cryptogram`);
  const eci = str(token.eciProvider) ?? str(token.eci) ?? '07';
  if (!/^\d{1,2}$/.test(eci)) throw new Invalid(`${at}.eciProvider`, 'must be 1 or 2 digits');
  return { externalMpi: { eci: eci.padStart(2, '0'), cavv: cryptogram } };
}

const MIT_TYPES = ['RECURRING', 'INSTALLMENTS'];

/**
 * How a payment with a card stands without the 3-D Secure steps (docs/decisions/0142, 0143):
 * an external MPI's result (`card.threeD.externalMpi`), a merchant-initiated repeat (storedCredentialsMode
 * "1", or relatedTransactionId with authenticationOnlyType RECURRING/INSTALLMENTS or isRebilling), or, with
 * a relatedTransactionId, the 3-D Secure step it continues.
 */
function cardholderAbsentOf(body: PaymentBody, related: string | undefined): Partial<PayOrderOptions> {
  const card = obj(body.paymentOption.card);
  const mode = obj(card?.storedCredentials)?.storedCredentialsMode;
  if (mode !== undefined && mode !== '0' && mode !== '1' && mode !== 0 && mode !== 1) {
    throw new Invalid(
      'paymentOption.card.storedCredentials.storedCredentialsMode',
      'must be "0" (first use) or "1" (a later use)',
    );
  }
  const mpi = obj(obj(card?.threeD)?.externalMpi);
  if (mpi) {
    const eci = str(mpi.eci);
    const cavv = str(mpi.cavv);
    if (eci === undefined || eci === '') throw new Missing('paymentOption.card.threeD.externalMpi.eci');
    if (!/^\d{1,2}$/.test(eci)) throw new Invalid('paymentOption.card.threeD.externalMpi.eci', 'must be 1 or 2 digits');
    if (cavv === undefined) throw new Missing('paymentOption.card.threeD.externalMpi.cavv');
    const dsTransID = str(mpi.dsTransID);
    const xid = str(mpi.xid);
    return {
      externalMpi: {
        eci,
        cavv,
        ...(dsTransID !== undefined ? { dsTransID } : {}),
        ...(xid !== undefined ? { xid } : {}),
        ...(related !== undefined ? { relatedTransactionId: related } : {}),
      },
    };
  }
  const wallet = walletTokenOf(card);
  if (wallet) return wallet;
  const repeatType = str(body.authenticationOnlyType);
  const mit =
    String(mode) === '1' ||
    (related !== undefined &&
      (truthy(body.isRebilling) || (repeatType !== undefined && MIT_TYPES.includes(repeatType))));
  if (mit) return { mit: related !== undefined ? { relatedTransactionId: related } : {} };
  if (related === undefined) return {};
  return { threeD: { relatedTransactionId: related, request: threeDRequestOf(body.paymentOption.card) ?? {} } };
}

/** initPayment.do: the InitAuth3D of a card, a ccTempToken or a card UPO (docs/decisions/0310, 0149). */
export function sessionInitPaymentOf(
  ctx: Site,
  body: InitPaymentBody,
  session: Session,
  order: SessionOrder,
  baseUrl: string,
): { payer: Payer; instrument: Instrument; options: PayOrderOptions } {
  const currency = checkCurrency(body.currency, 'currency');
  const amount = toMinor(body.amount, currency, 'amount', 'amount');
  // The amount authenticated need not be the order's (docs/decisions/0310); the currency must be.
  if (order.pricing && currency !== order.pricing.currency) {
    throw new Invalid('currency', `must be the order's currency ${order.pricing.currency}`, 'currency');
  }
  const url = methodNotificationUrlOf(body.paymentOption.card);
  return {
    payer: payerOf(ctx, body, session, order),
    // a ccTempToken of this session may stand for the card; the payment after the steps uses it up (0363)
    instrument: tokenOf(body.paymentOption) ??
      upoOf(body.paymentOption) ?? { kind: 'card', card: cardInputOf(paymentCardOf(body.paymentOption)) },
    options: {
      type: order.transactionType ?? 'Sale',
      amount,
      currency,
      baseUrl,
      threeD: { init: true, ...(url ? { methodNotificationURL: url } : {}) },
    },
  };
}
