import { Forbidden, Invalid, Missing, NotFound } from '../../domain/errors.js';
import { authorizeEntity } from '../../domain/merchants/merchant.service.js';
import type { MerchantContext } from '../../domain/merchants/merchant.types.js';
import { findOrder } from '../../domain/orders/order.service.js';
import type { Order } from '../../domain/orders/order.types.js';
import type { Instrument, Payer, PayOrderOptions } from '../../domain/payments/pay-order.js';
import { checkOrderAmount, type FollowUpCommand, type Origin } from '../../domain/payments/payment.service.js';
import type { FollowUpType } from '../../domain/payments/transaction.types.js';
import type { DomainDeps, Repos } from '../../domain/ports.js';
import type { Minor } from '../../lib/money.js';
import type { PaymentRequest } from '../../schemas/rest/payment.schema.js';
import { obj } from '../fields.js';
import { billingOf, cardInputOf, paymentCardOf } from '../payment-card.js';
import { apmInputOf, processingOptionsOf, returnUrlsOf } from '../payment-options.js';
import { methodNotificationUrlOf, threeDRequestOf } from '../three-d.view.js';
import { checkCurrency, toMinor } from './order.translate.js';

/** POST /payment-api/payments, wire → domain (docs/rest-orders.md). */

const FOLLOW_UPS: readonly string[] = ['Settle', 'Void', 'Refund'];

export function isFollowUp(type: PaymentRequest['transactionType']): type is FollowUpType {
  return FOLLOW_UPS.includes(type);
}

/** A sessionId bearer token pays its own order only. */
export function checkBoundOrder(body: PaymentRequest, bound: Order | undefined): void {
  if (!bound) return;
  if (body.processingEntityId !== bound.entityId) throw new Forbidden('the sessionId token is bound to its own order');
  if (body.sessionId !== undefined && body.sessionId !== bound.sessionId) {
    throw new Forbidden('the sessionId token is bound to its own order');
  }
}

/** Settle, Void or Refund of `relatedTransactionId`: the caller's entity's transactions (its order's, for a bound token). */
export function followUpCommandOf(
  ctx: MerchantContext,
  body: PaymentRequest & { transactionType: FollowUpType },
  bound: Order | undefined,
  charge: { amount: Minor; currency: string },
): FollowUpCommand {
  if (!ctx.scopes.has('operations')) throw new Forbidden('settle, void and refund need the operations scope');
  if (body.relatedTransactionId === undefined) throw new Missing('relatedTransactionId');
  const origin: Origin = {
    via: 'rest',
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    entityId: body.processingEntityId,
    orderId: null,
    sessionId: null,
    merchantTransactionId: body.merchantTransactionId ?? null,
    webhookUrl: body.urlDetails?.webhookUrl ?? null,
  };
  const mayReach = async (
    repos: Repos,
    tx: { merchantId: string; entityId: string | null; orderId: number | null },
  ) => {
    if (tx.merchantId !== ctx.merchantId || tx.entityId === null) return false;
    if (bound && tx.orderId !== bound.id) return false;
    try {
      await authorizeEntity(repos, ctx, tx.entityId);
      return true;
    } catch (err) {
      // an entity the credential does not reach hides its transactions; a store failure stays one (ADR 0642)
      if (err instanceof Forbidden) return false;
      throw err;
    }
  };
  return { origin, type: body.transactionType, relatedTransactionId: body.relatedTransactionId, ...charge, mayReach };
}

/** Exactly one payment option; beside tempToken or userPaymentOptionId, `card` carries only CVV and threeD. */
function instrumentOf(option: PaymentRequest['paymentOption']): Instrument {
  const chosen = option
    ? (['tempToken', 'userPaymentOptionId', 'alternativePaymentMethod'] as const).filter((k) => option[k] !== undefined)
    : [];
  const card = option?.card;
  const cardOnlyCvv = card !== undefined && Object.keys(card).every((k) => k === 'CVV' || k === 'threeD');
  if (
    chosen.length > 1 ||
    (chosen.length === 1 && card !== undefined && (chosen[0] === 'alternativePaymentMethod' || !cardOnlyCvv))
  ) {
    throw new Invalid(
      'paymentOption',
      'must have exactly one of card, tempToken, userPaymentOptionId, alternativePaymentMethod',
      'payment_option',
    );
  }
  const cvv = card?.CVV !== undefined ? { cvv: card.CVV } : {};
  const apm = apmInputOf(option);
  if (apm) return { kind: 'apm', apm };
  if (option?.userPaymentOptionId !== undefined) return { kind: 'upo', id: option.userPaymentOptionId, ...cvv };
  if (option?.tempToken !== undefined) return { kind: 'tempToken', token: option.tempToken, ...cvv };
  return { kind: 'card', card: cardInputOf(paymentCardOf(option)) };
}

/** An Auth, PreAuth or Sale: who pays, with what, and how. */
export async function restPaymentOf(
  deps: DomainDeps,
  ctx: MerchantContext,
  body: PaymentRequest,
  bound: Order | undefined,
  charge: { amount: Minor; currency: string },
  baseUrl: string,
): Promise<{ payer: Payer; instrument: Instrument; options: Omit<PayOrderOptions, 'idempotency'> }> {
  if (!ctx.scopes.has('payments')) throw new Forbidden('payments need the payments scope');
  const processing = processingOptionsOf(
    body,
    (v, cur, field) => {
      if (typeof v !== 'number') throw new Invalid(field, 'must be a number');
      return toMinor(v, cur, field);
    },
    checkCurrency,
  );
  const userTokenId = body.userTokenId ?? null;
  if (body.storePaymentOption === true && !userTokenId) throw new Missing('userTokenId');
  const instrument = instrumentOf(body.paymentOption);
  const sessionId = body.sessionId ?? bound?.sessionId;
  let order: Order | undefined;
  if (sessionId !== undefined) {
    order = bound ?? (await findOrder(deps.storage.read, ctx, { sessionId }));
    if (order.entityId !== body.processingEntityId) throw new NotFound('order');
    checkOrderAmount(order, charge.amount, charge.currency);
  }
  const origin: Origin = {
    via: 'rest',
    merchantId: ctx.merchantId,
    siteId: ctx.siteId,
    entityId: body.processingEntityId,
    orderId: order?.id ?? null,
    sessionId: order?.sessionId ?? null,
    merchantTransactionId: body.merchantTransactionId ?? order?.merchantTransactionId ?? null,
    productId: body.productId ?? order?.productId ?? null,
    webhookUrl: body.urlDetails?.webhookUrl ?? order?.webhookUrl ?? null,
    userTokenId,
  };
  const billing = billingOf(body.billingAddress ?? obj(body.buyerDetails)?.address);
  const card = body.paymentOption?.card;
  const threeD = instrument.kind === 'apm' ? undefined : threeDOf(body, card);
  return {
    payer: { via: 'rest', origin, ...(bound ? { boundOrderId: bound.id } : {}) },
    instrument,
    options: {
      type: body.transactionType as Exclude<PaymentRequest['transactionType'], FollowUpType>,
      ...charge,
      ...(billing ? { billing } : {}),
      ...(billing?.country ? { country: billing.country } : {}),
      partialApproval: body.isPartialApproval ?? false,
      ...(processing ? { processing } : {}),
      saveUpo: body.storePaymentOption === true,
      // return URLs are an APM's (a UPO may be one): a card payment leaves the order's request JSON unparsed
      ...(instrument.kind === 'apm' || instrument.kind === 'upo'
        ? { urls: returnUrlsOf(body.urlDetails, order?.request.urlDetails) }
        : {}),
      baseUrl,
      ...(threeD ? { threeD } : {}),
    },
  };
}

/** 3-D Secure 2 (docs/decisions/0310): `card.threeD` starts it, `relatedTransactionId` continues it. */
function threeDOf(body: PaymentRequest, card: unknown): PayOrderOptions['threeD'] {
  if (body.relatedTransactionId !== undefined) {
    return {
      relatedTransactionId: body.relatedTransactionId,
      request: threeDRequestOf(card) ?? {},
      ...(body.authenticationOnlyType ? { authenticateOnly: true } : {}),
    };
  }
  if (obj(card)?.threeD === undefined) return undefined;
  const url = methodNotificationUrlOf(card);
  return { init: true, ...(url ? { methodNotificationURL: url } : {}) };
}
