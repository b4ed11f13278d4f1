import type { FastifyInstance } from 'fastify';
import { SessionError } from '../../domain/sessions/session.errors.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { type ServerCall, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { checksumAuth } from './auth.js';
import { SESSION_API } from './envelope.js';

/**
 * Registers a server call whose behaviour comes with the payments issue: its path, request schema and
 * checksum rule are live, and once the checksum and the request hold it answers `status: ERROR`,
 * errCode 1000, `<method> is not available yet`.
 */
export function registerNotAvailable(app: FastifyInstance, method: ServerCall, summary: string): void {
  app.post(
    `${SESSION_API}/${method}.do`,
    {
      preValidation: checksumAuth(app, method),
      schema: {
        summary,
        description: `Not available yet: answers status ERROR, errCode 1000, once the checksum verifies. Checksum: ${CHECKSUM_FIELDS[method].join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests[method],
        response: { 200: SessionEnvelope },
      },
    },
    async () => {
      throw new SessionError('not_available', `${method} is not available yet`);
    },
  );
}
