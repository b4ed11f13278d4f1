import type { NotificationEvent } from '../domain/notifications/notification.types.js';
import type { WebhookInput } from '../domain/notifications/render.port.js';

/** REST webhooks (docs/notifications.md): JSON body `{type, timestamp, data}`, rendered for the outbox (docs/decisions/0617). */

export type { WebhookInput };

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
