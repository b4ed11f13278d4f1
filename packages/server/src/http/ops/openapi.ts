import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { CURATED_EXAMPLES } from './reference-examples.js';
import { registerReference } from './reference.js';

export const OPENAPI_INFO = {
  title: 'Gatehouse',
  version: '0.1.0',
  description:
    'Gatehouse, a self-hostable payment gateway: the REST 2.0 order API, the session API and the operations endpoints. Generated from the same TypeBox schemas that validate requests.',
};

type Media = { example?: unknown; examples?: Record<string, { summary?: string; value: unknown }> };
type OpenApiOperation = {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
};

/**
 * Puts the curated examples (reference-examples.ts: values a generated example would get wrong, sent to
 * a real server by reference.test.ts) on their operations, where the reference at /docs shows them.
 */
export function withCuratedExamples<T extends { paths?: Record<string, Record<string, unknown>> }>(doc: T): T {
  for (const [key, curated] of Object.entries(CURATED_EXAMPLES)) {
    const [method = '', path = ''] = key.split(' ');
    const op = doc.paths?.[path]?.[method] as OpenApiOperation | undefined;
    if (!op) continue;
    const request = op.requestBody?.content?.['application/json'];
    if (request && curated.request !== undefined) request.example = curated.request;
    for (const [status, value] of Object.entries(curated.responses ?? {})) {
      const media = op.responses?.[status]?.content?.['application/json'];
      if (media) media.example = value;
    }
    if (curated.error) {
      const status = op.responses?.[curated.error.status] ? curated.error.status : `${curated.error.status[0]}XX`;
      const media = op.responses?.[status]?.content?.['application/json'];
      if (media)
        media.examples = {
          ...media.examples,
          invalid: { summary: curated.error.summary, value: curated.error.response },
        };
    }
  }
  return doc;
}

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
          // the control panel's session cookie, with `x-csrf-token` on changes (docs/dashboard.md)
          dashboardSession: { type: 'apiKey', in: 'cookie', name: 'gh_dash' },
        },
      },
    },
    transformObject: (documentObject) =>
      withCuratedExamples(
        ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as {
          paths?: Record<string, Record<string, unknown>>;
        },
      ) as never,
  });
  // The reference UI: Swagger UI served from its npm package (docs/decisions/0950).
  await registerReference(app, OPENAPI_INFO.version);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
