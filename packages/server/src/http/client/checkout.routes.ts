import type { FastifyInstance } from 'fastify';
import { deleteUpo } from '../../domain/payment-methods/upos.service.js';
import { BadRequest } from '../../domain/errors.js';
import { ClientDeleteUpoRequest } from '../../schemas/client/checkout.schema.js';
import { ClientResponse } from '../../schemas/client/client.schema.js';
import { CLIENT_API, sessionOf, sessionTokenAuth } from './context.js';
import { clientSuccess } from './errors.js';

/**
 * The client API routes of the hosted checkout (spec 4.3): `deleteUpo`, behind `checkout.deleteUpo`
 * and the form's remove buttons. The session's own user only: a UPO of another user or site is
 * answered exactly as a missing one (errCode 1011 Invalid user payment option).
 */
export function registerCheckoutRoutes(app: FastifyInstance): void {
  const auth = sessionTokenAuth(app);
  const { deps } = app.services;

  app.post<{ Body: ClientDeleteUpoRequest }>(
    `${CLIENT_API}/deleteUpo`,
    {
      preValidation: auth,
      schema: {
        summary: "Delete one of the session user's stored payment options",
        description:
          "Marks a UPO of the session's userTokenId deleted (checkout.deleteUpo); it is no longer listed or payable.",
        tags: ['client'],
        body: ClientDeleteUpoRequest,
        response: { 200: ClientResponse },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const body = request.body;
      if (!session.userTokenId)
        throw new BadRequest('The session has no userTokenId: open the order with one');
      const id = String(body.userPaymentOptionId);
      await deleteUpo(deps, { siteId: session.siteId, userTokenId: session.userTokenId }, id);
      return clientSuccess({ sessionToken: session.token, result: 'SUCCESS', userPaymentOptionId: id });
    },
  );
}
