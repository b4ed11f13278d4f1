import type { PayOrderOutcome } from '../../domain/payments/pay-order.js';
import type { SessionOrder } from '../../domain/sessions/session.types.js';
import { clientSuccess } from './errors.js';
import { paymentResultOf } from './result.js';

/**
 * A payment's outcome as the client API answers it: the payment result (docs/web-sdk.md), `result: REDIRECT`
 * with `threeD {acsUrl, cReq}` for a challenge, or the InitAuth3D's method data.
 */
export function clientPaymentAnswer(
  paid: PayOrderOutcome,
  sessionToken: string,
  order: SessionOrder,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const head = { sessionToken, orderId: String(order.id) };
  switch (paid.kind) {
    case 'done':
    case 'authenticated':
      // Object.assign({}, …), not { ...head, ...result }: a spread after a leading spread is V8's slow path (ADR 0668)
      return clientSuccess(
        Object.assign(
          {},
          head,
          paymentResultOf(paid.tx, {
            ...(paid.kind === 'done' && paid.upoId !== undefined ? { userPaymentOptionId: paid.upoId } : {}),
            ...extra,
          }),
        ),
      );
    case 'challenge':
      return clientSuccess({
        ...head,
        result: 'REDIRECT',
        transactionId: paid.tx.id,
        transactionStatus: 'REDIRECT',
        transactionType: paid.tx.type,
        threeD: { acsUrl: paid.challenge.acsUrl, cReq: paid.challenge.cReq },
      });
    case 'method': {
      const m = paid.method;
      return clientSuccess({
        ...head,
        transactionId: paid.tx.id,
        threeD: {
          methodUrl: m.methodUrl,
          methodPayload: m.methodPayload,
          version: m.version,
          serverTransId: m.serverTransId,
        },
      });
    }
    case 'replay':
      // the client API claims no idempotency key
      throw new Error('unexpected replay of a client payment');
  }
}
