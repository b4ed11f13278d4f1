import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

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
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
