import type { FastifyInstance } from 'fastify';
import { Invalid } from '../../../domain/errors.js';
import { listDeliveries } from '../../../domain/notifications/notification.service.js';
import type { DeliveryWithAttempts } from '../../../domain/notifications/notification.types.js';
import { CursorQuery, ERRORS } from '../../../schemas/dashboard/common.schema.js';
import { NotificationPage, type NotificationWire } from '../../../schemas/dashboard/notifications.schema.js';
import { API_BASE, permit, userOf } from './auth.js';

const PAGE = 50;
const CURSOR = /^(\d{1,16})\.([\w-]{1,80})$/;

/** A notification as the control panel shows it (the admin API's deliveries, docs/dashboard.md). */
export function notificationToWire(d: DeliveryWithAttempts): NotificationWire {
  return {
    id: d.id,
    kind: d.kind,
    event: d.eventType,
    target: d.targetUrl,
    status: d.status,
    attempts: d.attemptLog.map((a) => ({
      at: new Date(a.startedAt).toISOString(),
      status: a.statusCode,
      latencyMs: a.latencyMs,
      excerpt: a.responseExcerpt ?? a.error,
    })),
    payload: d.payload,
    signature: null,
  };
}

/** GET /dashboard/api/v1/notifications: the merchant's webhooks, DMNs and e-mails, newest first. */
export function registerListNotifications(app: FastifyInstance): void {
  app.get<{ Querystring: CursorQuery }>(
    `${API_BASE}/notifications`,
    {
      onRequest: permit('notifications.read'),
      schema: {
        summary: 'List notifications',
        description:
          'What `GET /admin/v1/deliveries` lists, for the signed-in user’s merchant: newest first, 50 a page, each with every attempt.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        querystring: CursorQuery,
        response: { 200: NotificationPage, ...ERRORS },
      },
    },
    async (request): Promise<NotificationPage> => {
      const cursor = request.query.cursor;
      const m = cursor === undefined ? null : CURSOR.exec(cursor);
      if (cursor !== undefined && !m) throw new Invalid('cursor', 'is not a cursor of this list');
      const rows = await listDeliveries(app.services.deps, {
        merchantId: userOf(request).merchantId,
        ...(m ? { before: { createdAt: Number(m[1]), id: m[2]! } } : {}),
        limit: PAGE + 1,
      });
      const items = rows.slice(0, PAGE);
      const last = items[items.length - 1];
      return {
        items: items.map(notificationToWire),
        nextCursor: rows.length > PAGE && last ? `${last.createdAt}.${last.id}` : null,
      };
    },
  );
}
