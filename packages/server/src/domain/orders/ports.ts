import type { Order, OrderRef } from './order.types.js';

/** An order to insert: its request is the JSON text as received (ADR 0014). */
export type NewOrder = Omit<Order, 'id' | 'request'> & { requestJson: string };

export interface OrderRepo {
  /** Inserts the order; its numeric id. */
  insert(order: NewOrder): Promise<number>;
  /** The order of `entityId` that `ref` names; with a merchantTransactionId, only when it is unique. */
  find(entityId: string, ref: OrderRef): Promise<Order | undefined | 'ambiguous'>;
  findBySessionId(sessionId: string): Promise<Order | undefined>;
  updateAmount(id: number, amount: number, at: number): Promise<void>;
}
