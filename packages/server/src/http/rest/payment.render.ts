import type { FastifyReply } from 'fastify';
import type { PayOrderOutcome } from '../../domain/payments/pay-order.js';
import type { Run } from '../../domain/payments/payment.service.js';
import type { Transaction } from '../../domain/payments/transaction.types.js';
import type { PaymentResponse } from '../../schemas/rest/payment.schema.js';
import { restPaymentResponse } from '../../render/rest-payment.render.js';
import { restAuthenticatedResponse, restChallengeResponse, restFingerprintResponse } from '../three-d.view.js';

export { restPaymentResponse };

/** A payment's outcome as POST /payment-api/payments answers it (docs/rest-orders.md), typed by its response schema. */

type Rendered = PaymentResponse & { paymentOption?: { card?: { paymentTokenId?: string } } };

/** The payment response, with the UPO it paid with or stored (card.paymentTokenId and userPaymentOptionId). */
export function restPaymentWithUpo(tx: Transaction, upoId?: string): PaymentResponse {
  const r = restPaymentResponse(tx) as Rendered;
  if (upoId === undefined) return r;
  if (r.paymentOption?.card) r.paymentOption.card.paymentTokenId = upoId;
  return Object.assign(r, { userPaymentOptionId: upoId }); // r is this call's own: no spread (ADR 0665)
}

export async function sendPaid(reply: FastifyReply, paid: PayOrderOutcome): Promise<FastifyReply> {
  switch (paid.kind) {
    case 'done':
      return reply.code(200).send(restPaymentWithUpo(paid.tx, paid.upoId));
    case 'method':
      return reply.code(200).send(restFingerprintResponse(paid.tx, paid.method));
    case 'challenge':
      return reply.code(200).send(restChallengeResponse(paid.tx, paid.challenge));
    case 'authenticated':
      return reply.code(200).send(restAuthenticatedResponse(paid.tx, paid.result));
    case 'replay': {
      if (!paid.upoIdOf) return sendReplay(reply, paid.replay);
      // the stored first answer, with the UPO it paid with or stored
      const first = JSON.parse(paid.replay.body) as Rendered;
      const upoId = first.transactionId ? await paid.upoIdOf(first.transactionId) : undefined;
      if (upoId !== undefined) {
        if (first.paymentOption?.card) first.paymentOption.card.paymentTokenId = upoId;
        first.userPaymentOptionId = upoId;
      }
      void reply.header('idempotent-replayed', 'true');
      return reply.code(paid.replay.status).send(first);
    }
  }
}

/** A settle, void or refund: its transaction, or the first answer of its idempotency key. */
export function sendRun(reply: FastifyReply, run: Run): FastifyReply {
  if (run.replay) return sendReplay(reply, run.replay);
  return reply.code(200).send(restPaymentResponse(run.tx));
}

function sendReplay(reply: FastifyReply, replay: { status: number; body: string }): FastifyReply {
  void reply.header('idempotent-replayed', 'true');
  return reply.code(replay.status).type('application/json; charset=utf-8').send(replay.body);
}
