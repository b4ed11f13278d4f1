import type { TransactionRender } from '../domain/payments/render.port.js';
import { restPaymentResponse } from './rest-payment.render.js';
import { sessionTransactionFields } from './session-transaction.render.js';

/**
 * The domain's `TransactionRender` port (docs/decisions/0617, 0651): what it stores in wire form inside
 * its own commits (a REST webhook's `data`, a recovered request's answer), rendered here, outside
 * http/, so that the domain never calls into an interface.
 */
export const transactionRender: TransactionRender = {
  // Object.assign onto the fresh response, not a spread followed by members (V8's slow path, ADR 0665)
  webhookData: (tx) =>
    Object.assign(restPaymentResponse(tx), {
      sessionId: tx.interface === 'rest' ? tx.sessionId : null,
      merchantTransactionId: tx.merchantTransactionId,
    }),
  recoveredAnswer: (tx, sessionFrame) =>
    sessionFrame
      ? JSON.stringify(Object.assign(JSON.parse(sessionFrame) as Record<string, unknown>, sessionTransactionFields(tx)))
      : JSON.stringify(restPaymentResponse(tx)),
};
