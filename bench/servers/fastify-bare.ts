/**
 * (b) A bare Fastify route validating the same OrderRequest TypeBox schema with Fastify's default
 * Ajv (ajv-formats included) and the app's Ajv options (packages/server/src/http/ajv-options.ts);
 * answers 201 with a fixed body. No logger, no hooks, no store: the cost of Fastify + JSON parsing + validation.
 */
import Fastify from 'fastify';
import { AJV_OPTIONS } from '../../packages/server/src/http/ajv-options.js';
import { OrderRequest } from '../../packages/server/src/schemas/rest/order.schema.js';
import { fail, serve } from './child.js';

const BODY = JSON.stringify({ sessionId: '6a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b', result: { status: 'success' } });

async function main(): Promise<void> {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    ajv: AJV_OPTIONS,
  });
  app.post('/orders', { schema: { body: OrderRequest } }, async (_request, reply) =>
    reply.code(201).type('application/json; charset=utf-8').send(BODY),
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  await serve({ url }, async () => {
    await app.close();
  });
}

main().catch(fail);
