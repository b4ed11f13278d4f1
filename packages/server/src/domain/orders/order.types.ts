import type { Minor } from '../../lib/money.js';

export type PermittedOperation = 'payments' | 'operations';
export type OrderStatus = 'open';

export interface Order {
  /** numeric order id, shared with the session API's `orderId` */
  id: number;
  sessionId: string;
  merchantId: string;
  siteId: string;
  /** the processing entity of a REST order; null for a session API order */
  entityId: string | null;
  merchantTransactionId: string | null;
  amount: Minor;
  currency: string;
  transactionType: 'Auth' | 'PreAuth' | 'Sale' | null;
  openAmount: { min: Minor; max: Minor } | null;
  permittedOperations: PermittedOperation[];
  productId: string | null;
  webhookUrl: string | null;
  status: OrderStatus;
  /** the order request as received (its JSON text, parsed), kept for the payment steps (ADR 0014) */
  request: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  sessionExpiresAt: number;
}

/** What the REST edge hands the domain once shapes and money are checked. */
export interface CreateOrderCommand {
  entityId: string;
  merchantTransactionId: string | null;
  amount: Minor;
  currency: string;
  transactionType: Order['transactionType'];
  openAmount: Order['openAmount'];
  permittedOperations: PermittedOperation[];
  productId: string | null;
  webhookUrl: string | null;
  /** the request's JSON text exactly as received, validated (ADR 0014) */
  requestJson: string;
}

export type OrderRef = { sessionId: string } | { merchantTransactionId: string };
