import type { FastifyInstance } from 'fastify';
import { Forbidden } from '../../domain/errors.js';
import { signAccessToken } from '../../security/jwt.js';
import { TokenRequest, TokenResponse } from '../../schemas/rest/oauth.schema.js';
import { ErrorResponse } from '../../schemas/rest/result.schema.js';
import { merchantOf, restAuth } from './auth.js';

export const ACCESS_TOKEN_TTL_S = 900;

/** POST /oauth2/token (ADR 0007): an API key buys a 15-minute access token with chosen scopes. */
export function registerOauthToken(app: FastifyInstance): void {
  app.post<{ Body: TokenRequest | undefined }>(
    '/oauth2/token',
    {
      onRequest: restAuth(app, { bearer: false }),
      schema: {
        summary: 'Obtain a merchant access token',
        description:
          'Client-credentials style: authenticate with `x-api-key`; the answer is a signed bearer token valid 900 seconds for the requested scopes (`payments`, `operations`).',
        tags: ['authentication'],
        security: [{ apiKey: [] }],
        body: TokenRequest,
        response: { 200: TokenResponse, '4xx': ErrorResponse, 500: ErrorResponse },
      },
      // The body is optional: no body means every scope.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => {
      const { services } = app;
      const ctx = merchantOf(request);
      if (ctx.keyType !== 'operations') throw new Forbidden('dispute keys cannot obtain access tokens');
      const scope = request.body?.scope ?? 'payments operations';
      const scopes = [...new Set(scope.split(' '))].join(' ');
      const iat = Math.floor(services.deps.clock.now() / 1000);
      const token = await signAccessToken(services.box, {
        sub: ctx.entityId,
        kid: ctx.keyId,
        scope: scopes,
        iat,
        exp: iat + ACCESS_TOKEN_TTL_S,
      });
      return { access_token: token, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_TTL_S, scope: scopes };
    },
  );
}
