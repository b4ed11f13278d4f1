import { Invalid, Missing } from '../../domain/errors.js';
import type { SessionOrder } from '../../domain/sessions/session.types.js';
import type { PaymentFamilyBody, PaymentFamilyMethod } from '../../schemas/session/payment-family.schema.js';
import { obj, str } from '../fields.js';
import type { PaymentBody } from './payment.translate.js';

/**
 * The session payment family as payment.do bodies (docs/decisions/0144): each method names its
 * card, APM or 3-D Secure data its own way; once rewritten, payment.do's translation (and `payOrder`)
 * does the rest, so there is one payment path.
 */

type Body = Record<string, unknown>;
const without = (body: Body, ...keys: string[]): Body => {
  const out: Body = {};
  for (const [k, v] of Object.entries(body)) if (!keys.includes(k)) out[k] = v;
  return out;
};

/** `cardData`, or a stored card `userPaymentOption {userPaymentOptionId, CVV}`, as a payment option. */
function cardOptionOf(body: Body, field: 'cardData'): Body {
  const upo = obj(body.userPaymentOption);
  if (upo?.userPaymentOptionId !== undefined) {
    const cvv = str(upo.CVV);
    return { userPaymentOptionId: upo.userPaymentOptionId, ...(cvv !== undefined ? { card: { CVV: cvv } } : {}) };
  }
  const card = obj(body[field]);
  if (!card) throw new Missing(field);
  return { card: { ...card } };
}

/** Where a challenge's result goes when the method carries no `threeD.notificationURL` (0144). */
function threeDOf(body: Body): Body {
  const url = str(obj(body.urlDetails)?.notificationUrl) ?? str(obj(body.urlDetails)?.successUrl);
  return url !== undefined ? { notificationURL: url } : {};
}

const payments: { [K in PaymentFamilyMethod]: (body: Body) => Body } = {
  paymentCC: (b) => ({ ...without(b, 'cardData', 'orderId'), paymentOption: cardOptionOf(b, 'cardData') }),
  paymentAPM: (b) => {
    const upo = obj(b.userPaymentOption);
    const paymentOption =
      upo?.userPaymentOptionId !== undefined
        ? { userPaymentOptionId: upo.userPaymentOptionId }
        : { alternativePaymentMethod: { paymentMethod: b.paymentMethod, ...obj(b.userAccountDetails) } };
    return { ...without(b, 'paymentMethod', 'userAccountDetails', 'userPaymentOption', 'orderId'), paymentOption };
  },
  payment3D: (b) => {
    const option = cardOptionOf(b, 'cardData');
    const card = obj(option.card);
    const threeD = b.relatedTransactionId !== undefined ? { threeD: { ...threeDOf(b), ...obj(card?.threeD) } } : {};
    return {
      ...without(b, 'cardData', 'userPaymentOption', 'paymentMethod', 'paResponse', 'orderId'),
      paymentOption: { ...option, card: { ...card, ...threeD } },
    };
  },
  dynamic3D: (b) => {
    const option = cardOptionOf(b, 'cardData');
    const card = obj(option.card) ?? {};
    const mpi = obj(b.externalMpi);
    const off = b.dynamic3DMode === 'OFF';
    // external MPI data, or with dynamic3DMode OFF no 3-D Secure step: the payment runs at once
    const threeD = mpi ? { externalMpi: without(mpi, 'isExternalMpi') } : { ...threeDOf(b), ...obj(card.threeD) };
    const rest = without(b, 'cardData', 'userPaymentOption', 'externalMpi', 'isDynamic3D', 'dynamic3DMode', 'orderId');
    return {
      ...(off && !mpi ? without(rest, 'relatedTransactionId') : rest),
      paymentOption: { ...option, card: { ...card, threeD } },
    };
  },
  authorize3d: (b) => ({ ...b }),
  authenticate3d: (b) => ({ ...b }),
  verify3d: (b) => ({ ...b }),
};

/** The payment.do body a family call stands for. */
export function paymentBodyOf<K extends PaymentFamilyMethod>(method: K, body: PaymentFamilyBody<K>): PaymentBody {
  return payments[method](body as Body) as PaymentBody;
}

/** An `orderId` sent (paymentCC, paymentAPM, payment3D, dynamic3D) must be the session's order. */
export function checkOrderId(body: Body, order: SessionOrder): void {
  const id = body.orderId;
  if (id !== undefined && id !== '' && String(id) !== String(order.id)) {
    throw new Invalid('orderId', "must be the session's order");
  }
}
