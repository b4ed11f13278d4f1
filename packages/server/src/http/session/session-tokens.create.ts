import type { FastifyInstance } from 'fastify';
import { getSessionToken } from '../../domain/sessions/session.service.js';
import { GetSessionTokenRequest, GetSessionTokenResponse } from '../../schemas/session/get-session-token.schema.js';
import { checksumAuth, contextOf } from './auth.js';
import { SESSION_API, success } from './envelope.js';

/** POST /ppp/api/v1/getSessionToken.do: a session without an order yet. */
export function registerGetSessionToken(app: FastifyInstance): void {
  app.post<{ Body: GetSessionTokenRequest }>(
    `${SESSION_API}/getSessionToken.do`,
    {
      preValidation: checksumAuth(app, 'getSessionToken'),
      schema: {
        summary: 'Get a session token',
        description:
          'Starts a session without an order; openOrder may bind an order to its token. Checksum: merchantId, merchantSiteId, clientRequestId, timeStamp, then the merchant secret key.',
        tags: ['session'],
        body: GetSessionTokenRequest,
        response: { 200: GetSessionTokenResponse },
      },
    },
    async (request) => {
      const { clientRequestId } = request.body;
      const session = await getSessionToken(
        app.services.deps,
        contextOf(request),
        clientRequestId === undefined ? {} : { clientRequestId },
      );
      return success(request, { sessionToken: session.token });
    },
  );
}
