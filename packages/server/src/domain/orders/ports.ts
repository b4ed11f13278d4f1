import type { Order, OrderRef } from './order.types.js';

export type NewOrder = Omit<Order, 'id'>;

export interface OrderRepo {
  insert(order: NewOrder): Promise<Order>;
  /** The order of `entityId` that `ref` names; with a merchantTransactionId, only when it is unique. */
  find(entityId: string, ref: OrderRef): Promise<Order | undefined | 'ambiguous'>;
  findBySessionId(sessionId: string): Promise<Order | undefined>;
  updateAmount(id: number, amount: number, at: number): Promise<void>;
}
