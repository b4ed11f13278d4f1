import type { FastifyInstance } from 'fastify';
import { deleteUpo } from '../../domain/payment-methods/upos.service.js';
import { SessionEnvelope } from '../../schemas/session/envelope.schema.js';
import { type ServerCallBody, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';

/** POST /ppp/api/v1/deleteUPO.do: deletes a stored payment option of the userTokenId (1011 when not theirs). */
export function registerDeleteUpo(app: FastifyInstance): void {
  app.post<{ Body: ServerCallBody<'deleteUPO'> }>(
    `${SESSION_API}/deleteUPO.do`,
    {
      preValidation: checksumAuth(app, 'deleteUPO'),
      schema: {
        summary: 'Delete a stored payment option',
        description: `Deletes userPaymentOptionId of userTokenId on the caller's site; a UPO of another site or user, unknown or already deleted is errCode 1011 (docs/decisions/0323). Checksum: ${CHECKSUM_FIELDS.deleteUPO.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.deleteUPO,
        response: { 200: SessionEnvelope },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { userTokenId, userPaymentOptionId } = request.body;
      await deleteUpo(app.services.deps, { siteId: ctx.siteId, userTokenId }, userPaymentOptionId);
      return success(request, {});
    },
  );
}
