import type { WithdrawalOrder } from '../withdrawals/order.types.js';
import type { Withdrawal } from '../withdrawals/withdrawal.types.js';
import type { NotificationEvent, TransactionOutcome } from './notification.types.js';

/**
 * The wire bodies of merchant notifications (docs/decisions/0617). The domain decides WHAT to notify
 * (whom, which event, its typed facts) inside the commit of the state change; `delivery/` renders
 * the body the outbox stores (`delivery/notification.render.ts`), through this port in
 * `DomainDeps.render`. The outbox keeps the rendered bytes, and the relay re-sends them as stored.
 */
export interface NotificationRender {
  /** A REST webhook (docs/notifications.md): JSON body `{type, timestamp, data}`. */
  webhook(input: WebhookInput): NotificationEvent;
  /** The DMN of a transaction outcome to `url`: form parameters, de-duplicated by PPP_TransactionID + Status. */
  dmn(outcome: TransactionOutcome, url: string): NotificationEvent;
  /** The DMN of a withdrawal request's new status (docs/decisions/0504). */
  withdrawalDmn(w: Withdrawal, url: string, at: number): NotificationEvent;
  /** The DMN of a withdrawal order's new status (docs/decisions/0130). */
  withdrawalOrderDmn(o: WithdrawalOrder, w: Withdrawal, url: string, at: number): NotificationEvent;
}

export interface WebhookInput {
  dedupeKey: string;
  merchantId: string;
  siteId: string;
  orderId: number | null;
  sessionId: string | null;
  transactionId: string | null;
  url: string;
  /** e.g. `transaction.approved` */
  type: string;
  /** the status response (docs/rest-orders.md) plus sessionId and merchantTransactionId */
  data: Record<string, unknown>;
  /** when the event happened (epoch ms from the clock) */
  at: number;
}
