import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

const Health = Type.Object({
  status: Type.Enum(['ok', 'unavailable']),
  store: Type.Enum(['up', 'down']),
  dialect: Type.String(),
});

/** GET /health: liveness and readiness (the store answers a query). 503 when it does not. */
export function registerHealth(app: FastifyInstance): void {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and readiness',
        tags: ['operations'],
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      const { store } = app.services;
      try {
        await store.ping();
        return { status: 'ok' as const, store: 'up' as const, dialect: store.dialect.name };
      } catch (err) {
        request.log.warn({ err }, 'health check: store unreachable');
        return reply.code(503).send({ status: 'unavailable', store: 'down', dialect: store.dialect.name });
      }
    },
  );
}
