import type { Transaction } from './transaction.types.js';

/**
 * The wire forms the domain stores inside its own commits, rendered by the interfaces that speak them
 * (docs/decisions/0617): the domain decides what to store and when, `render/transaction-render.ts`
 * writes the bytes; `runtime.ts` fills the port in, like the clock.
 */
export interface TransactionRender {
  /** a REST webhook's `data` of a transaction: the payment response (docs/rest-orders.md), sessionId and merchantTransactionId */
  webhookData(tx: Transaction): Record<string, unknown>;
  /**
   * The final answer (a JSON body) of a request whose transaction recovery closed: a REST request's
   * payment response; a session request's stored envelope (`sessionFrame`) with the transaction's members.
   */
  recoveredAnswer(tx: Transaction, sessionFrame: string | null): string;
}
