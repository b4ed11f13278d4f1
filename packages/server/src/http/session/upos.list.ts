import type { FastifyInstance } from 'fastify';
import { listUpos, upoFields } from '../../domain/payment-methods/upos.service.js';
import { GetUserUposResponse } from '../../schemas/session/card-details.schema.js';
import { type ServerCallBody, ServerCallRequests } from '../../schemas/session/server-calls.schema.js';
import { CHECKSUM_FIELDS } from '../../security/checksum.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';

/** POST /ppp/api/v1/getUserUPOs.do: the stored payment options of a userTokenId of the caller's site. */
export function registerGetUserUpos(app: FastifyInstance): void {
  app.post<{ Body: ServerCallBody<'getUserUPOs'> }>(
    `${SESSION_API}/getUserUPOs.do`,
    {
      preValidation: checksumAuth(app, 'getUserUPOs'),
      schema: {
        summary: "List a user's stored payment options",
        description: `Answers paymentMethods: the live UPOs of userTokenId on the caller's site (masked card data only; docs/decisions/0323). Checksum: ${CHECKSUM_FIELDS.getUserUPOs.join(', ')}, then the merchant secret key.`,
        tags: ['session'],
        body: ServerCallRequests.getUserUPOs,
        response: { 200: GetUserUposResponse },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const upos = await listUpos(app.services.deps, ctx.siteId, request.body.userTokenId);
      // a suspended UPO is listed as disabled (suspendUPO, docs/session-methods.md)
      const suspended = await app.services.deps.storage.read.upoAdmin.suspended(upos.map((u) => u.id));
      const shown = upos.map((u) => ({ ...upoFields(u), ...(suspended.has(u.id) ? { upoStatus: 'disabled' } : {}) }));
      return success(request, { paymentMethods: shown });
    },
  );
}
