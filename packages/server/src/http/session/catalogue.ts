import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { SessionContext } from '../../domain/sessions/session.types.js';
import {
  CATALOGUE_CHECKSUM_FIELDS,
  type CatalogueMethodName,
  verifyCatalogueChecksum,
} from '../../security/catalogue-checksum.js';
import { checksumAuth } from './auth.js';
import { SESSION_API, success } from './envelope.js';

/**
 * The methods of the real gateway's catalogue beyond the seed (docs/session-methods.md): one route per method at
 * `POST /ppp/api/v1/<method>.do`, authenticated like every checksum call (unknown merchant 1013,
 * unknown or foreign site 1022, malformed timeStamp 1021, wrong checksum 1001), its checksum over
 * the method's fields with nested values flattened (security/catalogue-checksum.ts).
 */

export function catalogueChecksumAuth(
  app: FastifyInstance,
  method: CatalogueMethodName,
): preValidationAsyncHookHandler {
  const fields = CATALOGUE_CHECKSUM_FIELDS[method];
  return checksumAuth(app, (secret, given, body) => verifyCatalogueChecksum(fields, body, secret, given));
}

export interface CatalogueMethod<S extends TSchema> {
  name: CatalogueMethodName;
  summary: string;
  description: string;
  body: S;
  response: TSchema;
  /** the method's own members of the SUCCESS envelope */
  handle(ctx: SessionContext, body: Static<S>, request: FastifyRequest): Promise<Record<string, unknown>>;
}

export function registerCatalogueMethod<S extends TSchema>(app: FastifyInstance, m: CatalogueMethod<S>): void {
  app.post(
    `${SESSION_API}/${m.name}.do`,
    {
      preValidation: catalogueChecksumAuth(app, m.name),
      schema: {
        summary: m.summary,
        description: `${m.description} Checksum: ${CATALOGUE_CHECKSUM_FIELDS[m.name].join(', ')} (present fields only, nested values flattened in order), then the merchant secret key.`,
        tags: ['session'],
        body: m.body,
        response: { 200: m.response },
      },
    },
    async (request) => {
      const ctx = request.sessionContext;
      if (!ctx) throw new Error('route without checksum authentication');
      // validated by `m.body` (Fastify cannot resolve the body type of a schema left generic here)
      return success(request, await m.handle(ctx, request.body as Static<S>, request));
    },
  );
}
