import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { createOrder } from '../../domain/orders/order.service.js';
import { requestHashOf } from '../../domain/idempotency/idempotency.service.js';
import { OrderRequest } from '../../schemas/rest/order.schema.js';
import { ErrorResponse, OrderResponse } from '../../schemas/rest/result.schema.js';
import { merchantOf, restAuth } from './auth.js';
import { toCreateOrderCommand } from './order.translate.js';

/** POST /orders (docs/rest-orders.md): create an order; `idempotency-key` makes retries safe. */
export function registerCreateOrder(app: FastifyInstance): void {
  app.post<{ Body: OrderRequest; Headers: { 'idempotency-key'?: string } }>(
    '/orders',
    {
      onRequest: restAuth(app, { bearer: true }),
      schema: {
        summary: 'Create an order',
        description:
          'Creates an order for a payment session and returns its `sessionId`. Accepts an API key or a merchant access token with the `payments` scope.',
        tags: ['orders'],
        security: [{ apiKey: [] }, { bearer: [] }],
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 255,
              description: 'Retries with the same key and body replay the first response',
            }),
          ),
        }),
        body: OrderRequest,
        response: { 201: OrderResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { services } = app;
      const ctx = merchantOf(request);
      const cmd = toCreateOrderCommand(request.body, request.rawBody ?? JSON.stringify(request.body));
      const key = request.headers['idempotency-key'];
      const result = await createOrder(
        services.deps,
        ctx,
        cmd,
        (order) => ({ status: 201, body: createdBody(order.sessionId) }),
        key === undefined ? undefined : { key, requestHash: requestHashOf(services.deps.vault, request.body) },
      );
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
    },
  );
}

/**
 * The 201 body, `{"sessionId":…,"result":{"status":"success"}}` (OrderResponse), written out: a
 * sessionId is a UUID (hex digits and hyphens), which JSON needs no escape for.
 */
function createdBody(sessionId: string): string {
  return `{"sessionId":"${sessionId}","result":{"status":"success"}}`;
}
