import type { DeliveryWithAttempts } from '../../domain/notifications/notification.types.js';
import type { DeliveryWire } from '../../schemas/admin/deliveries.schema.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A notification and its attempts as the admin API shows them. */
export function deliveryToWire(d: DeliveryWithAttempts): DeliveryWire {
  return {
    id: d.id,
    kind: d.kind,
    eventType: d.eventType,
    status: d.status,
    targetUrl: d.targetUrl,
    orderId: d.orderId,
    sessionId: d.sessionId,
    transactionId: d.transactionId,
    payload: d.payload,
    attemptCount: d.attempts,
    nextAttemptAt: d.status === 'pending' ? iso(d.runAt) : null,
    lastError: d.lastError,
    createdAt: iso(d.createdAt),
    deliveredAt: d.deliveredAt === null ? null : iso(d.deliveredAt),
    attempts: d.attemptLog.map((a) => ({
      attemptNo: a.attemptNo,
      startedAt: iso(a.startedAt),
      finishedAt: a.finishedAt === null ? null : iso(a.finishedAt),
      statusCode: a.statusCode,
      latencyMs: a.latencyMs,
      error: a.error,
      responseExcerpt: a.responseExcerpt,
    })),
  };
}
