import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { registerReference } from './reference.js';

export const OPENAPI_INFO = {
  title: 'Gatehouse',
  version: '0.1.0',
  description:
    'Gatehouse, a self-hostable payment gateway: the REST 2.0 order API, the session API and the operations endpoints. Generated from the same TypeBox schemas that validate requests.',
};

/** OpenAPI 3.1 generated from the route schemas, served at /openapi.json with a reference UI at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
  });
  // The reference UI: server-rendered, under the site's strict CSP (docs/decisions/0903).
  registerReference(app);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
