import type { FastifyInstance } from 'fastify';
import { listDeliveries } from '../../domain/notifications/notification.service.js';
import { AdminErrorResponse, DeliveryList, DeliveryListQuery } from '../../schemas/admin/deliveries.schema.js';
import { adminAuth, scopeOf } from './auth.js';
import { deliveryToWire } from './delivery.wire.js';

/** GET /admin/v1/deliveries: the caller's notifications, newest first, each with every attempt. */
export function registerListDeliveries(app: FastifyInstance): void {
  app.get<{ Querystring: DeliveryListQuery }>(
    '/admin/v1/deliveries',
    {
      onRequest: adminAuth(app),
      schema: {
        summary: 'List notification deliveries',
        description:
          'Webhooks and DMNs of the API key’s merchant, newest first, each with every delivery attempt (status code, latency, error). Filter by `orderId`, `sessionId` or `transactionId`.',
        tags: ['admin'],
        security: [{ apiKey: [] }],
        querystring: DeliveryListQuery,
        response: { 200: DeliveryList, '4xx': AdminErrorResponse, 500: AdminErrorResponse },
      },
    },
    async (request): Promise<DeliveryList> => {
      const { merchantId } = scopeOf(request);
      const q = request.query;
      const rows = await listDeliveries(app.services.deps, {
        ...(merchantId !== undefined ? { merchantId } : {}),
        ...(q.orderId !== undefined ? { orderId: Number(q.orderId) } : {}),
        ...(q.sessionId !== undefined ? { sessionId: q.sessionId } : {}),
        ...(q.transactionId !== undefined ? { transactionId: q.transactionId } : {}),
        limit: q.limit === undefined ? 50 : Number(q.limit),
      });
      return { deliveries: rows.map(deliveryToWire) };
    },
  );
}
