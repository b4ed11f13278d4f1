import type { NewSessionOrder, OrderDetails, Pricing, SessionOrder } from '../sessions/session.types.js';
import type { Transaction } from '../payments/transaction.types.js';
import type { Order, OrderRef } from './order.types.js';

/** What a status read needs of an order, and its last payment, read together (ADR 0810). */
export interface OrderStatusView {
  order: Pick<Order, 'id' | 'merchantId' | 'entityId' | 'amount' | 'currency' | 'transactionType'>;
  lastPayment: Transaction | undefined;
}

/** An order to insert: its request is the JSON text as received (ADR 0014). */
export type NewOrder = Omit<Order, 'id' | 'request'> & { requestJson: string };

/** The one repository that writes the `orders` table, REST and session orders alike. */
export interface OrderRepo {
  /** Inserts the order; its numeric id. */
  insert(order: NewOrder): Promise<number>;
  /** The order of `entityId` that `ref` names; with a merchantTransactionId, only when it is unique. */
  find(entityId: string, ref: OrderRef): Promise<Order | undefined | 'ambiguous'>;
  findBySessionId(sessionId: string): Promise<Order | undefined>;
  /** `find`, with only the columns a status answer needs and the order's last payment, in one read. */
  findStatus(entityId: string, ref: OrderRef): Promise<OrderStatusView | undefined | 'ambiguous'>;
  updateAmount(id: number, amount: number, at: number): Promise<void>;
  /** Locks the order row for the rest of the transaction (serialises payments of one order). */
  lock(id: number, at: number): Promise<void>;
  /** A session API order (the same table, docs/decisions/0601). */
  insertSessionOrder(order: NewSessionOrder): Promise<SessionOrder>;
  findSessionOrder(id: number): Promise<SessionOrder | undefined>;
  updateSessionOrder(
    id: number,
    set: { pricing: Pricing | null; details: OrderDetails; updatedAt: number },
  ): Promise<void>;
}
