import { Invalid } from '../../domain/errors.js';
import type { OrderRef } from '../../domain/orders/order.types.js';
import type { OrderLookupQuery } from '../../schemas/rest/order.schema.js';

/** PATCH /orders and GET /orders/status name the order by `sessionId` or `merchantTransactionId`. */
export function orderRefOf(query: OrderLookupQuery): OrderRef {
  if (query.sessionId !== undefined) return { sessionId: query.sessionId };
  if (query.merchantTransactionId !== undefined) return { merchantTransactionId: query.merchantTransactionId };
  throw new Invalid('sessionId', 'or merchantTransactionId must be given as a query parameter');
}
