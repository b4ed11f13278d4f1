import type { FastifyInstance } from 'fastify';
import { resendDelivery } from '../../domain/notifications/notification.service.js';
import { AdminErrorResponse, DeliveryParams, DeliveryWire } from '../../schemas/admin/deliveries.schema.js';
import { adminAuth, scopeOf } from './auth.js';
import { deliveryToWire } from './delivery.wire.js';

/** POST /admin/v1/deliveries/{id}/resend: deliver again now, with a fresh retry schedule; history is kept. */
export function registerResendDelivery(app: FastifyInstance): void {
  app.post<{ Params: DeliveryParams }>(
    '/admin/v1/deliveries/:id/resend',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'Resend a notification',
        description:
          'Queues the notification again, due now, with a fresh retry schedule. Its earlier attempts are kept; no second notification is created. 409 while an attempt is in flight.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        params: DeliveryParams,
        response: { 202: DeliveryWire, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request, reply) => {
      const d = await resendDelivery(app.services.deps, request.params.id, scopeOf(request).merchantId);
      return reply.code(202).send(deliveryToWire(d));
    },
  );
}
