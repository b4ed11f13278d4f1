import { ThreeDStepRefused } from '../../domain/payments/merchant-initiated.js';
import type { PayOrderOutcome } from '../../domain/payments/pay-order.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import type { SessionOrder } from '../../domain/sessions/session.types.js';
import { partialApprovalAmounts, sessionTransactionFields } from '../../render/session-transaction.render.js';
import { sessionChallengeFields, sessionInitFields } from '../three-d.view.js';

export { gatewayCodes, SESSION_STATUS, sessionTransactionFields } from '../../render/session-transaction.render.js';

/** What the request asked for that the answer reports whatever the outcome. */
export interface AskedOf {
  /** `isPartialApproval` was set: the answer always carries `partialApproval` */
  partialApproval?: boolean;
  /** the request's `customData`, echoed */
  customData?: string;
}

/**
 * A payment's outcome as payment.do and initPayment.do answer it: the session and order, then the
 * transaction (APPROVED, DECLINED, ERROR; REDIRECT for a challenge or an APM page). A card answer always
 * has `paymentOption.userPaymentOptionId`, empty when no stored card was paid with or saved; a payment
 * that asked for partial approval always has `partialApproval`, also when approved in full
 * (docs/gateway-facts.md, docs/decisions/0151).
 */
export function sessionPaymentFields(
  paid: PayOrderOutcome,
  sessionToken: string,
  order: SessionOrder,
  userTokenId: string | null | undefined,
  asked: AskedOf = {},
): Record<string, unknown> {
  const head = {
    sessionToken,
    orderId: String(order.id),
    ...(userTokenId ? { userTokenId } : {}),
    ...(asked.customData !== undefined ? { customData: asked.customData } : {}),
  };
  switch (paid.kind) {
    // Object.assign({}, …), not { ...head, ...fields }: a spread after a leading spread is V8's slow path (ADR 0668)
    case 'done':
      return Object.assign(
        {},
        head,
        withStoredOption(sessionTransactionFields(paid.tx), paid.upoId),
        partialApprovalAsked(paid.tx, asked),
      );
    case 'challenge':
      return Object.assign({}, head, withStoredOption(sessionChallengeFields(paid.tx, paid.challenge), undefined));
    case 'method':
      return Object.assign({}, head, withStoredOption(sessionInitFields(paid.tx, paid.method), undefined));
    case 'authenticated':
      return Object.assign(
        {},
        head,
        withStoredOption(sessionTransactionFields(paid.tx), undefined),
        partialApprovalAsked(paid.tx, asked),
      );
    case 'replay':
      // the session API claims no idempotency key
      throw new Error('unexpected replay of a session payment');
  }
}

/**
 * The UPO paid with or stored, in paymentOption as the SDKs read it and at the top level
 * (docs/decisions/0148); a card answer without one has the key, empty.
 */
function withStoredOption<F extends { paymentOption?: unknown }>(
  fields: F,
  upoId: string | undefined,
): Record<string, unknown> {
  const option = fields.paymentOption as Record<string, unknown> | undefined;
  // Object.assign, not a spread of the ~20 members followed by more: V8's slow path (ADR 0665)
  if (upoId !== undefined)
    return Object.assign({}, fields, {
      userPaymentOptionId: upoId,
      paymentOption: Object.assign({}, option, { userPaymentOptionId: upoId }),
    });
  if (option?.card === undefined) return fields;
  return Object.assign({}, fields, { paymentOption: { userPaymentOptionId: '', ...option } });
}

/** `partialApproval` of a card payment that asked for it: the amounts requested and processed (0 unless approved). */
function partialApprovalAsked(tx: Transaction, asked: AskedOf): Record<string, unknown> {
  return asked.partialApproval && !tx.apm ? { partialApproval: partialApprovalAmounts(tx) } : {};
}

/**
 * A 3-D Secure continuation whose related transaction is not an approved step of the caller (spec
 * server-methods 3): SUCCESS, errCode 0, transactionStatus ERROR, gwErrorCode -1100, gwExtendedErrorCode
 * 1271. Nothing is stored: no transactionId.
 */
export function sessionStepRefusedFields(
  sessionToken: string,
  order: SessionOrder,
  userTokenId: string | null | undefined,
): Record<string, unknown> {
  return {
    sessionToken,
    orderId: String(order.id),
    ...(userTokenId ? { userTokenId } : {}),
    transactionStatus: 'ERROR',
    gwErrorCode: -1100,
    gwErrorReason: ThreeDStepRefused.REASON,
    gwExtendedErrorCode: ThreeDStepRefused.EXTENDED_CODE,
  };
}

/** paymentCC: the amounts asked for and processed, as the PHP SDK reads them (`partialApprovalDetails`). */
export function partialApprovalDetailsOf(paid: PayOrderOutcome): Record<string, unknown> {
  if (paid.kind !== 'done' || paid.tx.apm) return {};
  const { tx } = paid;
  return {
    partialApprovalDetails: {
      isPartialApproval: tx.partialApproval ? '1' : '0',
      amountInfo: partialApprovalAmounts(tx),
    },
  };
}

/** dynamic3D, payment3D: the challenge's request and page at the top level, empty when none (P reads paRequest). */
export function paRequestOf(paid: PayOrderOutcome): Record<string, unknown> {
  return paid.kind === 'challenge'
    ? { paRequest: paid.challenge.cReq, acsUrl: paid.challenge.acsUrl }
    : { paRequest: '', acsUrl: '' };
}

/** authenticate3d (docs/decisions/0141): the 3-D Secure result under paymentOption.card.threeD; no money moved. */
export function sessionAuthenticationFields(
  paid: PayOrderOutcome,
  sessionToken: string,
  order: SessionOrder,
): Record<string, unknown> {
  const head = { sessionToken, orderId: String(order.id) };
  if (paid.kind === 'challenge') {
    const card = cardFieldsOf(paid.tx);
    return {
      ...head,
      transactionId: paid.tx.id,
      transactionStatus: 'REDIRECT',
      paymentOption: {
        card: {
          threeD: {
            ...card,
            transactionId: paid.tx.id,
            result: '',
            errCode: 0,
            errorDescription: '',
            cancelled: false,
            acsUrl: paid.challenge.acsUrl,
            cReq: paid.challenge.cReq,
          },
        },
      },
    };
  }
  if (paid.kind !== 'authenticated') throw new Error(`unexpected ${paid.kind} outcome of an authentication`);
  const r = paid.result;
  const ok = r.status === 'Y' || r.status === 'A';
  return {
    ...head,
    transactionId: paid.tx.id,
    transactionStatus: ok ? 'APPROVED' : 'DECLINED',
    paymentOption: {
      card: {
        threeD: {
          ...cardFieldsOf(paid.tx),
          transactionId: paid.tx.id,
          result: ok ? 'APPROVED' : 'DECLINED',
          errCode: 0,
          errorDescription: ok ? '' : 'Authentication Failed',
          cancelled: false,
          eci: r.eci,
          cavv: r.cavv,
          dsTransID: r.dsTransID,
          threeDReasonId: '',
          threeDReason: '',
          challengeCancelReasonId: '',
          challengeCancelReason: '',
          isExemptionRequestInAuthentication: '0',
          challengePreferenceReason: '',
        },
      },
    },
  };
}

function cardFieldsOf(tx: Transaction): Record<string, string> {
  const c = tx.card;
  if (!c) return {};
  return {
    ccCardNumber: c.maskedCardNumber,
    bin: c.bin,
    last4Digits: c.last4Digits,
    ccExpMonth: c.expirationMonth,
    ccExpYear: c.expirationYear,
  };
}

/** The request's `customData` (a string, as the clients send it) to echo in the answer. */
export function customDataOf(body: { readonly [member: string]: unknown }): AskedOf {
  return typeof body.customData === 'string' ? { customData: body.customData } : {};
}
