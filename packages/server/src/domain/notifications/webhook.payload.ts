import type { NotificationEvent, OutcomeStatus } from './notification.types.js';

/** REST webhooks (DECISIONS.md 7): JSON body `{type, timestamp, data}`. */

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
  /** the status response (spec 2.13) plus sessionId and merchantTransactionId */
  data: Record<string, unknown>;
  /** when the event happened (epoch ms from the clock) */
  at: number;
}

/** The body of a webhook, exactly the bytes that are signed and sent. */
export function webhookBody(type: string, at: number, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: new Date(at).toISOString(), data });
}

export function webhookNotification(input: WebhookInput): NotificationEvent {
  return {
    kind: 'webhook',
    dedupeKey: input.dedupeKey,
    merchantId: input.merchantId,
    siteId: input.siteId,
    orderId: input.orderId,
    sessionId: input.sessionId,
    transactionId: input.transactionId,
    targetUrl: input.url,
    eventType: input.type,
    payload: webhookBody(input.type, input.at, input.data),
  };
}

/** The webhook event type of a transaction outcome: `transaction.approved`, `transaction.declined`, ... */
export function transactionEventType(status: OutcomeStatus): string {
  return `transaction.${status.toLowerCase()}`;
}
