import type { FastifyInstance } from 'fastify';
import { resendDelivery } from '../../../domain/notifications/notification.service.js';
import { appendAudit } from '../../../domain/dashboard/audit.js';
import { realNow } from '../../../lib/clock.js';
import { ERRORS, IdParams } from '../../../schemas/dashboard/common.schema.js';
import { NotificationWire } from '../../../schemas/dashboard/notifications.schema.js';
import { API_BASE, permit, userOf } from './auth.js';
import { notificationToWire } from './notifications.list.js';

/** POST /dashboard/api/v1/notifications/{id}/resend: the admin API's resend, for the signed-in user. */
export function registerResendNotification(app: FastifyInstance): void {
  app.post<{ Params: IdParams }>(
    `${API_BASE}/notifications/:id/resend`,
    {
      onRequest: permit('notifications.resend'),
      schema: {
        summary: 'Resend a notification',
        description:
          'Queues it again, due now, with a fresh retry schedule (as `POST /admin/v1/deliveries/{id}/resend`); 409 while an attempt is in flight. Written to the audit log. Needs `x-csrf-token`.',
        tags: ['dashboard'],
        security: [{ dashboardSession: [] }],
        params: IdParams,
        response: { 202: NotificationWire, ...ERRORS },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const deps = app.services.deps;
      const d = await resendDelivery(deps, request.params.id, user.merchantId);
      await deps.storage.write((repos) =>
        appendAudit(repos, user, realNow(deps.clock), 'notification.resend', d.id, { kind: d.kind }),
      );
      return reply.code(202).send(notificationToWire(d));
    },
  );
}
