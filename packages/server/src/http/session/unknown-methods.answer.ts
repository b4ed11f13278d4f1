import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../../domain/errors.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { CATALOGUE_CHECKSUM_FIELDS } from '../../security/catalogue-checksum.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { SESSION_API } from './envelope.js';

const KNOWN = new Set(
  [...Object.keys(CHECKSUM_FIELDS), ...Object.keys(CATALOGUE_CHECKSUM_FIELDS)].map((m) => `${m}.do`),
);

/**
 * Every other path and HTTP method under /ppp/api/v1/: an ERROR envelope (errCode 1066), never a
 * 404 page, so a merchant's client always finds the shape it parses.
 */
export function registerUnknownMethod(app: FastifyInstance): void {
  app.all(`${SESSION_API}/*`, { schema: { hide: true, response: { 200: SessionEnvelope } } }, async (request) => {
    const name = (request.params as { '*': string })['*'].split('?')[0]!.slice(0, 100);
    if (KNOWN.has(name)) throw new BadRequest(`${name} accepts POST only`);
    throw new BadRequest(`Unknown method: ${name || '(none)'}`);
  });
}
