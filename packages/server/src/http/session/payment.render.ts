import type { PayOrderOutcome } from '../../domain/payments/pay-order.js';
import { sessionTransactionFields } from '../../domain/payments/payment.view.js';
import type { SessionOrder } from '../../domain/sessions/session.types.js';
import { sessionChallengeFields, sessionInitFields } from '../three-d.view.js';

/**
 * A payment's outcome as payment.do and initPayment.do answer it: the session and order, then the
 * transaction (APPROVED, DECLINED, ERROR; REDIRECT for a challenge or an APM page).
 */
export function sessionPaymentFields(
  paid: PayOrderOutcome,
  sessionToken: string,
  order: SessionOrder,
  userTokenId: string | null | undefined,
): Record<string, unknown> {
  const head = { sessionToken, orderId: String(order.id), ...(userTokenId ? { userTokenId } : {}) };
  switch (paid.kind) {
    case 'done': {
      const fields = sessionTransactionFields(paid.tx);
      if (paid.upoId === undefined) return { ...head, ...fields };
      // the UPO paid with or stored, also in paymentOption as the SDKs read it (docs/decisions/0148)
      const option = { ...(fields.paymentOption as Record<string, unknown> | undefined), userPaymentOptionId: paid.upoId };
      return { ...head, ...fields, userPaymentOptionId: paid.upoId, paymentOption: option };
    }
    case 'challenge':
      return { ...head, ...sessionChallengeFields(paid.tx, paid.challenge) };
    case 'method':
      return { ...head, ...sessionInitFields(paid.tx, paid.method) };
    case 'authenticated':
      return { ...head, ...sessionTransactionFields(paid.tx) };
    case 'replay':
      // the session API claims no idempotency key
      throw new Error('unexpected replay of a session payment');
  }
}
